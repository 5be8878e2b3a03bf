/// A record as people and apps see it: its visible fields, and a little about its sync state.
public struct RecordSnapshot: Sendable, Equatable {
    /// The record.
    public var key: RecordKey
    /// The visible value of every present field, by field name.
    public var values: [String: JSONValue]
    /// Whether the record is deleted.
    public var isDeleted: Bool
    /// How many conflicts the record holds (see `RecordState.conflicts`).
    public var conflictCount: Int
    /// The stamp of the latest write.
    public var updatedAt: Stamp?

    /// The snapshot of a record's state.
    public init(_ state: RecordState) {
        key = state.key
        values = state.values
        isDeleted = state.isDeleted
        conflictCount = state.conflicts.count
        updatedAt = state.latestStamp
    }

    /// A snapshot of some of a record's values, without its sync facts (no conflicts, no stamp).
    public init(key: RecordKey, values: [String: JSONValue], isDeleted: Bool) {
        self.key = key
        self.values = values
        self.isDeleted = isDeleted
        conflictCount = 0
        updatedAt = nil
    }

    /// The record's `name` field, the human label, when it is text.
    public var name: String? { values["name"]?.stringValue }

    /// The record's fields at the top level, with the id and sync facts under the reserved key.
    public var json: JSONValue {
        var object = values
        var meta: [String: JSONValue] = ["id": .string(key.id), "type": .string(key.type)]
        if isDeleted { meta["deleted"] = true }
        if conflictCount > 0 { meta["conflicts"] = JSONValue(conflictCount) }
        if let updatedAt { meta["updatedAt"] = .string(UTCTime.iso8601(millis: updatedAt.millis)) }
        object[RecordFile.metadataKey] = .object(meta)
        return .object(object)
    }
}
