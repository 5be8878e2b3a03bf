/// Every write of one field that no other write has superseded: usually one, more when
/// devices wrote the field concurrently (a multi-value register).
///
/// The winner is the entry with the highest stamp; the others are the conflicts a person can
/// list and restore. A write made after seeing an entry supersedes it regardless of stamps, so
/// a device with a clock far ahead cannot make its values permanently unbeatable.
public struct FieldRegister: Sendable, Hashable {
    /// Highest stamp first; ties (only possible in hand-made files) broken by value bytes.
    public private(set) var entries: [FieldEntry]

    /// A register holding `entries`, inserted one by one (see `insert(_:)`).
    public init(_ entries: [FieldEntry]) {
        self.entries = []
        for entry in entries { insert(entry) }
    }

    /// The entry whose value is visible: the first of `entries`. A register always holds one.
    public var winner: FieldEntry { entries[0] }

    /// The entries that lost to the winner.
    public var losers: ArraySlice<FieldEntry> { entries.dropFirst() }

    /// Adds a write, dropping whatever it supersedes, unless something here supersedes it.
    public mutating func insert(_ entry: FieldEntry) {
        if entries.contains(entry) { return }
        if let twin = entries.firstIndex(where: { $0.isSameWrite(as: entry) }) {
            entries[twin] = entries[twin].adding(replaced: entry.replaced)
            return
        }
        if entries.contains(where: { $0.supersedes(entry.stamp) && $0.stamp != entry.stamp }) { return }
        entries.removeAll { entry.supersedes($0.stamp) && $0.stamp != entry.stamp }
        let position = entries.firstIndex { FieldRegister.precedes(entry, $0) } ?? entries.count
        entries.insert(entry, at: position)
    }

    /// Inserts every entry of `other`; the result does not depend on the order of merges.
    public mutating func merge(_ other: FieldRegister) {
        for entry in other.entries { insert(entry) }
    }

    static func precedes(_ a: FieldEntry, _ b: FieldEntry) -> Bool {
        if a.stamp != b.stamp { return a.stamp > b.stamp }
        let aBytes = a.value.map { JSONWriter.compact($0) } ?? []
        let bBytes = b.value.map { JSONWriter.compact($0) } ?? []
        if aBytes != bBytes { return bBytes.lexicographicallyPrecedes(aBytes) }
        return a.seen.sorted.map(\.description).lexicographicallyPrecedes(b.seen.sorted.map(\.description))
    }
}
