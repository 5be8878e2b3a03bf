extension Zone {
    /// Creates a record or changes some of its fields; `nil` (or JSON null) removes a field.
    /// - Parameters:
    ///   - type: the record type (`item`, `recipe`, …).
    ///   - id: the record's id; a new random one when `nil`.
    ///   - fields: the fields to set.
    /// - Returns: the record's key.
    /// - Throws: `.notPermitted` for a read-only member, `.usage` for a bad type, id or field.
    @discardableResult
    public func put(type: String, id: String? = nil, fields: [String: JSONValue?]) throws(OursError) -> RecordKey {
        let key = try makeKey(type: type, id: id)
        try Zone.validate(fields: fields)
        try write { () throws(OursError) in
            try requireWritable("change records")
            let (current, stored) = try current(key)
            var state = current ?? RecordState(key: key)
            try device.observeOwnStamps(in: state)
            state.write(fields, at: try device.stampForStagedRecord())
            try stage(state, previous: stored)
        }
        return key
    }

    /// Marks a record deleted (a stamped tombstone; the file stays, marked deleted).
    /// - Throws: `.notFound` when there is no such record.
    public func remove(_ key: RecordKey) throws(OursError) {
        try write { () throws(OursError) in
            try requireWritable("delete records")
            let (current, stored) = try current(key)
            guard var state = current, !state.isDeleted else {
                throw .notFound(
                    "no \(key.type) with id \"\(key.id)\" in \(name)", hint: "`ours record list \(key.type)` shows the ids.")
            }
            try device.observeOwnStamps(in: state)
            state.delete(at: try device.stampForStagedRecord())
            try stage(state, previous: stored)
        }
    }

    /// The record, deleted or not; `nil` when this device has never seen it. Inside `write`,
    /// as the write left it.
    public func get(_ key: RecordKey) throws(OursError) -> RecordSnapshot? {
        try state(of: key).map(RecordSnapshot.init)
    }

    /// The full merged state of a record (every field's entries and conflicts).
    public func state(of key: RecordKey) throws(OursError) -> RecordState? {
        if let staged = device.staged(in: replica.directory)?.records[key] { return staged.state }
        return try replica.load(key)
    }

    /// Every record of a type that is not deleted, sorted by name then id.
    public func list(type: String, includeDeleted: Bool = false) throws(OursError) -> [RecordSnapshot] {
        guard RecordKey.isValidType(type) else { throw .usage(RecordKeyError.invalidType(type).description) }
        var result: [RecordSnapshot] = []
        let staged = device.staged(in: replica.directory)?.records ?? [:]
        let stored = try replica.keys(ofType: type)
        let known = Set(stored)
        for key in stored + staged.keys.filter({ $0.type == type && !known.contains($0) }) {
            let state: RecordState?
            // One too large fails alone.
            if let held = staged[key] { state = held.state } else { state = try replica.loadIfReadable(key) }
            guard let state else { continue }
            if includeDeleted || !state.isDeleted { result.append(RecordSnapshot(state)) }
        }
        return result.sorted { ($0.name?.lowercased() ?? "", $0.key.id) < ($1.name?.lowercased() ?? "", $1.key.id) }
    }

    func makeKey(type: String, id: String?) throws(OursError) -> RecordKey {
        do { return try RecordKey(type: type, id: id ?? RecordKey.newID()) } catch { throw .usage(error.description) }
    }

    static func validate(fields: [String: JSONValue?]) throws(OursError) {
        for name in fields.keys {
            if name == RecordFile.metadataKey {
                throw .usage("\"\(RecordFile.metadataKey)\" is reserved for sync metadata and cannot be a field")
            }
            if name.isEmpty { throw .usage("a field name must not be empty") }
        }
    }

    /// Saves a record changed on this device and remembers it must reach the folder.
    func saveLocalChange(_ state: RecordState, durability: Durability = .immediate) throws(OursError) {
        let previous = isPrivate ? nil : try replica.loadForRepair(state.key)
        try saveLocalChange(state, previous: previous, durability: durability)
    }

    /// Saves a record changed on this device, remembers it must reach the folder, and (unless
    /// the caller notes a whole batch itself) notes the change for watchers. The one gate every
    /// local write passes: nothing is stored that a record may not hold.
    /// - Throws: `.usage` for a record with nothing in it, or one larger than the size limit
    ///   once its history is shed; nothing is stored then.
    func saveLocalChange(
        _ state: RecordState, previous: RecordState?, durability: Durability = .immediate, noted: Bool = true
    ) throws(OursError) {
        let (fitting, bytes) = try Zone.fitting(state, previous: previous)
        if !isPrivate { try replica.markPending(state.key) }
        try replica.save(bytes, of: state.key, durability: durability)
        if noted { noteLocalChanges([(previous, fitting)]) }
    }

    /// Notes records changed on this device, as one batch for watchers (`previous`: each one's
    /// state before the change).
    func noteLocalChanges(_ changed: [(previous: RecordState?, state: RecordState)]) {
        guard !isPrivate else { return }
        let changes = changed.compactMap { RecordChange.between($0.previous, $0.state, manifest: ParticipantManifest()) }
        context.noteChanges(changes, origin: .local, device: changed.last?.state.latestStamp?.device)
    }
}
