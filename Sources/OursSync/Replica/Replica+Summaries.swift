/// Keeping and reading the summary index (see `SummaryIndex`). Writers call `willChange`
/// before replacing or removing record files and `didChange` after; both hold the device lock.
/// The index is a cache: a failure to append to it drops the type's log (rebuilt by the next
/// reader) and never fails the write of a record.
extension Replica {
    var summaryIndex: SummaryIndex { SummaryIndex(fileSystem: fileSystem, replicaDirectory: directory) }

    /// Notes that writes of `keys` are under way, in the logs that exist. A type's first
    /// records start its log (empty, so complete): a first sync leaves an index behind.
    func summariesWillChange(_ keys: [RecordKey]) {
        for (type, keys) in Dictionary(grouping: keys, by: \.type) {
            startSummariesIfFirst(type)
            appendSummaryLines(keys.flatMap { SummaryIndex.intent($0.id) }, type: type)
        }
    }

    private func startSummariesIfFirst(_ type: String) {
        let index = summaryIndex
        guard (try? fileSystem.stat(joinPath(recordsDirectory, type))) == .some(nil),
            (try? fileSystem.stat(index.path(of: type))) == .some(nil)
        else { return }
        do throws(FileSystemError) {
            if try fileSystem.stat(index.directory) == nil { try fileSystem.createDirectory(index.directory) }
            try fileSystem.writeAtomically(index.path(of: type), SummaryIndex.header(type: type, base: 0), durability: .deferred)
        } catch {
            try? fileSystem.remove(index.path(of: type))
        }
    }

    /// Notes what `keys` hold now: their states, or (for a key without one) removal.
    func summariesDidChange(_ keys: [RecordKey], states: (RecordKey) -> RecordState?) {
        attachmentRefsDidChange(keys, states: states)
        for (type, keys) in Dictionary(grouping: keys, by: \.type) {
            let lines = keys.flatMap { key in states(key).map(SummaryIndex.line) ?? SummaryIndex.removal(key.id) }
            guard let before = appendSummaryLines(lines, type: type) else { continue }
            // Looked at each time the log's size passes a power of two: a cost in step with what was appended.
            let after = before + lines.count
            if after >= 1 << 20, after.leadingZeroBitCount < before.leadingZeroBitCount { compactSummaries(type) }
        }
    }

    /// Appends to a type's log when it exists; on failure removes it.
    /// - Returns: the log's size before, `nil` when nothing was appended.
    @discardableResult
    private func appendSummaryLines(_ lines: [UInt8], type: String) -> Int? {
        let path = summaryIndex.path(of: type)
        do throws(FileSystemError) {
            guard let stat = try fileSystem.stat(path), stat.kind == .file else { return nil }
            try fileSystem.append(path, lines)
            return Int(stat.size)
        } catch {
            try? fileSystem.remove(path)
            return nil
        }
    }

    /// Forgets every log (`ours doctor --fix`, or a replica changed behind the index's back):
    /// the next reader of each type rebuilds it.
    package func dropSummaries() throws(OursError) {
        let index = summaryIndex
        guard try exists(index.directory) else { return }
        try io { () throws(FileSystemError) in
            for entry in try fileSystem.list(index.directory) { try fileSystem.remove(joinPath(index.directory, entry.name)) }
        }
    }

    // MARK: Writers that keep no index

    /// Notes that the index has seen every change the replica's change journal holds: called
    /// after each append to the journal, by the writer that also kept the index.
    func markSummariesCurrent() {
        let index = summaryIndex
        guard (try? fileSystem.stat(index.directory)) != nil else { return }  // no index to vouch for
        let mark = Array(journalStamp().utf8)
        if (try? fileSystem.writeAtomically(index.markPath, mark, durability: .deferred)) == nil {
            try? fileSystem.remove(index.markPath)
        }
    }

    /// Whether every change the journal holds was made by a writer that kept the index. A build
    /// before the index journals its changes too, but never marks them: a device moved back to
    /// one and forward again finds the journal past the mark, and its logs are rebuilt.
    func summariesSawTheJournal() -> Bool {
        let mark = (try? fileSystem.read(summaryIndex.markPath, limit: 256)).map { String(decoding: $0, as: UTF8.self) }
        return (mark ?? "none\n") == journalStamp()  // no mark: nothing may have been journaled
    }

    /// The journal's current segment as the mark records it: its inode and size.
    private func journalStamp() -> String {
        guard let stat = try? fileSystem.stat(journal.currentPath) else { return "none\n" }
        return "\(stat.inode) \(stat.size)\n"
    }

