/// One write of one field: the value (or `nil` when the write removed the field), its stamp,
/// and what the writer had seen when it wrote.
public struct FieldEntry: Sendable, Hashable {
    public var value: JSONValue?
    public var stamp: Stamp
    /// The writer's view of the record when it wrote: any entry this covers was seen, so this
    /// write supersedes it whatever the stamps say.
    public var seen: VersionVector

    public init(value: JSONValue?, stamp: Stamp, seen: VersionVector = VersionVector()) {
        // A file cannot tell a `null` field from an absent one, so neither may an entry.
        self.value = value == .null ? nil : value
        self.stamp = stamp
        self.seen = seen.removing(device: stamp.device)
    }

    /// Whether this write was made by a writer that had seen `other`.
    public func supersedes(_ other: Stamp) -> Bool {
        if other.device == stamp.device { return other < stamp }
        return seen.covers(other)
    }
}

/// A record's deletion: a stamped tombstone and what the deleting device had seen.
public struct DeletionEntry: Sendable, Hashable {
    public var stamp: Stamp
    public var seen: VersionVector

    public init(stamp: Stamp, seen: VersionVector = VersionVector()) {
        self.stamp = stamp
        self.seen = seen.removing(device: stamp.device)
    }

    public func supersedes(_ other: Stamp) -> Bool {
        if other.device == stamp.device { return other < stamp }
        return seen.covers(other)
    }
}
