extension Zone {
    /// The summaries of every record of a type, deleted ones too, in no particular order:
    /// what listings show, counted and filtered without reading each record's file (see
    /// `RecordSummary`). Answers from the replica's summary index; the first call after it
    /// went missing or stale (a new build, a reboot, `ours doctor --fix`) rebuilds it from the
    /// records, under the device lock.
    /// Inside `Zone.write`, the records it staged are summarised as staged.
    public func summaries(ofType type: String) throws(OursError) -> [RecordSummary] {
        let stored = try storedSummaries(ofType: type)
        let staged = stagedRecords(ofType: type)
        guard !staged.isEmpty else { return stored }
        return stored.filter { staged[$0.key] == nil } + staged.values.map { RecordSummary($0.state) }
    }

    private func storedSummaries(ofType type: String) throws(OursError) -> [RecordSummary] {
        guard RecordKey.isValidType(type) else { throw .usage(RecordKeyError.invalidType(type).description) }
        if let summaries = try replica.summaries(ofType: type) { return summaries }
        return try device.withLock { () throws(OursError) -> [RecordSummary] in
            if let summaries = try replica.summaries(ofType: type) { return summaries }  // rebuilt meanwhile
            try replica.dropSummariesUnlessCurrent()
            return try replica.rebuildSummaries(ofType: type)
        }
    }

    /// The records of a type an open write on this thread staged (see `Zone.write`).
    private func stagedRecords(ofType type: String) -> [RecordKey: (previous: RecordState?, state: RecordState)] {
        guard let staged = device.staged(in: replica.directory) else { return [:] }
        return staged.records.filter { $0.key.type == type }
    }

    /// The live records of a type counted by the values of `fields` (`nil` for absent), among
    /// those that have the field `required`; the keys of the others, to read whole.
    package func summaryGroups(
        ofType type: String, by fields: [String], requiring required: String
    ) throws(OursError) -> (counts: [[JSONValue?]: Int], unsettled: [RecordKey]) {
        var (counts, unsettled) = try fromSummaries(type) { () throws(OursError) in
            try replica.summaryGroups(ofType: type, by: fields, requiring: required)
        }
        // A record an open write staged is read whole (`get` gives it as staged), no longer
        // counted as the index has it.
        let staged = stagedRecords(ofType: type)
        guard !staged.isEmpty else { return (counts, unsettled) }
        for (key, record) in staged {
            guard let previous = record.previous, !previous.isDeleted, !unsettled.contains(key) else { continue }
            let summary = RecordSummary(previous)
            guard summary.values[required] != nil else { continue }
            let group = fields.map { summary.values[$0] }
            counts[group] = (counts[group] ?? 1) - 1
            if counts[group] == 0 { counts[group] = nil }
        }
        return (counts, unsettled.filter { staged[$0] == nil } + staged.keys.sorted { $0.id < $1.id })
    }

    /// The keys of the live records of a type whose `field` holds one of `values` (`nil`: lacks
    /// it) by their summary, and of those whose summary cannot tell (no `required` field, a
    /// line to decode): to read whole.
    package func summaryKeys(
        ofType type: String, where field: String, isAnyOf values: [JSONValue?], orLacking required: String
    ) throws(OursError) -> [RecordKey] {
        let keys = try fromSummaries(type) { () throws(OursError) in
            try replica.summaryKeys(ofType: type, where: field, isAnyOf: values, orLacking: required)
        }
        let staged = stagedRecords(ofType: type)
        guard !staged.isEmpty else { return keys }
        let matching = staged.filter { _, record in
            let summary = RecordSummary(record.state)
            return !summary.isDeleted && (summary.values[required] == nil || values.contains(summary.values[field]))
        }
        return keys.filter { staged[$0] == nil } + matching.keys.sorted { $0.id < $1.id }
    }

    /// What `read` gives from the summary index, rebuilding it first when it must be.
    private func fromSummaries<T>(_ type: String, _ read: () throws(OursError) -> T?) throws(OursError) -> T {
        if let result = try read() { return result }
        _ = try summaries(ofType: type)
        guard let result = try read() else {
            throw .failed(
                "the summary index of the \(type) records in \(replica.directory) could not be read after it was rebuilt")
        }
        return result
    }

    /// How many records the replica holds, from the summary index.
    /// - Parameter includingDeleted: whether deleted records count (`ours status` counts them).
    public func recordCount(includingDeleted: Bool = true) throws(OursError) -> Int {
        var count = 0
        for type in try replica.types() {
            if let counted = try replica.summaryCount(ofType: type, includingDeleted: includingDeleted) {
                count += counted
            } else {
                count += try summaries(ofType: type).filter { includingDeleted || !$0.isDeleted }.count
            }
        }
        return count
    }
}

extension RecordSummary {
    /// The record as a snapshot holding only the indexed fields: for the model types' readers,
    /// which find every field they need there when their type indexes all of them.
    public var snapshot: RecordSnapshot {
        RecordSnapshot(key: key, values: values.filter { !$0.key.hasPrefix("#") }, isDeleted: isDeleted)
    }
}
