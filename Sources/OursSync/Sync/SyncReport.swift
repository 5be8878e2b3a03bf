/// What one sync pass did.
///
/// `Zone.sync(progress:)` returns it. What an app most needs: `problems` (what could not be
/// read, written or accepted: show them, they do not make the pass fail), `changes` (what the
/// pass changed in this device's copy) and `lifecycle` (this device's membership ended). The
/// counts are for diagnostics.
public struct SyncReport: Sendable {
    /// Files in the household's folder looked at (by their size and times).
    public var filesScanned = 0
    /// Files whose contents were read (new or changed since the last pass, or checked).
    public var filesRead = 0
    /// Records whose replica state changed by merging the folder.
    public var recordsMerged = 0
    /// Files written to the folder (records and the household's documents).
    public var filesWritten = 0
    /// Files that were missing from the folder and written again from this device's copy; each
    /// is also a `restoredFile` problem.
    public var filesRestored = 0
    /// Conflict copies and stray copies merged and removed.
    public var copiesRemoved = 0
    /// Record files found edited by hand (by a person or another tool), whose edits were taken in.
    public var handEdits = 0
    /// The records this pass changed in this device's copy, and how.
    public var changes: [RecordChange] = []
    /// Set when this pass learnt that this device's membership ended (removed, dissolved).
    public var lifecycle: LifecycleEvent?
    /// Set when this device's own leave or dissolution (or a removal it had learnt) did not
    /// take effect after all, and the device follows the household's documents again.
    public var correction: MembershipCorrection?
    /// What went wrong with single files or writes; the pass went on without them.
    public var problems: [Problem] = []
    /// When the pass started, in milliseconds since 1970 (this device's clock).
    public var startedAt: Int64 = 0
    /// How long the pass took, in milliseconds.
    public var durationMillis: Int64 = 0

    init() {}

    /// The report as `ours sync --json` prints it (docs/JSON.md).
    public var json: JSONValue {
        [
            "filesScanned": JSONValue(filesScanned), "filesRead": JSONValue(filesRead),
            "recordsMerged": JSONValue(recordsMerged), "filesWritten": JSONValue(filesWritten),
            "filesRestored": JSONValue(filesRestored), "copiesRemoved": JSONValue(copiesRemoved),
            "handEdits": JSONValue(handEdits), "changes": .array(changes.map(\.json)),
            "problems": .array(problems.map(\.json)), "startedAt": .string(UTCTime.iso8601(millis: startedAt)),
            "durationMs": JSONValue(Int(durationMillis)),
            "lifecycle": lifecycle.map { .string($0.rawValue) } ?? .null,
            "correction": correction?.json ?? .null,
        ]
    }
}

/// How far a long sync pass has got, for a progress line on a terminal.
public struct SyncProgress: Sendable {
    /// A pass reads the folder's files, merges them into this device's copy, then writes back.
    public enum Phase: String, Sendable {
        /// Reading the folder's files, merging them into this device's copy, writing records back.
        case reading, merging, writing
    }

    /// What the pass is doing.
    public var phase: Phase
    /// Files (reading) or records (merging, writing) done so far in this phase.
    public var done: Int
    /// `nil` while the total is not known yet (reading the folder).
    public var total: Int?
}

/// Called now and then (every thousand files or records) during a long pass, on the thread
/// that runs it: keep it short, and hop to the main actor to update a screen.
public typealias SyncProgressHandler = @Sendable (SyncProgress) -> Void
