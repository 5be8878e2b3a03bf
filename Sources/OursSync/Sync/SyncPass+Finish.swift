extension SyncPass {
    /// Saves the folder index (unless a watcher keeps it in memory) and the sync state.
    func finish(_ pass: inout PassState, records: Int?) throws(OursError) -> Outcome {
        let saveIndex = index == nil || (pass.scan.changed && persistIndex)
        if saveIndex { try context.replica.saveFolderIndex(pass.scan.index) }
        pass.syncState.rejectionPolicy = pass.policy
        try saveState(&pass, busy: pass.scan.changed || !pass.report.changes.isEmpty || pass.policyChanged)
        return Outcome(
            report: pass.report, index: pass.scan.index, indexUnsaved: pass.scan.changed && !saveIndex, records: records)
    }

    /// Records the pass for `ours status`. An idle pass of a watcher writes nothing, unless
    /// the last record is a minute old: polling stays nearly free.
    private func saveState(_ pass: inout PassState, busy: Bool) throws(OursError) {
        let replica = context.replica
        let now = pass.now
        var syncState = pass.syncState
        let problems = pass.report.problems.filter { $0.kind != .restoredFile }
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
        try context.flush(replica.directory)
    }
}
