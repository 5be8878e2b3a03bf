import Foundation
import OursSync

/// An `ours export` JSON document, read and checked for `ours import`: the records under its
/// `records` key, every one of them valid, before anything is written.
public struct HouseholdImport: Sendable {
    /// One record of the file: its key and its fields.
    public struct Record: Sendable, Hashable {
        /// The record's type and id.
        public var key: RecordKey
        /// Its fields as the file has them, by name.
        public var fields: [String: JSONValue]
    }

    /// The export versions this version reads.
    static let newestVersion = 1

    /// Where it came from, for messages: the file's name as given.
    public var source: String
    /// The household it was exported from.
    public var householdID: String
    /// The name of the household it was exported from.
    public var householdName: String
    /// Every record, by type (sorted), in the file's order within a type.
    public var records: [Record]
    /// The folder beside the document holding the photos its records name (`"files"`, see
    /// `ExportFiles`), when it was exported with them.
    public var filesFolder: String?
    /// Every attachment the records name.
    public var attachments: [AttachmentRef] {
        records.reduce(into: Set<AttachmentRef>()) { $0.formUnion(AttachmentRef.references(in: .object($1.fields))) }.sorted()
    }

    /// The record types in the file, sorted.
    public var types: [String] { Array(Set(records.map(\.key.type))).sorted() }

    /// Reads an export document.
    /// - Parameter source: how to name the file in messages.
    /// - Throws: `.usage` naming the file and the place for anything that is not a valid
    ///   export document (not JSON, another format, a malformed record); `.failed` for one a
    ///   newer version wrote.
    public static func parse(_ bytes: [UInt8], source: String) throws(OursError) -> HouseholdImport {
        let document: JSONValue
        do { document = try JSONParser.parse(bytes) } catch { throw .usage("\(source) is not valid JSON: \(error)") }
        guard case .object(let top) = document, top["format"] == "ours-household" else {
            throw .usage(
                "\(source) is not an ours export document (no \"format\": \"ours-household\" at the top)",
                hint: "Make one with `ours export --format json --out FILE`.")
        }
        guard let version = top["version"]?.intValue, version >= 1 else {
            throw .usage(
                "\(source): \"version\" must be a whole number of at least 1, not \(top["version"].map(show) ?? "missing")")
        }
        guard version <= newestVersion else {
            throw .failed(
                "\(source) was exported by a newer version of ours (export version \(version); this one reads up to \(newestVersion))",
                hint: "Update ours on this device, then import it again.")
        }
        guard let household = top["household"]?.objectValue, let id = household["id"]?.stringValue,
            let name = household["name"]?.stringValue
        else { throw .usage("\(source): \"household\" must be an object with an \"id\" and a \"name\"") }
        guard let records = top["records"] else {
            throw .usage(
                "\(source) has no \"records\": it was exported by an older version of ours, which did not include them",
                hint: "Export it again with this version (`ours export --out FILE`) on a device of that household.")
        }
        guard case .object(let byType) = records else {
            throw .usage("\(source): \"records\" must be an object of record types, not \(kind(records))")
        }
        var result: [Record] = []
        for type in byType.keys.sorted() {
            result += try readType(type, byType[type]!, source: source)
        }
        var parsed = HouseholdImport(source: source, householdID: id, householdName: name, records: result)
        if let files = top["files"] {
            guard let folder = files.stringValue, !folder.isEmpty, !folder.contains("/"), folder != "..", folder != "." else {
                throw .usage("\(source): \"files\" must name the folder beside it that holds its photos, not \(show(files))")
            }
            parsed.filesFolder = folder
        }
        return parsed
    }

    /// The records of one type: `[{"id", "fields"}]`.
    static func readType(_ type: String, _ value: JSONValue, source: String) throws(OursError) -> [Record] {
        let place = "\(source): records.\(type)"
        guard RecordKey.isValidType(type) else {
            throw .usage("\(place): \"\(type)\" is not a record type (lowercase letters, digits and -, starting with a letter)")
        }
        guard case .array(let entries) = value else {
            throw .usage("\(place) must be an array of records, not \(kind(value))")
        }
        var seen = Set<String>()
        var result: [Record] = []
        for (index, entry) in entries.enumerated() {
            let record = try readRecord(type, entry, place: "\(place)[\(index)]")
            guard seen.insert(record.key.id).inserted else {
                throw .usage("\(place)[\(index)]: the id \"\(record.key.id)\" appears twice")
            }
            result.append(record)
        }
        return result
    }

    static func readRecord(_ type: String, _ entry: JSONValue, place: String) throws(OursError) -> Record {
        guard case .object(let object) = entry else {
            throw .usage("\(place) must be an object with \"id\" and \"fields\", not \(kind(entry))")
        }
        guard let id = object["id"]?.stringValue, let key = try? RecordKey(type: type, id: id) else {
            throw .usage(
                "\(place): \(object["id"].map { "the id \(show($0))" } ?? "there is no \"id\"") is not a record id",
                hint: "Ids are lowercase letters, digits, -, _ and ., at most 100 characters.")
        }
        let place = "\(place) (\(id))"
        guard case .object(var fields)? = object["fields"] else { throw .usage("\(place): \"fields\" must be an object") }
        fields = fields.filter { $0.value != .null }  // a removal: an import removes nothing
        guard !fields.isEmpty else { throw .usage("\(place) has no fields") }
        for name in fields.keys.sorted() where name.isEmpty || name == RecordFile.metadataKey {
            throw .usage("\(place): \"\(name)\" cannot be a field name")
        }
        let record = Record(key: key, fields: fields)
        if let what = record.unreadableAs {
            throw .usage("\(place) is not a readable \(what)", hint: "Check the record's fields against docs/HOUSEHOLD.md.")
        }
        return record
    }

    /// `an array`, `a string`, `null`.
    static func kind(_ value: JSONValue) -> String {
        if value == .null { return "null" }
        return (value.arrayValue != nil || value.objectValue != nil ? "an " : "a ") + value.kindName
    }

    static func show(_ value: JSONValue) -> String {
        let text = String(decoding: JSONWriter.compact(value), as: UTF8.self)
        return text.count > 60 ? String(text.prefix(57)) + "…" : text
    }
}

extension HouseholdImport.Record {
    /// For a type of the household's own, what it is when its typed reader cannot read it
    /// (`chore`: no name, no rule); `nil` when it reads, or the type is another app's.
    var unreadableAs: String? {
        var state = RecordState(key: key)
        state.write(fields.mapValues { $0 }, at: Stamp(millis: 0, device: DeviceID("00000000")!))
        let snapshot = RecordSnapshot(state)
        let readable: Bool
        switch key.type {
        case RecordTypes.list: readable = GroceryList(snapshot) != nil
        case RecordTypes.item: readable = GroceryItem(snapshot) != nil
        case RecordTypes.category: readable = ItemCategory(snapshot) != nil
        case RecordTypes.recipe: readable = Recipe(snapshot) != nil
        case RecordTypes.meal: readable = PlannedMeal(snapshot) != nil
        case RecordTypes.chore: readable = Chore(snapshot, timeZone: TimeZone(identifier: "UTC")!) != nil
        case RecordTypes.task: readable = HouseholdTask(snapshot) != nil
        case RecordTypes.memory: readable = Memory(snapshot) != nil
        default: return nil
        }
        return readable ? nil : key.type
    }
}
