extension SyncPass {
    /// Records the pass for `ours status`. An idle pass of a watcher writes nothing, unless
    /// the last record is a minute old: polling stays nearly free.
    func saveState(
        _ loaded: SyncState, report: inout SyncReport, farFuture: [SyncState.FarFutureStamp], now: Int64, busy: Bool
    ) throws(OursError) {
        let replica = context.replica
        var syncState = loaded
        let problems = report.problems.filter { $0.kind != .restoredFile }
        let fresh = syncState.lastSyncMillis.map { now - $0 < 60_000 } ?? false
        if index != nil, !busy, fresh, farFuture.isEmpty, problems == syncState.problems { return }
        syncState.lastSyncMillis = now
        syncState.problems = problems
        syncState.farFuture = try replica.stillFarFuture(syncState.farFuture + farFuture, now: now)
        report.durationMillis = context.device.clock.nowMillis() - report.startedAt
        var summary = report.json.objectValue ?? [:]
        summary["changes"] = nil
        summary["problems"] = nil
        syncState.lastReport = summary
        try replica.saveSyncState(syncState)
        try context.flush(replica.directory)
    }
}
