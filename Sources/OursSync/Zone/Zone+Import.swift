/// What one `Zone.importRecords` call did.
public struct ImportOutcome: Sendable, Equatable {
    /// How many objects were given.
    public var total: Int
    /// How many records were created or changed.
    public var written: Int
    /// How many records already held exactly the given values, so were left alone.
    public var unchanged: Int

    /// An outcome of `total` objects given, of which `written` and `unchanged` were done so far.
    public init(total: Int, written: Int = 0, unchanged: Int = 0) {
        self.total = total
        self.written = written
        self.unchanged = unchanged
    }

    /// How many objects were dealt with, written or found already there.
    public var done: Int { written + unchanged }
    /// Whether the import stopped (was asked to) before the last object.
    public var interrupted: Bool { done < total }
}

extension Zone {
    /// The id an imported object without one gets: derived from the object itself, so that
    /// importing the same objects again, whole or after an interruption, finds the records
    /// the first run made instead of adding new ones.
    ///
    /// Sixteen hex digits of the FNV-1a 64 digest of the record type, the object's canonical
    /// compact JSON (keys sorted), and `occurrence`: 0 for the first object with exactly
    /// these fields, 1 for the second, and so on, so that identical lines stay distinct records.
    public static func importID(type: String, fields: [String: JSONValue], occurrence: Int) -> String {
        var digest = Digest()
        digest.update(Array("import\u{1F}\(type)\u{1F}".utf8))
        digest.update(JSONWriter.compact(.object(fields)))
        digest.update(Array("\u{1F}\(occurrence)".utf8))
        let value = digest.value
        let digits = Array("0123456789abcdef")
        return String((0..<16).map { digits[Int(value >> UInt64(60 - 4 * $0) & 0xF)] })
    }

    /// Creates or updates many records, safe to run again: an object with an `id` under the
    /// reserved key updates that record; one without gets `importID(type:fields:occurrence:)`.
    /// Records are written in chunks, each under one lock and one flush, then written through
    /// to the folder; a record that already holds the given values is left alone.
    /// - Parameters:
    ///   - objects: each record's fields.
    ///   - chunkSize: how many records each chunk writes.
    ///   - progress: called after each chunk with (done, total).
    ///   - shouldStop: asked between chunks; `true` stops there, every finished chunk kept.
    /// - Returns: what was written, what was already there, and whether it stopped early.
    /// - Throws: `.usage` for a bad type, id or field (nothing is written then).
    @discardableResult
    public func importRecords(
        type: String, objects: [[String: JSONValue]], chunkSize: Int = 500,
        progress: ((Int, Int) -> Void)? = nil, shouldStop: (() -> Bool)? = nil
    ) throws(OursError) -> ImportOutcome {
        let prepared = try prepareImport(type: type, objects: objects)
        var outcome = ImportOutcome(total: prepared.count)
        var start = 0
        while start < prepared.count {
            if shouldStop?() == true { break }
            let chunk = prepared[start..<min(start + max(1, chunkSize), prepared.count)]
            let written = try importChunk(chunk)
            try context.writeThrough(written)
            outcome.written += written.count
            outcome.unchanged += chunk.count - written.count
            start = chunk.endIndex
            progress?(start, prepared.count)
        }
        return outcome
    }

    /// Checks every object and gives each its key, before anything is stored.
    private func prepareImport(
        type: String, objects: [[String: JSONValue]]
    ) throws(OursError) -> [(RecordKey, [String: JSONValue])] {
        guard RecordKey.isValidType(type) else { throw .usage(RecordKeyError.invalidType(type).description) }
        var prepared: [(RecordKey, [String: JSONValue])] = []
        var seen: [[UInt8]: Int] = [:]
        for (line, object) in objects.enumerated() {
            var fields = object
            var id = fields.removeValue(forKey: RecordFile.metadataKey)?["id"]?.stringValue
            do { try Zone.validate(fields: fields) } catch {
                throw .usage("record \(line + 1): \(error.message)")
            }
            // Before anything is stored: a record whose values alone pass the limit never fits.
            let canonical = JSONWriter.compact(.object(fields))
            if canonical.count > RecordFile.writeLimit {
                throw .usage(
                    "record \(line + 1) holds \(RecordState.describe(size: canonical.count)); a record may hold at most "
                        + RecordState.describe(size: RecordFile.writeLimit) + "; nothing was imported")
            }
            if id == nil {
                let occurrence = seen[canonical, default: 0]
                seen[canonical] = occurrence + 1
                id = Zone.importID(type: type, fields: fields, occurrence: occurrence)
            }
            let key: RecordKey
            do { key = try makeKey(type: type, id: id) } catch { throw .usage("record \(line + 1): \(error.message)") }
            prepared.append((key, fields))
        }
        return prepared
    }

    /// Writes one chunk under the device lock, skipping records that already hold the values.
    /// - Returns: the keys written.
    private func importChunk(_ chunk: ArraySlice<(RecordKey, [String: JSONValue])>) throws(OursError) -> [RecordKey] {
        try device.withLock { () throws(OursError) -> [RecordKey] in
            try requireWritable("import records")
            var keys: [RecordKey] = []
            var changes: [RecordChange] = []
            for (key, fields) in chunk {
                let previous = try replica.loadForRepair(key)
                if let previous, Zone.holds(previous, fields) { continue }
                var state = previous ?? RecordState(key: key)
                try device.observeOwnStamps(in: state)
                state.write(fields.mapValues { $0 }, at: try device.stamp())
                try saveLocalChange(state, previous: previous, durability: .deferred, noted: false)
                if let change = RecordChange.between(previous, state, manifest: ParticipantManifest()) { changes.append(change) }
                keys.append(key)
            }
            guard !keys.isEmpty else { return keys }
            try context.flush(replica.directory)
            context.noteChanges(changes, origin: .local, device: try device.requireIdentity().deviceID)
            return keys
        }
    }

    /// Whether a record, not deleted, already holds every given value (null meaning absent).
    static func holds(_ state: RecordState, _ fields: [String: JSONValue]) -> Bool {
        guard !state.isDeleted else { return false }
        let values = RecordSnapshot(state).values
        return fields.allSatisfy { name, value in value == .null ? values[name] == nil : values[name] == value }
    }
}
