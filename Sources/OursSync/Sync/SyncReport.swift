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
