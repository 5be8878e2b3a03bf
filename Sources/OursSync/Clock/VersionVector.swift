/// What a writer had seen: for each device, the latest stamp from it that the writer had
/// merged. Written as a sorted list of stamps (each stamp names its device).
public struct VersionVector: Sendable, Hashable {
    /// The latest stamp seen from each device, by device.
    public private(set) var stamps: [DeviceID: Stamp] = [:]

    /// An empty vector: nothing seen.
    public init() {}

    /// A vector holding, for each device, the latest of its stamps in `stamps`.
    public init<S: Sequence>(_ stamps: S) where S.Element == Stamp {
        for stamp in stamps { include(stamp) }
    }

    /// Whether the writer had seen nothing.
    public var isEmpty: Bool { stamps.isEmpty }

    /// Whether the writer had seen `stamp` (or a later write of the same device).
    public func covers(_ stamp: Stamp) -> Bool {
        guard let seen = stamps[stamp.device] else { return false }
        return seen >= stamp
    }

    /// Adds `stamp`, unless the vector already holds it or a later stamp of its device.
    public mutating func include(_ stamp: Stamp) {
        if let existing = stamps[stamp.device], existing >= stamp { return }
        stamps[stamp.device] = stamp
    }

    /// Adds every stamp of `other`: the vector then covers what either covered.
    public mutating func formUnion(_ other: VersionVector) {
        for stamp in other.stamps.values { include(stamp) }
    }

    /// This vector without `device`'s stamp.
    public func removing(device: DeviceID) -> VersionVector {
        var copy = self
        copy.stamps[device] = nil
        return copy
    }

    /// The stamps in written order.
    public var sorted: [Stamp] { stamps.values.sorted() }
}
