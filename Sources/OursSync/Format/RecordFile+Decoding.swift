/// A record file as read: the state it holds, and whether a person edited it by hand.
public struct DecodedRecordFile: Sendable {
    /// The record, with any hand edits already turned into stamped writes.
    public var state: RecordState
    /// Fields a person changed in the file without a new stamp.
    public var handEditedFields: [String]
    /// Whether the file had no metadata at all: a record a person created by hand.
    public var isHandMade: Bool
    /// Whether the file names its record's type and id itself, so it reads as the same record
    /// wherever it lies (a replica's file is read with nothing to fall back on).
    public var isSelfDescribing = false
}

extension RecordFile {
    /// Reads a record file.
    ///
    /// - Parameters:
    ///   - bytes: the file's contents.
    ///   - fallbackType: the type to use for a hand-made file without metadata (from its folder).
    ///   - fallbackID: the id to use for such a file (derived from its name or path).
    ///   - modifiedMillis: the file's modification time, the time a hand edit is stamped with.
    ///   - limit: the largest file read (`maximumSize`; more only to repair a record an
    ///     earlier version let grow past it).
    /// - Throws: `RecordFileError` when the file is not a record this version can read.
    public static func decode(
        _ bytes: [UInt8], fallbackType: String?, fallbackID: String?, modifiedMillis: Int64, limit: Int = maximumSize
    ) throws(RecordFileError) -> DecodedRecordFile {
        guard bytes.count <= limit else { throw .tooLarge(bytes.count) }
        let document: JSONValue
        do { document = try JSONParser.parse(bytes) } catch { throw .notJSON(error) }
        guard case .object(let top) = document else { throw .notAnObject(document.kindName) }
        return try decode(
            object: top, fallbackType: fallbackType, fallbackID: fallbackID, modifiedMillis: modifiedMillis)
    }

    /// Reads a record from an already parsed top-level object (see `decode(_:...)`).
    public static func decode(
        object: [String: JSONValue], fallbackType: String?, fallbackID: String?, modifiedMillis: Int64
    ) throws(RecordFileError) -> DecodedRecordFile {
        var top = object
        let (key, meta, isHandMade) = try identify(
            top.removeValue(forKey: metadataKey), fallbackType: fallbackType, fallbackID: fallbackID)
        var state = RecordState(key: key)
        var replaced = VersionVector()
        var handEdits: [String: JSONValue?] = [:]
        try decodeFields(
            top, meta: try objectValue(meta["fields"], "fields"), into: &state, replaced: &replaced, handEdits: &handEdits)
        try decodeConflicts(try objectValue(meta["conflicts"], "conflicts"), into: &state)
        try decodeDeletions(meta["deleted"], into: &state)
        var extra = meta
        for known in ["id", "type", "format", "fields", "conflicts", "deleted"] { extra[known] = nil }
        state = RecordState(key: key, fields: state.fields, deletions: state.deletions, extraMetadata: extra)

        if !handEdits.isEmpty {
            applyHandEdits(handEdits, to: &state, replaced: replaced, modifiedMillis: modifiedMillis)
        }
        return DecodedRecordFile(
            state: state, handEditedFields: handEdits.keys.sorted(), isHandMade: isHandMade,
            isSelfDescribing: !isHandMade && meta["type"]?.stringValue != nil)
    }

    /// The record a file holds, from its metadata, or from where it lies when it has none (a
    /// record a person made by hand); and the metadata itself.
    static func identify(
        _ metaValue: JSONValue?, fallbackType: String?, fallbackID: String?
    ) throws(RecordFileError) -> (key: RecordKey, meta: [String: JSONValue], isHandMade: Bool) {
        guard let metaValue else {
            guard let type = fallbackType, let id = fallbackID, let made = try? RecordKey(type: type, id: id) else {
                throw .badMetadata("it is missing; a record made by hand must sit in records/<type>/")
            }
            return (made, [:], true)
        }
        guard case .object(let meta) = metaValue else { throw .badMetadata("it is \(metaValue.kindName), not an object") }
        if let version = meta["format"] {
            guard let number = version.intValue else { throw .badMetadata("\"format\" is not a number") }
            if number > formatVersion { throw .newerFormat(number) }
        }
        guard let id = meta["id"]?.stringValue else { throw .badMetadata("\"id\" is missing") }
        guard let type = meta["type"]?.stringValue ?? fallbackType else { throw .badMetadata("\"type\" is missing") }
        do { return (try RecordKey(type: type, id: id), meta, false) } catch { throw .badMetadata(error.description) }
    }

    /// Reads each field's value and entry. A value whose digest no longer matches its entry
    /// (or that has no entry) was edited by hand: it goes to `handEdits`, and what its entry
    /// had seen to `replaced`.
    static func decodeFields(
        _ top: [String: JSONValue], meta fieldMeta: [String: JSONValue], into state: inout RecordState,
        replaced: inout VersionVector, handEdits: inout [String: JSONValue?]
    ) throws(RecordFileError) {
        // A value without an entry was added by hand.
        for (name, value) in top where value != .null && fieldMeta[name] == nil { handEdits[name] = value }
        for (name, entryValue) in fieldMeta {
            // Not `flatMap { $0 == .null ? nil : $0 }`: that `nil` becomes `JSONValue.null`.
            let value = top[name] == .null ? nil : top[name]
            let (stamp, seen, hash, removed) = try entryParts(entryValue, "fields.\(name)")
            let intact = removed ? value == nil : (value.map { hashMatches($0, hash) } ?? false)
            if intact {
                let earlier = try replacedEntries(entryValue, "fields.\(name)")
                state.insert(FieldEntry(value: value, stamp: stamp, seen: seen, replaced: earlier), field: name)
            } else {
                replaced.include(stamp)
                replaced.formUnion(seen)
                handEdits[name] = .some(value)
            }
        }
    }

