/// What one sync pass did.
public struct SyncReport: Sendable {
    public var filesScanned = 0
    public var filesRead = 0
    /// Records whose replica state changed by merging the folder.
    public var recordsMerged = 0
    public var filesWritten = 0
    public var filesRestored = 0
    /// Conflict copies and stray copies merged and removed.
    public var copiesRemoved = 0
    public var handEdits = 0
    public var changes: [RecordChange] = []
    /// Set when this pass learnt that this device's membership ended (removed, dissolved).
    public var lifecycle: LifecycleEvent?
    public var problems: [Problem] = []
    public var startedAt: Int64 = 0
    public var durationMillis: Int64 = 0

    public init() {}

    public var json: JSONValue {
        [
            "filesScanned": JSONValue(filesScanned), "filesRead": JSONValue(filesRead),
            "recordsMerged": JSONValue(recordsMerged), "filesWritten": JSONValue(filesWritten),
            "filesRestored": JSONValue(filesRestored), "copiesRemoved": JSONValue(copiesRemoved),
            "handEdits": JSONValue(handEdits), "changes": .array(changes.map(\.json)),
            "problems": .array(problems.map(\.json)), "startedAt": .string(UTCTime.iso8601(millis: startedAt)),
            "durationMs": JSONValue(Int(durationMillis)),
            "lifecycle": lifecycle.map { .string($0.rawValue) } ?? .null,
        ]
    }
}

/// One record that changed in this replica because of a sync.
public struct RecordChange: Sendable, Hashable {
    public enum Kind: String, Sendable { case inserted, updated, deleted }

    public var key: RecordKey
    public var kind: Kind
    /// The participant whose write this was (their name), when known.
    public var by: String?
    /// The fields whose visible value changed.
    public var fields: [String]

    public init(key: RecordKey, kind: Kind, by: String?, fields: [String]) {
        self.key = key
        self.kind = kind
        self.by = by
        self.fields = fields
    }

    /// Compares a record before and after a merge; `nil` when nothing visible changed.
    public static func between(_ before: RecordState?, _ after: RecordState, manifest: ParticipantManifest) -> RecordChange? {
        let wasAlive = before.map { !$0.isDeleted } ?? false
        let isAlive = !after.isDeleted
        let oldValues = before?.values ?? [:]
        let newValues = after.values
        let changed = Set(oldValues.keys).union(newValues.keys).filter { oldValues[$0] != newValues[$0] }.sorted()
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

    public var json: JSONValue {
        var object: [String: JSONValue] = [
            "type": .string(key.type), "id": .string(key.id), "kind": .string(kind.rawValue),
            "fields": .array(fields.map { .string($0) }),
        ]
        if let by { object["by"] = .string(by) }
        return .object(object)
    }
}

/// How far a long sync pass has got, for a progress line on a terminal.
public struct SyncProgress: Sendable {
    public enum Phase: String, Sendable {
        case reading, merging, writing
    }

    public var phase: Phase
    public var done: Int
    /// `nil` while the total is not known yet (reading the folder).
    public var total: Int?
}

public typealias SyncProgressHandler = @Sendable (SyncProgress) -> Void
