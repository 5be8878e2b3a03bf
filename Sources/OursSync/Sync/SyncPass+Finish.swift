extension SyncPass {
    /// Saves the folder index (unless a watcher keeps it in memory) and the sync state.
    func finish(_ pass: inout PassState, records: Int?) throws(OursError) -> Outcome {
        let saveIndex = index == nil || (pass.scan.changed && persistIndex)
        if saveIndex { try context.replica.saveFolderIndex(pass.scan.index) }
        pass.syncState.rejectionPolicy = pass.policy
        let wroteChanged = pass.syncState.wroteRecords != pass.canWriteRecords
        pass.syncState.wroteRecords = pass.canWriteRecords
        try saveState(
            &pass, busy: pass.scan.changed || !pass.report.changes.isEmpty || pass.policyChanged || wroteChanged)
        return Outcome(
            report: pass.report, index: pass.scan.index, indexUnsaved: pass.scan.changed && !saveIndex, records: records)
    }

    /// Records the pass for `ours status`. An idle pass of a watcher writes nothing, unless
    /// the last record is a minute old: polling stays nearly free.
    private func saveState(_ pass: inout PassState, busy: Bool) throws(OursError) {
        let replica = context.replica
        let now = pass.now
        var syncState = pass.syncState
        var problems = pass.report.problems.filter { $0.kind != .restoredFile }
        var carried: [ProblemCount] = []
        if mode == .quick {
            problems += stillStanding(syncState.problems, besides: problems, pass)
            carried = stillStanding(syncState.moreProblems, pass)
        }
        syncState.keep(problems, carrying: carried)
        let fresh = syncState.lastSyncMillis.map { now - $0 < 60_000 } ?? false
        if index != nil, !busy, fresh, pass.farFuture.isEmpty, syncState.problems == pass.syncState.problems,
            syncState.moreProblems == pass.syncState.moreProblems, pass.syncState.unreadable == nil
        {
            return
        }
        syncState.lastSyncMillis = now
        syncState.keep(farFuture: try replica.stillFarFuture(syncState.farFuture + pass.farFuture, now: now), now: now)
        pass.report.durationMillis = context.device.clock.nowMillis() - pass.report.startedAt
        var summary = pass.report.json.objectValue ?? [:]
        summary["changes"] = nil
        summary["problems"] = nil
        syncState.lastReport = summary
        syncState.unreadable = nil
        syncState.lostBecause = nil
        try replica.saveSyncState(syncState)
        try flushReplica(&pass)
    }

    /// What a quick pass cannot have seen again: problems of files in folders it did not list
    /// (a named pipe, a link, a name that is not UTF-8, a broken file), which the last pass
    /// that listed them reported. Nothing there changed since (a folder's stat moves when a
    /// file is added, removed or renamed in it), so they stand, and `ours status` keeps showing
    /// them while a watcher runs; a stat pass or sweep lists every folder and tells again.
    private func stillStanding(_ stored: [Problem], besides current: [Problem], _ pass: PassState) -> [Problem] {
        let seen = Set(current)
        return stored.filter { problem in
            guard !seen.contains(problem), SyncPass.standsUnlisted(problem.kind),
                let relative = problem.recordsPath(inHousehold: pass.layout.directoryName),
                isUnlisted(parentPath(relative), pass)
            else { return false }
            // Fixed in place since (write-back read it this pass): a record now.
            if pass.scan.index.entry(at: relative)?.isRecord == true { return false }
            return true
        }
    }

    /// The same for the problems the last pass counted rather than kept: those of a folder
    /// this pass did not list stand, all of them.
    private func stillStanding(_ counted: [ProblemCount], _ pass: PassState) -> [ProblemCount] {
        counted.filter { count in
            guard SyncPass.standsUnlisted(count.kind),
                let folder = count.recordsFolder(inHousehold: pass.layout.directoryName)
            else { return false }
            return isUnlisted(folder, pass)
        }
    }

    /// Whether a problem of this kind lasts as long as its folder is unchanged.
    private static func standsUnlisted(_ kind: Problem.Kind) -> Bool {
        switch kind {
        case .brokenFile, .newerFormat, .unreadableFile, .symlink: true
        default: false
        }
    }

    /// Whether a folder (relative to the household's) is known to the index and was not
    /// listed by this pass.
    private func isUnlisted(_ folder: String, _ pass: PassState) -> Bool {
        pass.scan.index.directories[folder] != nil && !pass.scan.listed.contains(folder)
    }

    /// Flushes the replica, or leaves it to the watcher once what the pass merged is published
    /// (`defersFlush`).
    func flushReplica(_ pass: inout PassState) throws(OursError) {
        if defersFlush { pass.flushDeferred = true } else { try context.flush(context.replica.directory) }
    }
}
