/// How a record is written in the shared folder: its visible fields at the top level, where a
/// person can edit them, and the sync metadata under one reserved key.
///
/// ```json
/// {
///   "_ours": {
///     "fields": {"name": {"at": "2026-11-22T10:15:00.123Z-0000-k3j9x2qf", "hash": "9f3a21c4"}},
///     "format": 1,
///     "id": "8k2m4n6p8r0t2v4x",
///     "type": "item"
///   },
///   "name": "Milk"
/// }
/// ```
public enum RecordFile {
    /// The one top-level key that is not a field of the record.
    public static let metadataKey = "_ours"
    /// The format version this code writes; files with a higher one are left alone.
    public static let formatVersion = 1
    /// The one size limit: no record, in the folder or in a replica, is larger than this
    /// encoded (a record is usually a few hundred bytes). A local write that would pass it is
    /// refused before anything is stored; a merge that would pass it sheds history first
    /// (`RecordState.shedding`), and is not applied if that is not enough; a larger file is
    /// reported and left alone.
    public static let maximumSize = 4 * 1024 * 1024
    /// The most a local write may make a record (it may still shrink one that is larger):
    /// `maximumSize` less 64 KiB, kept free so that what other devices write at the same time
    /// — a checkmark, a new quantity, with their stamps and what they replaced — still merges
    /// into a record someone filled almost to the limit.
    public static let writeLimit = maximumSize - 64 * 1024
    /// How much of a replica record an earlier version let grow past `maximumSize` is read to
    /// repair it (shed, or set aside by `ours doctor --fix`).
    public static let repairSize = 64 * 1024 * 1024

    /// The digest written beside each field so any device can tell a hand edit from a write.
    public static func valueHash(_ value: JSONValue) -> String {
        Digest.hex(JSONWriter.compact(value), length: 8)
    }

    /// Whether `hash` is `valueHash(value)`, without making the text of the digest.
    static func hashMatches(_ value: JSONValue, _ hash: String?) -> Bool {
        guard var hash, hash.utf8.count == 8 else { return false }
        let digest = Digest.of(JSONWriter.compact(value))
        return hash.withUTF8 { text in
            for at in 0..<8 where text[at] != Digest.hexDigit(Int(digest >> UInt64(60 - 4 * at) & 0xF)) { return false }
            return true
        }
    }

    /// The canonical bytes of a record: pretty, sorted keys, LF, trailing newline.
    public static func encode(_ state: RecordState) -> [UInt8] {
        var bytes = JSONWriter.pretty(document(state))
        bytes.append(0x0A)
        return bytes
    }

    /// The record as one JSON object (what `encode` writes).
    public static func document(_ state: RecordState) -> JSONValue {
        var top = state.values
        var fieldMeta: [String: JSONValue] = [:]
        var conflictMeta: [String: JSONValue] = [:]
        for (name, register) in state.fields {
            fieldMeta[name] = entryDocument(register.winner, includeValue: false)
            let losers = register.losers.map { entryDocument($0, includeValue: true) }
            if !losers.isEmpty { conflictMeta[name] = .array(losers) }
        }
        var meta = state.extraMetadata
        meta["id"] = .string(state.key.id)
        meta["type"] = .string(state.key.type)
        meta["format"] = JSONValue(formatVersion)
        meta["fields"] = .object(fieldMeta)
        if !conflictMeta.isEmpty { meta["conflicts"] = .object(conflictMeta) }
        if !state.deletions.isEmpty {
            meta["deleted"] = .array(state.deletions.map(deletionDocument))
        }
        top[metadataKey] = .object(meta)
        return .object(top)
    }

    static func entryDocument(_ entry: FieldEntry, includeValue: Bool) -> JSONValue {
        var object: [String: JSONValue] = ["at": .string(entry.stamp.description)]
        if let value = entry.value {
            object["hash"] = .string(valueHash(value))
            if includeValue { object["value"] = value }
        } else {
            object["removed"] = .bool(true)
        }
        if !entry.seen.isEmpty { object["seen"] = stampList(entry.seen) }
        if !entry.replaced.isEmpty { object["replaces"] = .array(entry.replaced.map { entryDocument($0, includeValue: true) }) }
        return .object(object)
    }

    static func deletionDocument(_ deletion: DeletionEntry) -> JSONValue {
        var object: [String: JSONValue] = ["at": .string(deletion.stamp.description)]
        if !deletion.seen.isEmpty { object["seen"] = stampList(deletion.seen) }
        if !deletion.replaced.isEmpty { object["replaces"] = .array(deletion.replaced.map(deletionDocument)) }
        return .object(object)
    }

    static func stampList(_ vector: VersionVector) -> JSONValue {
        .array(vector.sorted.map { .string($0.description) })
    }
}

/// Why a file under `records/` could not be read as a record.
public enum RecordFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file is not valid JSON; the error says where.
    case notJSON(JSONParseError)
    /// The file's size in bytes, over `RecordFile.maximumSize`.
    case tooLarge(Int)
    /// The document is not a JSON object; the text names what it is.
    case notAnObject(String)
    /// The reserved metadata object (`RecordFile.metadataKey`) is damaged; the text says how.
    case badMetadata(String)
    /// Written by a newer version of Ours, in this format version.
    case newerFormat(Int)

    /// For people: what is wrong with the file.
    public var description: String {
        switch self {
        case .notJSON(let error): "not valid JSON at \(error)"
        case .tooLarge(let size): "file is \(size) bytes; records larger than \(RecordFile.maximumSize) bytes are not read"
        case .notAnObject(let kind): "a record must be a JSON object, not \(kind)"
        case .badMetadata(let detail): "the \"\(RecordFile.metadataKey)\" metadata is damaged: \(detail)"
        case .newerFormat(let version):
            "written by a newer version of Ours (format \(version); this one reads up to \(RecordFile.formatVersion)); update Ours to sync it"
        }
    }

    /// Line and column of a parse error, for reports.
    public var position: (line: Int, column: Int)? {
        if case .notJSON(let error) = self { return (error.line, error.column) }
        return nil
    }
}
