/// One write of one field: the value (or `nil` when the write removed the field), its stamp,
/// and what the writer had seen when it wrote.
public struct FieldEntry: Sendable, Hashable {
    /// The value written; `nil` when the write removed the field.
    public var value: JSONValue?
    /// When, and by which device, the write was made.
    public var stamp: Stamp
    /// The writer's view of the record when it wrote: any entry this covers was seen, so this
    /// write supersedes it whatever the stamps say.
    public var seen: VersionVector
    /// The entries this write superseded when it was made (without their own), highest stamp
    /// first. They come back if the write is later ignored — its writer turns out to have been
    /// removed before it, by the stamps — so ignoring a write never loses what it replaced.
    public var replaced: [FieldEntry]

    /// A write; a JSON `null` value is stored as `nil` (a file cannot tell them apart), the
    /// writer's own device is left out of `seen`, and `replaced` is kept unique and in order.
    public init(value: JSONValue?, stamp: Stamp, seen: VersionVector = VersionVector(), replaced: [FieldEntry] = []) {
        // A file cannot tell a `null` field from an absent one, so neither may an entry.
        self.value = value == .null ? nil : value
        self.stamp = stamp
        self.seen = seen.removing(device: stamp.device)
        self.replaced = FieldEntry.canonical(replaced.filter { $0.stamp != stamp }.map(\.withoutReplaced))
    }

    /// The same write, whatever each copy says it replaced (compared without copying anything:
    /// this runs on every insert of every merge).
    func isSameWrite(as other: FieldEntry) -> Bool {
        stamp == other.stamp && value == other.value && seen == other.seen
    }

    /// The entry alone, without what it replaced.
    public var withoutReplaced: FieldEntry {
        var copy = self
        copy.replaced = []
        return copy
    }

    /// The same write with what both copies say it replaced (copies differ only when a file
    /// lost the list, for instance one a person edited).
    func adding(replaced more: [FieldEntry]) -> FieldEntry {
        var copy = self
        copy.replaced = FieldEntry.canonical(replaced + more)
        return copy
    }

    /// Unique, in register order.
    static func canonical(_ entries: [FieldEntry]) -> [FieldEntry] {
        var unique: [FieldEntry] = []
        for entry in entries where !unique.contains(entry) { unique.append(entry) }
        return unique.sorted(by: FieldRegister.precedes)
    }

    /// Whether this write was made by a writer that had seen `other`.
    public func supersedes(_ other: Stamp) -> Bool {
        if other.device == stamp.device { return other < stamp }
        return seen.covers(other)
    }
}

/// A record's deletion: a stamped tombstone, what the deleting device had seen, and the
/// deletions it superseded (they come back if this one is ignored, as for `FieldEntry`).
public struct DeletionEntry: Sendable, Hashable {
    /// When, and by which device, the record was deleted.
    public var stamp: Stamp
    /// The deleting device's view of the record when it deleted it.
    public var seen: VersionVector
    /// The deletions this one superseded (without their own), as `FieldEntry.replaced`.
    public var replaced: [DeletionEntry]

    /// A deletion; the deleting device is left out of `seen`, and `replaced` is kept unique.
    public init(stamp: Stamp, seen: VersionVector = VersionVector(), replaced: [DeletionEntry] = []) {
        self.stamp = stamp
        self.seen = seen.removing(device: stamp.device)
        var unique: [DeletionEntry] = []
        for entry in replaced.map(\.withoutReplaced) where entry.stamp != stamp && !unique.contains(entry) {
            unique.append(entry)
        }
        // Deletions pile up only when a record is deleted, revived, deleted again: a few suffice.
        self.replaced = Array(unique.sorted { $0.stamp > $1.stamp }.prefix(8))
    }

    func isSameDeletion(as other: DeletionEntry) -> Bool { stamp == other.stamp && seen == other.seen }

    /// The deletion alone, without what it superseded.
    public var withoutReplaced: DeletionEntry {
        var copy = self
        copy.replaced = []
        return copy
    }

    /// Whether the deleting device had seen `other` when it deleted the record.
    public func supersedes(_ other: Stamp) -> Bool {
        if other.device == stamp.device { return other < stamp }
        return seen.covers(other)
    }
}
