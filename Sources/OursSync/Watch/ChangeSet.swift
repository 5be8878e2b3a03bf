import Foundation

/// The records that changed in one poll, from one origin.
public struct ChangeSet: Sendable, Equatable {
    /// Where the changes came from: the shared folder, or this device.
    public var origin: ChangeOrigin
    /// Each record that changed, in the order the changes were made. A record changed twice
    /// in one poll appears twice.
    public var changes: [RecordChange]
    /// How many more records changed than `changes` lists: a big batch (a join, an import) is
    /// counted rather than listed. `nil` when the number is unknown (the watcher fell behind the
    /// replica's journal). Anything but zero means: reload what you show.
    public var unlisted: Int?
    /// The record types of the unlisted changes, when known.
    public var unlistedTypes: [String]
    /// When the watcher published it (wall-clock milliseconds).
    public var at: Int64

    /// A change set published at `at`, in milliseconds since 1970-01-01 UTC.
    public init(origin: ChangeOrigin, changes: [RecordChange], unlisted: Int? = 0, unlistedTypes: [String] = [], at: Int64) {
        self.origin = origin
        self.changes = changes
        self.unlisted = unlisted
        self.unlistedTypes = unlistedTypes
        self.at = at
    }

    /// Whether `changes` lists every record that changed.
    public var isComplete: Bool { unlisted == 0 }
}

extension ChangeSet {
    /// When the watcher published it.
    public var date: Date { Date(timeIntervalSince1970: Double(at) / 1000) }
}
