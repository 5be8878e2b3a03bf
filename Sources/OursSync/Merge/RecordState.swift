/// Everything the folder and the replica know about one record: every field's register, the
/// deletions, and metadata keys written by newer versions (kept, never dropped).
///
/// Merging is pure and commutative, associative and idempotent: any devices merging the same
/// states in any order and any number of times hold the same value, and write the same bytes.
public struct RecordState: Sendable, Hashable {
    /// The record this is the state of.
    public let key: RecordKey
    /// Every field's register, by field name. A removed field keeps its register; its winner has
    /// no value.
    public private(set) var fields: [String: FieldRegister]
    /// Deletions no later write has superseded.
    public private(set) var deletions: [DeletionEntry]
    /// Keys inside the reserved metadata object that this version does not know.
    public private(set) var extraMetadata: [String: JSONValue]

    /// A state of `key` with these registers and unknown metadata keys, and the deletions merged
    /// in one by one (any that another supersedes is dropped).
    public init(
        key: RecordKey, fields: [String: FieldRegister] = [:], deletions: [DeletionEntry] = [],
        extraMetadata: [String: JSONValue] = [:]
    ) {
        self.key = key
        self.fields = fields
        self.deletions = []
        self.extraMetadata = extraMetadata
        for deletion in deletions { insertDeletion(deletion) }
    }

    /// Sets (or, with `nil`, removes) a key of the reserved metadata object that is not a field.
    package mutating func setExtraMetadata(_ name: String, _ value: JSONValue?) {
        extraMetadata[name] = value
    }

    // MARK: Reading

    /// The visible value of every present field (winners that are not removals).
    public var values: [String: JSONValue] {
        var result: [String: JSONValue] = [:]
        for (name, register) in fields {
            if let value = register.winner.value { result[name] = value }
        }
        return result
    }

    /// The deletion in force, if the record is deleted.
    ///
    /// Deleted when the latest deletion is not outdone by any field write: a write made after
    /// seeing it, or a concurrent write with a higher stamp, revives the record.
    public var effectiveDeletion: DeletionEntry? {
        guard let deletion = deletions.first else { return nil }
        for register in fields.values {
            for entry in register.entries where Self.revives(entry, deletion) { return nil }
        }
        return deletion
    }

    /// Whether the record is deleted: `effectiveDeletion` is not `nil`.
    public var isDeleted: Bool { effectiveDeletion != nil }

    /// A record without a single write: what is left when every write of it is ignored (its
    /// writers may not write). It does not exist for readers, on any device: every device
    /// computes the same admitted state from the same files.
    public var isEmpty: Bool { fields.isEmpty && deletions.isEmpty }

    static func revives(_ entry: FieldEntry, _ deletion: DeletionEntry) -> Bool {
        if deletion.supersedes(entry.stamp) { return false }
        return entry.supersedes(deletion.stamp) || entry.stamp > deletion.stamp
    }

    /// Every stamp in the record and everything its writers had seen: the context a new write
    /// to this record is made in.
    public var context: VersionVector {
        var vector = VersionVector()
        for register in fields.values {
            for entry in register.entries {
                vector.include(entry.stamp)
                vector.formUnion(entry.seen)
            }
        }
        for deletion in deletions {
            vector.include(deletion.stamp)
            vector.formUnion(deletion.seen)
        }
        return vector
    }

    /// Every stamp written in the record (not the seen contexts).
    public var allStamps: [Stamp] {
        fields.values.flatMap { $0.entries.map(\.stamp) } + deletions.map(\.stamp)
    }

    /// The latest stamp written in the record.
    public var latestStamp: Stamp? {
        var latest: Stamp?
        for register in fields.values {
            for entry in register.entries where latest.map({ entry.stamp > $0 }) ?? true { latest = entry.stamp }
        }
        for deletion in deletions where latest.map({ deletion.stamp > $0 }) ?? true { latest = deletion.stamp }
        return latest
    }

    // MARK: Writing

    /// Records a local write of fields (`nil` removes a field) at `stamp`, superseding
    /// everything this state holds for those fields.
    /// - Parameter wholeHistory: the fields whose writes carry everything their register ever
    ///   replaced, whoever wrote it (see `replacedBy`).
    public mutating func write(
        _ changes: [String: JSONValue?], at stamp: Stamp, wholeHistory: (String) -> Bool = { _ in false }
    ) {
        let seen = context
        for (name, value) in changes {
            let replaced = Self.replacedBy(stamp, in: fields[name], wholeHistory: wholeHistory(name))
            let entry = FieldEntry(value: value == .null ? nil : value, stamp: stamp, seen: seen, replaced: replaced)
            insert(entry, field: name)
        }
    }

    /// How many of a device's own earlier writes of a field a write carries (see `replacedBy`).
    static let ownWritesCarried = 8