    /// Drops every log unless the index saw every change the journal holds. Under the device lock.
    package func dropSummariesUnlessCurrent() throws(OursError) {
        guard !summariesSawTheJournal() else { return }
        try dropSummaries()
        try io { () throws(FileSystemError) in
            let index = summaryIndex
            if try fileSystem.stat(index.directory) == nil { try fileSystem.createDirectory(index.directory) }
        }
        markSummariesCurrent()
    }

    // MARK: Reading

    /// The summaries of every record of a type, from its log; `nil` when the log is missing or
    /// not valid and must be rebuilt (`rebuildSummaries`, under the device lock).
    package func summaries(ofType type: String) throws(OursError) -> [RecordSummary]? {
        guard let log = try summaryLog(ofType: type) else { return nil }
        var result: [RecordSummary] = []
        var valid = true
        try log.forEach { (id, last) throws(OursError) in
            guard let key = summaryKey(type, id) else { return valid = false }
            if let summary = try summary(of: key, last) { result.append(summary) }
        }
        return valid ? result : nil
    }

    /// How many records of a type the log holds; `nil` when it must be rebuilt.
    package func summaryCount(ofType type: String, includingDeleted: Bool) throws(OursError) -> Int? {
        guard let log = try summaryLog(ofType: type) else { return nil }
        var count = 0
        var valid = true
        try log.forEach { (id, last) throws(OursError) in
            switch last {
            case .removed: return
            case .summary(let rest):
                // `\t<0|1>…`: the flag is the second byte.
                if includingDeleted || rest.dropFirst().first != UInt8(ascii: "1") { count += 1 }
            case .pending:
                guard let key = summaryKey(type, id) else { return valid = false }
                if let state = try loadIfReadable(key), includingDeleted || !state.isDeleted { count += 1 }
            }
        }
        return valid ? count : nil
    }

    /// The live records of a type counted by the values of `fields`, among those that have
    /// `required`; the keys of live records without it are returned for the caller to read.
    /// `nil` when the log must be rebuilt. Counts straight from the log's bytes, by the span
    /// of columns the fields cover: no allocation a line.
    package func summaryGroups(
        ofType type: String, by fields: [String], requiring required: String
    ) throws(OursError) -> (counts: [[JSONValue?]: Int], unsettled: [RecordKey])? {
        let names = RecordSummary.fields(of: type)
        let columns = fields.compactMap { names.firstIndex(of: $0) }
        guard columns.count == fields.count, let first = columns.min(), let last = columns.max(),
            let requiredColumn = names.firstIndex(of: required)
        else { return nil }
        var spans = SpanCounter()
        var counts: [[JSONValue?]: Int] = [:]
        let unsettled = try scanLiveSummaries(ofType: type) { rest, ranges in
            guard !ranges[requiredColumn + 1].isEmpty else { return true }
            spans.add(rest[ranges[first + 1].lowerBound..<ranges[last + 1].upperBound])
            return false
        } unsure: { (key, last) throws(OursError) in
            guard let summary = try summary(of: key, last), !summary.isDeleted else { return false }
            guard summary.values[required] != nil else { return true }
            counts[fields.map { summary.values[$0] }, default: 0] += 1
            return false
        }
        guard let unsettled else { return nil }
        for (span, count) in spans.counts {
            // Split as a line's rest is split; the span's columns start at `first`.
            let spanned = SummaryIndex.columns([0x09] + span)
            var values: [JSONValue?] = []
            for column in columns {
                let text = spanned[column - first]
                if text.isEmpty {
                    values.append(nil)
                } else {
                    guard let value = SummaryIndex.decodeValue(text) else { return nil }
                    values.append(value)
                }
            }
            counts[values, default: 0] += count
        }
        return (counts, unsettled)
    }

    /// The live records of a type whose `field` holds one of `values` (`nil`: lacks it), or
    /// which lack `required` (for the caller to read and decide); `nil` when the log must be
    /// rebuilt.
    package func summaryKeys(
        ofType type: String, where field: String, isAnyOf values: [JSONValue?], orLacking required: String
    ) throws(OursError) -> [RecordKey]? {
        let names = RecordSummary.fields(of: type)
        guard let column = names.firstIndex(of: field), let requiredColumn = names.firstIndex(of: required) else { return nil }
        let wanted = values.map { $0.map(JSONWriter.compact) ?? [] }  // an absent field's column is empty
        return try scanLiveSummaries(ofType: type) { rest, ranges in
            let value = rest[ranges[column + 1]]
            return ranges[requiredColumn + 1].isEmpty || wanted.contains { value.elementsEqual($0) }
                || value.contains(UInt8(ascii: "\\"))  // an escaped form: decided by the file
        } unsure: { _, _ in
            true
        }
    }

