/// Writing a type's summary log whole, one line a record, rather than appending to it: when a
/// reader finds it missing (`rebuildSummaries`), and after a sync pass that saved every record
/// of a type the replica held none of (`writeSummaries`, see `SyncPass.saveOnRead`). Both run
/// under the device lock: a writer appending meanwhile would append to the log this replaces.
extension Replica {
    /// Builds a type's log from its records and returns their summaries.
    package func rebuildSummaries(ofType type: String) throws(OursError) -> [RecordSummary] {
        let keys = try self.keys(ofType: type)
        var states: [RecordState] = []
        states.reserveCapacity(keys.count)
        for stored in try stored(many: keys).values {
            // One an earlier version let grow past the limit is left out, as listings skip it.
            if case .state(let state) = stored, !state.isEmpty, RecordFile.encode(state).count <= RecordFile.maximumSize {
                states.append(state)
            }
        }
        try io { () throws(FileSystemError) in try writeSummaryLog(ofType: type, base: lines(of: states), appended: []) }
        return states.map(RecordSummary.init)
    }

    /// Writes a type's log from `lines` (made by `SummaryIndex.line`, one for each record)
    /// and `states`, which together must cover every record of the type the replica holds
    /// (none empty); a record in both stands as in `states`, whose lines follow the log's base
    /// as if appended. A log that cannot be written is removed: its next reader builds it.
    package func writeSummaries(ofType type: String, lines: [UInt8], _ states: [RecordState]) {
        do { try writeSummaryLog(ofType: type, base: lines, appended: self.lines(of: states)) } catch {
            try? fileSystem.remove(summaryIndex.path(of: type))
        }
    }

    /// Removes the logs of the types not in `held`: a log left by a pass cut short before its
    /// type's first record was saved (`summariesWillChange` starts a log first) must not stand
    /// for records saved without appending to it.
    package func removeSummaries(besides held: Set<String>) {
        let index = summaryIndex
        guard let entries = try? fileSystem.list(index.directory) else { return }
        for entry in entries where entry.name.hasSuffix(".log") && !held.contains(String(entry.name.dropLast(4))) {
            try? fileSystem.remove(joinPath(index.directory, entry.name))
        }
    }

    private func lines(of states: [RecordState]) -> [UInt8] {
        var lines: [UInt8] = []
        for line in states.concurrentMap(spreadFrom: 1024, SummaryIndex.line) { lines += line }
        return lines
    }

    /// A log whose base is `base`, one line a record, followed by `appended`.
    private func writeSummaryLog(ofType type: String, base: [UInt8], appended: [UInt8]) throws(FileSystemError) {
        let index = summaryIndex
        if try fileSystem.stat(index.directory) == nil { try fileSystem.createDirectory(index.directory) }
        try fileSystem.writeAtomically(
            index.path(of: type), SummaryIndex.header(type: type, base: base.count) + base + appended, durability: .deferred)
    }
}
