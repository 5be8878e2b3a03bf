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
        if mode == .quick { problems += stillStanding(syncState.problems, besides: problems, pass) }
        let fresh = syncState.lastSyncMillis.map { now - $0 < 60_000 } ?? false
        if index != nil, !busy, fresh, pass.farFuture.isEmpty, problems == syncState.problems { return }
        syncState.lastSyncMillis = now
        syncState.problems = problems
        syncState.farFuture = try replica.stillFarFuture(syncState.farFuture + pass.farFuture, now: now)
        pass.report.durationMillis = context.device.clock.nowMillis() - pass.report.startedAt
        var summary = pass.report.json.objectValue ?? [:]
        summary["changes"] = nil
        summary["problems"] = nil
        syncState.lastReport = summary
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
            guard !seen.contains(problem), let relative = problem.recordsPath(inHousehold: pass.layout.directoryName)
            else { return false }
            switch problem.kind {
            case .brokenFile, .newerFormat, .unreadableFile, .symlink: break
            default: return false
            }
            let folder = parentPath(relative)
            guard pass.scan.index.directories[folder] != nil, !pass.scan.listed.contains(folder) else { return false }
            // Fixed in place since (write-back read it this pass): a record now.
            if pass.scan.index.entry(at: relative)?.isRecord == true { return false }
            return true
        }
    }

    /// Flushes the replica, or leaves it to the watcher once what the pass merged is published
    /// (`defersFlush`).
    func flushReplica(_ pass: inout PassState) throws(OursError) {
        if defersFlush { pass.flushDeferred = true } else { try context.flush(context.replica.directory) }
    }
}