    /// Walks a type's log and returns the keys picked: `pick` sees each live record's summary
    /// line (its rest and column ranges), `unsure` each record whose last line leaves it to
    /// its file. Deleted and removed records are skipped. `nil` when the log must be rebuilt
    /// (missing, not valid, a line of the wrong shape, an id that is not one).
    private func scanLiveSummaries(
        ofType type: String, pick: (_ rest: ArraySlice<UInt8>, _ ranges: [Range<Int>]) -> Bool,
        unsure: (_ key: RecordKey, _ last: SummaryLog.Last) throws(OursError) -> Bool
    ) throws(OursError) -> [RecordKey]? {
        guard let log = try summaryLog(ofType: type) else { return nil }
        let columnCount = RecordSummary.fields(of: type).count + 1
        var picked: [RecordKey] = []
        var valid = true
        var ranges: [Range<Int>] = []
        try log.forEach { (id, last) throws(OursError) in
            guard valid else { return }
            switch last {
            case .removed: return
            case .summary(let rest):
                SummaryIndex.columnRanges(rest, into: &ranges)
                guard ranges.count == columnCount else { return valid = false }
                guard rest[ranges[0]].first == UInt8(ascii: "0"), pick(rest, ranges) else { return }  // `1`: deleted
            case .pending:
                guard let key = summaryKey(type, id) else { return valid = false }
                if try unsure(key, last) { picked.append(key) }
                return
            }
            guard let key = summaryKey(type, id) else { return valid = false }
            picked.append(key)
        }
        return valid ? picked : nil
    }

    private func summaryLog(ofType type: String) throws(OursError) -> SummaryLog? {
        guard summariesSawTheJournal() else { return nil }
        let bytes: [UInt8]
        do throws(FileSystemError) { bytes = try fileSystem.readLocked(summaryIndex.path(of: type), limit: Int(Int32.max)) } catch
        {
            if error.reason == .notFound || error.reason == .notADirectory { return nil }
            if case .tooLarge = error.reason { return nil }  // a cache past its reader's limit: rebuilt, smaller
            throw .io(error)
        }
        return SummaryLog(bytes, type: type)
    }

    private func summaryKey(_ type: String, _ id: ArraySlice<UInt8>) -> RecordKey? {
        let id = String(decoding: id, as: UTF8.self)
        return RecordKey.isValidID(id) ? RecordKey(unchecked: type, id: id) : nil
    }

    /// The summary an id's last line gives: decoded, or read from the record's file when the
    /// line says a write was under way or is damaged.
    private func summary(of key: RecordKey, _ last: SummaryLog.Last) throws(OursError) -> RecordSummary? {
        switch last {
        case .removed: return nil
        case .summary(let rest):
            if let summary = SummaryIndex.summary(of: key, rest) { return summary }
            return try loadIfReadable(key).map(RecordSummary.init)
        case .pending: return try loadIfReadable(key).map(RecordSummary.init)
        }
    }

    /// Compacts the logs of `types` whose appended lines are more than half of them: after a
    /// pass that merged a great many records (a first sync), so readers need not fold them.
    package func compactSummaries(_ types: Set<String>) {
        for type in types { compactSummaries(type) }
    }

    /// Rewrites a log with one line per record when most of its lines are superseded or were
    /// appended after its base. Under the device lock, as every writer is.
    private func compactSummaries(_ type: String) {
        guard let log = try? summaryLog(ofType: type) else { return }
        var body: [UInt8] = []
        log.forEach { (id, last) in
            switch last {
            case .removed: return
            case .summary(let rest): body += [UInt8(ascii: "=")] + id + rest + [0x0A]
            case .pending:
                guard let key = summaryKey(type, id), let state = try? loadIfReadable(key) else { return }
                body += SummaryIndex.line(state)
            }
        }
        guard body.count * 2 < log.bytes.count || (log.bytes.count - log.base.upperBound) * 2 > log.bytes.count else { return }
        let path = summaryIndex.path(of: type)
        let header = SummaryIndex.header(type: type, base: body.count)
        if (try? fileSystem.writeAtomically(path, header + body, durability: .deferred)) == nil { try? fileSystem.remove(path) }
    }
}
