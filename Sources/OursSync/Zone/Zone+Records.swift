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
        try device.withLock { () throws(OursError) in
            try requireWritable("change records")
            let previous = try replica.loadForRepair(key)
            var state = previous ?? RecordState(key: key)
            try device.observeOwnStamps(in: state)
            state.write(fields, at: try device.stamp())
            try saveLocalChange(state, previous: previous)
        }
        try context.writeThrough([key])
        return key
    }

    /// Marks a record deleted (a stamped tombstone; the file stays, marked deleted).
    /// - Throws: `.notFound` when there is no such record.
    public func remove(_ key: RecordKey) throws(OursError) {
        try device.withLock { () throws(OursError) in
            try requireWritable("delete records")
            guard let previous = try replica.loadForRepair(key), !previous.isDeleted else {
                throw .notFound(
                    "no \(key.type) with id \"\(key.id)\" in \(name)", hint: "`ours record list \(key.type)` shows the ids.")
            }
            var state = previous
            try device.observeOwnStamps(in: state)
            state.delete(at: try device.stamp())
            try saveLocalChange(state, previous: previous)
        }
        try context.writeThrough([key])
    }

    /// The record, deleted or not; `nil` when this device has never seen it.
    public func get(_ key: RecordKey) throws(OursError) -> RecordSnapshot? {
        try replica.load(key).map(RecordSnapshot.init)
    }

    /// The full merged state of a record (every field's entries and conflicts).
    public func state(of key: RecordKey) throws(OursError) -> RecordState? {
        try replica.load(key)
    }

    /// Every record of a type that is not deleted, sorted by name then id.
    public func list(type: String, includeDeleted: Bool = false) throws(OursError) -> [RecordSnapshot] {
        guard RecordKey.isValidType(type) else { throw .usage(RecordKeyError.invalidType(type).description) }
        var result: [RecordSnapshot] = []
        for key in try replica.keys(ofType: type) {
            guard let state = try replica.loadIfReadable(key) else { continue }  // one too large fails alone
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
        guard !state.isEmpty else {
            // A record without a single write does not exist for readers (`RecordState.isEmpty`).
            throw .usage("nothing to save for \(state.key): give at least one field")
        }
        let (fitting, bytes) = state.shedding(toFit: RecordFile.writeLimit)
        let shrinks = previous.map { bytes.count < RecordFile.encode($0).count } ?? false
        guard bytes.count <= RecordFile.writeLimit || (shrinks && bytes.count <= RecordFile.maximumSize) else {
            throw .usage(
                "\(state.key) would be \(RecordState.describe(size: bytes.count)); a record may hold at most "
                    + RecordState.describe(size: RecordFile.writeLimit) + "; nothing was saved",
                hint: "Keep large data elsewhere (a file beside the household, a link) and store its name or link.")
        }
        if !isPrivate { try replica.markPending(state.key) }
        try replica.save(bytes, of: state.key, durability: durability)
        if noted { noteLocalChange(from: previous, to: fitting) }
    }

    /// Notes one record changed on this device (`previous` is its state before the change).
    func noteLocalChange(from previous: RecordState?, to state: RecordState) {
        guard !isPrivate, let change = RecordChange.between(previous, state, manifest: ParticipantManifest()) else { return }
        context.noteChanges([change], origin: .local, device: state.latestStamp?.device)
    }
}
