/// One record that changed in this replica: merged from the folder, or changed on this device.
public struct RecordChange: Sendable, Hashable {
    /// How the record changed for a reader; the raw value is its name in JSON.
    public enum Kind: String, Sendable {
        /// It exists now and did not before: new, or revived after a deletion.
        case inserted
        /// It existed before and after, and the visible value of a field changed.
        case updated
        /// It existed before and does not now.
        case deleted
    }

    /// The record that changed.
    public var key: RecordKey
    /// How it changed.
    public var kind: Kind
    /// The participant whose write this was (their name), when known.
    public var by: String?
    /// The fields whose visible value changed.
    public var fields: [String]

    /// A change of the record `key`; `by` is the writer's name, `nil` when unknown.
    public init(key: RecordKey, kind: Kind, by: String?, fields: [String]) {
        self.key = key
        self.kind = kind
        self.by = by
        self.fields = fields
    }

    /// Compares a record before and after a merge; `nil` when nothing visible changed.
    public static func between(_ before: RecordState?, _ after: RecordState, manifest: ParticipantManifest) -> RecordChange? {
        // An empty record does not exist (see `RecordState.isEmpty`).
        let wasAlive = before.map { !$0.isDeleted && !$0.isEmpty } ?? false
        let isAlive = !after.isDeleted && !after.isEmpty
        guard wasAlive || isAlive else { return nil }
        let changed: [String]
        if let before {
            let oldValues = before.values
            let newValues = after.values
            changed = Set(oldValues.keys).union(newValues.keys).filter { oldValues[$0] != newValues[$0] }.sorted()
        } else {  // every field with a value is new (no dictionary of them needed)
            changed = after.fields.compactMap { $0.value.winner.value == nil ? nil : $0.key }.sorted()
        }
        let kind: Kind
        switch (wasAlive, isAlive) {
        case (false, true): kind = .inserted
        case (true, false): kind = .deleted
        case (true, true) where !changed.isEmpty: kind = .updated
        default: return nil
        }
        let by = after.latestStamp.flatMap { stamp in
            stamp.device.isHandEdit ? "a hand edit" : manifest.participant(forDevice: stamp.device)?.name
        }
        return RecordChange(key: after.key, kind: kind, by: by, fields: changed)
    }

    /// The change as JSON: `type`, `id`, `kind`, `fields`, and `by` when known.
    public var json: JSONValue {
        var object: [String: JSONValue] = [
            "type": .string(key.type), "id": .string(key.id), "kind": .string(kind.rawValue),
            "fields": .array(fields.map { .string($0) }),
        ]
        if let by { object["by"] = .string(by) }
        return .object(object)
    }
}