    /// Reads the values that lost to concurrent writes, field by field.
    static func decodeConflicts(_ conflicts: [String: JSONValue], into state: inout RecordState) throws(RecordFileError) {
        for (name, list) in conflicts {
            guard case .array(let entries) = list else { throw .badMetadata("\"conflicts.\(name)\" is not a list") }
            for entryValue in entries {
                let entry = try valuedEntry(entryValue, "conflicts.\(name)")
                state.insert(entry, field: name)
            }
        }
    }

    /// Reads the record's deletions (tombstones), with what each one replaced.
    static func decodeDeletions(_ deleted: JSONValue?, into state: inout RecordState) throws(RecordFileError) {
        guard let deleted else { return }
        guard case .array(let entries) = deleted else { throw .badMetadata("\"deleted\" is not a list") }
        for entryValue in entries {
            let (stamp, seen, _, _) = try entryParts(entryValue, "deleted")
            let earlier = try replacesList(entryValue, "deleted").map { item throws(RecordFileError) in
                let (oldStamp, oldSeen, _, _) = try entryParts(item, "deleted.replaces")
                return DeletionEntry(stamp: oldStamp, seen: oldSeen)
            }
            state.insertDeletion(DeletionEntry(stamp: stamp, seen: seen, replaced: earlier))
        }
    }

    /// Turns hand edits into writes. The stamp is derived from the file (its time and what was
    /// edited), so every device that reads the same edited file makes the same write.
    static func applyHandEdits(
        _ edits: [String: JSONValue?], to state: inout RecordState, replaced: VersionVector, modifiedMillis: Int64
    ) {
        var seen = state.context
        seen.formUnion(replaced)
        var digest: [UInt8] = Array(state.key.description.utf8)
        for name in edits.keys.sorted(by: JSONValue.keyOrder) {
            digest.append(contentsOf: name.utf8)
            digest.append(0)
            if let value = edits[name] ?? nil { digest.append(contentsOf: JSONWriter.compact(value)) }
            digest.append(0)
        }
        for stamp in seen.sorted { digest.append(contentsOf: stamp.description.utf8) }
        let latest = seen.sorted.map(\.millis).max() ?? 0
        // Never past the last instant a stamp can name (a file dated after the year 9999, or
        // a record last written at its last millisecond): it supersedes what it saw all the same.
        let millis = min(max(modifiedMillis, latest + 1), HybridLogicalClock.latestMillis)
        let stamp = Stamp(millis: millis, counter: 0, device: .handEdit(digestOf: digest))
        for (name, value) in edits {
            state.insert(FieldEntry(value: value, stamp: stamp, seen: seen), field: name)
        }
    }

    static func objectValue(_ value: JSONValue?, _ name: String) throws(RecordFileError) -> [String: JSONValue] {
        guard let value else { return [:] }
        guard case .object(let object) = value else { throw .badMetadata("\"\(name)\" is not an object") }
        return object
    }

    /// An entry that carries its value (a conflict, or one a write replaced).
    static func valuedEntry(_ value: JSONValue, _ name: @autoclosure () -> String) throws(RecordFileError) -> FieldEntry {
        let (stamp, seen, _, removed) = try entryParts(value, name())
        let earlier = try replacedEntries(value, name())
        return FieldEntry(value: removed ? nil : value["value"], stamp: stamp, seen: seen, replaced: earlier)
    }

    /// The `replaces` list of an entry: what the write superseded when it was made.
    static func replacedEntries(_ value: JSONValue, _ name: @autoclosure () -> String) throws(RecordFileError) -> [FieldEntry] {
        var entries: [FieldEntry] = []
        for item in try replacesList(value, name()) {
            let (stamp, seen, _, removed) = try entryParts(item, name() + ".replaces")
            entries.append(FieldEntry(value: removed ? nil : item["value"], stamp: stamp, seen: seen))
        }
        return entries
    }

    /// The items of an entry's `replaces` list (none when it has no list).
    static func replacesList(_ value: JSONValue, _ name: @autoclosure () -> String) throws(RecordFileError) -> [JSONValue] {
        guard let list = value["replaces"] else { return [] }
        guard case .array(let items) = list else { throw .badMetadata("\"\(name()).replaces\" is not a list") }
        return items
    }

    static func entryParts(
        _ value: JSONValue, _ name: @autoclosure () -> String
    ) throws(RecordFileError)
        -> (Stamp, VersionVector, String?, Bool)
    {
        guard case .object(let object) = value else { throw .badMetadata("\"\(name())\" entry is not an object") }
        guard let text = object["at"]?.stringValue, let stamp = Stamp(text) else {
            throw .badMetadata("\"\(name())\" has no valid stamp in \"at\"")
        }
        var seen = VersionVector()
        if let list = object["seen"] {
            guard case .array(let items) = list else { throw .badMetadata("\"\(name()).seen\" is not a list") }
            for item in items {
                guard let text = item.stringValue, let seenStamp = Stamp(text) else {
                    throw .badMetadata("\"\(name()).seen\" holds something that is not a stamp")
                }
                seen.include(seenStamp)
            }
        }
        return (stamp, seen, object["hash"]?.stringValue, object["removed"]?.boolValue ?? false)
    }
}
