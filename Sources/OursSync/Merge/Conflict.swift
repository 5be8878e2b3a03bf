/// A write that lost to a concurrent one (neither writer had seen the other), kept so a person
/// can see it and bring it back.
public struct Conflict: Sendable, Hashable {
    /// What lost to what; the raw value is its name in JSON.
    public enum Kind: String, Sendable {
        /// Two values for one field; `value` lost to `winningValue`.
        case value
        /// A field was edited while another device deleted the record; the deletion won.
        case editLostToDeletion
        /// The record was deleted while another device edited it; the edit revived it.
        case deletionLostToEdit
    }

    /// Short and stable: the same conflict has the same id on every device.
    public let id: String
    /// The record the conflict is in.
    public let key: RecordKey
    /// What lost to what.
    public let kind: Kind
    /// The field, for value conflicts and edits lost to a deletion.
    public let field: String?
    /// The value that lost (`nil` when the losing write removed the field or was a deletion).
    public let value: JSONValue?
    /// The stamp of the write that lost (for `deletionLostToEdit`, the deletion's).
    public let stamp: Stamp
    /// The value that won (`nil` when the winning write removed the field or deleted the record).
    public let winningValue: JSONValue?
    /// The stamp of the write that won.
    public let winningStamp: Stamp

    init(
        key: RecordKey, kind: Kind, field: String?, value: JSONValue?, stamp: Stamp,
        winningValue: JSONValue?, winningStamp: Stamp
    ) {
        var digest = Digest()
        digest.update(key.description.utf8)
        digest.update([0])
        digest.update((field ?? "").utf8)
        digest.update([0])
        digest.update(kind.rawValue.utf8)
        digest.update(stamp.description.utf8)
        self.id = Digest.hex(Array(String(digest.value).utf8), length: 8)
        self.key = key
        self.kind = kind
        self.field = field
        self.value = value
        self.stamp = stamp
        self.winningValue = winningValue
        self.winningStamp = winningStamp
    }
}

extension RecordState {
    /// The conflicts a person should see: concurrent losing values that differ from the
    /// winner, and edits and deletions that lost to each other.
    public var conflicts: [Conflict] {
        var result: [Conflict] = []
        for (name, register) in fields {
            let winner = register.winner
            for loser in register.losers where loser.value != winner.value {
                result.append(
                    Conflict(
                        key: key, kind: .value, field: name, value: loser.value, stamp: loser.stamp,
                        winningValue: winner.value, winningStamp: winner.stamp))
            }
        }
        if let deletion = effectiveDeletion {
            for (name, register) in fields {
                for entry in register.entries where !deletion.supersedes(entry.stamp) && entry.value != nil {
                    result.append(
                        Conflict(
                            key: key, kind: .editLostToDeletion, field: name, value: entry.value,
                            stamp: entry.stamp, winningValue: nil, winningStamp: deletion.stamp))
                }
            }
        } else if let deletion = deletions.first {
            // Fields in byte order: one write of several fields shares a stamp, and every device
            // must name the same one of them.
            let revivers = fields.keys.sorted(by: JSONValue.keyOrder).flatMap { fields[$0]!.entries }
                .filter { RecordState.revives($0, deletion) }
            if !revivers.contains(where: { $0.supersedes(deletion.stamp) }),
                let reviver = revivers.max(by: { $0.stamp < $1.stamp })
            {
                result.append(
                    Conflict(
                        key: key, kind: .deletionLostToEdit, field: nil, value: nil, stamp: deletion.stamp,
                        winningValue: reviver.value, winningStamp: reviver.stamp))
            }
        }
        return result.sorted { ($0.field ?? "", $0.stamp) < ($1.field ?? "", $1.stamp) }
    }
}