    /// What a write at `stamp` replaces in `register`: every entry there, and what this device's
    /// own earlier writes there had replaced — so that ignoring a run of one device's writes
    /// brings back the last of them that is not ignored, or what stood before the run. Its
    /// own earlier writes are capped at the latest `ownWritesCarried`, so a field one device
    /// edits again and again does not grow without end.
    ///
    /// With `wholeHistory`, a write carries everything every replaced entry had replaced, from
    /// any device, uncapped: for the few fields whose whole chain of writes a rule replays (who
    /// owns a household, handed from device to device, say), which are seldom written.
    static func replacedBy(_ stamp: Stamp, in register: FieldRegister?, wholeHistory: Bool = false) -> [FieldEntry] {
        var replaced: [FieldEntry] = []
        for entry in register?.entries ?? [] {
            replaced.append(entry)
            if wholeHistory || entry.stamp.device == stamp.device { replaced += entry.replaced }
        }
        if wholeHistory { return replaced }
        let own = replaced.filter { $0.stamp.device == stamp.device }.map(\.stamp).sorted(by: >)
        if own.count > ownWritesCarried {
            let oldest = own[ownWritesCarried - 1]
            replaced.removeAll { $0.stamp.device == stamp.device && $0.stamp < oldest }
        }
        return replaced
    }

    /// A value larger than this (its compact JSON, in bytes) is removed along with the record
    /// when the record is deleted: a tombstone keeps small last values (for `ours record put`
    /// to revive), never large ones, so a deletion always fits whatever it is merged with (the
    /// removed value stays in the removal's `replaces` until space is needed, see `shedding`).
    public static let largeValue = 64 * 1024

    /// Records a local deletion at `stamp`, removing the fields whose value is larger than
    /// `largeValue` in the same write.
    public mutating func delete(at stamp: Stamp) {
        let large = fields.filter { ($0.value.winner.value.map { JSONWriter.compact($0).count } ?? 0) > Self.largeValue }
        if !large.isEmpty { write(large.mapValues { _ -> JSONValue? in nil }, at: stamp) }
        var replaced: [DeletionEntry] = []
        for deletion in deletions {
            replaced.append(deletion)
            if deletion.stamp.device == stamp.device { replaced += deletion.replaced }
        }
        insertDeletion(DeletionEntry(stamp: stamp, seen: context, replaced: replaced))
    }

    /// Replaces a field's register (shedding rewrites what entries replaced).
    mutating func setRegister(_ register: FieldRegister, field name: String) {
        fields[name] = register
    }

    /// Merges one write of the field `name` into its register (see `FieldRegister.insert(_:)`).
    public mutating func insert(_ entry: FieldEntry, field name: String) {
        if var register = fields[name] {
            register.insert(entry)
            fields[name] = register
        } else {
            fields[name] = FieldRegister([entry])
        }
    }

    /// Merges one deletion: dropped when a deletion here supersedes it; otherwise added, and
    /// the deletions it supersedes are dropped.
    public mutating func insertDeletion(_ deletion: DeletionEntry) {
        if deletions.contains(deletion) { return }
        if let twin = deletions.firstIndex(where: { $0.isSameDeletion(as: deletion) }) {
            let both = deletions[twin].replaced + deletion.replaced
            deletions[twin] = DeletionEntry(stamp: deletion.stamp, seen: deletion.seen, replaced: both)
            return
        }
        if deletions.contains(where: { $0.supersedes(deletion.stamp) && $0.stamp != deletion.stamp }) { return }
        deletions.removeAll { deletion.supersedes($0.stamp) && $0.stamp != deletion.stamp }
        let position = deletions.firstIndex { deletion.stamp > $0.stamp } ?? deletions.count
        deletions.insert(deletion, at: position)
    }

    /// Merges another state of the same record into this one.
    public mutating func merge(_ other: RecordState) {
        precondition(other.key == key, "merging different records")
        for (name, register) in other.fields {
            if var mine = fields[name] {
                mine.merge(register)
                fields[name] = mine
            } else {
                fields[name] = register
            }
        }
        for deletion in other.deletions { insertDeletion(deletion) }
        for (name, value) in other.extraMetadata {
            if let mine = extraMetadata[name], mine != value {
                // Unknown keys cannot be merged meaningfully; keep one deterministically.
                let a = JSONWriter.compact(mine)
                let b = JSONWriter.compact(value)
                if a.lexicographicallyPrecedes(b) { extraMetadata[name] = value }
            } else {
                extraMetadata[name] = value
            }
        }
    }

    /// This state merged with another state of the same record (see `merge(_:)`).
    public func merging(_ other: RecordState) -> RecordState {
        var copy = self
        copy.merge(other)
        return copy
    }

    /// Keeps only the entries `keep` accepts: how changes by devices that may not write are ignored.
    /// What an ignored write replaced comes back, where still admitted and not superseded.
    public func filtered(_ keep: (Stamp) -> Bool) -> RecordState {
        var result = RecordState(key: key, extraMetadata: extraMetadata)
        for (name, register) in fields {
            for entry in register.entries {
                if keep(entry.stamp) {
                    result.insert(entry, field: name)
                } else {
                    for old in entry.replaced where keep(old.stamp) { result.insert(old, field: name) }
                }
            }
        }
        for deletion in deletions {
            if keep(deletion.stamp) {
                result.insertDeletion(deletion)
            } else {
                for old in deletion.replaced where keep(old.stamp) { result.insertDeletion(old) }
            }
        }
        return result
    }
}
