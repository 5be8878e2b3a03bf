import Foundation
import OursSync

extension Commands {
    func recordPut(type: String, id: String?, fields text: String) throws(OursError) {
        let bytes = text == "-" ? context.console.standardInput() : Array(text.utf8)
        let fields = try Commands.parseObject(bytes, what: text == "-" ? "the fields on standard input" : "--fields")
        let key = try context.zone().put(type: type, id: id, fields: fields.mapValues { $0 })
        if context.json { context.printJSON(["id": .string(key.id), "type": .string(key.type)]) } else { context.say(key.id) }
    }

    func recordGet(type: String, id: String) throws(OursError) {
        let household = try context.zone()
        let key: RecordKey
        do { key = try RecordKey(type: type, id: id) } catch { throw .usage(error.description) }
        guard let snapshot = try household.get(key) else {
            throw .notFound(
                "no \(type) with id \"\(id)\" in \(household.name)", hint: "`ours record list \(type)` shows the ids.")
        }
        if snapshot.isDeleted, !context.json {
            throw .notFound("\(type) \"\(id)\" was deleted", hint: "Its last values are kept; `ours record put` revives it.")
        }
        if context.json {
            context.printJSON(snapshot.json)
        } else {
            context.console.out(JSONWriter.prettyString(.object(snapshot.values)) + "\n")
            if snapshot.conflictCount > 0 {
                context.say(context.yellow("\(snapshot.conflictCount) conflicting value(s); see `ours conflicts`"))
            }
        }
    }

    func recordList(type: String) throws(OursError) {
        let snapshots = try context.zone().list(type: type)
        if context.json {
            context.printJSON(.array(snapshots.map(\.json)))
            return
        }
        for snapshot in snapshots {
            var others = snapshot.values
            let name = others.removeValue(forKey: "name")?.stringValue
            let rest = others.isEmpty ? "" : "  " + context.dim(JSONWriter.compactString(.object(others)))
            context.say(snapshot.key.id + "  " + (name ?? "") + rest)
        }
    }

    func recordRemove(type: String, id: String) throws(OursError) {
        let key: RecordKey
        do { key = try RecordKey(type: type, id: id) } catch { throw .usage(error.description) }
        try context.zone().remove(key)
        if context.json {
            context.printJSON(["id": .string(id), "type": .string(type), "deleted": true])
        } else {
            context.say("Deleted \(type) \(id).")
        }
    }

    func recordImport(type: String, file: String) throws(OursError) {
        let bytes = try readInput(file)
        var objects: [[String: JSONValue]] = []
        for (number, line) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            let trimmed = Array(line).filter { $0 != 0x0D }
            if trimmed.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            objects.append(try Commands.parseObject(trimmed, what: "\(file) line \(number + 1)"))
        }
        let household = try context.zone()
        let count = try household.importRecords(type: type, objects: objects) { done, total in
            context.progress("Importing \(done)/\(total)…")
        }
        context.endProgress()
        if context.json {
            context.printJSON(["imported": JSONValue(count), "type": .string(type)])
        } else {
            context.say("Imported \(count) \(type) record(s).")
        }
    }

    /// The bytes of a file named on the command line, or standard input for `-`.
    func readInput(_ file: String) throws(OursError) -> [UInt8] {
        if file == "-" { return context.console.standardInput() }
        guard let data = FileManager.default.contents(atPath: Device.absolutePathForCommandLine(file)) else {
            throw .notFound("cannot read \(file)", hint: "Check the path; use - to read standard input.")
        }
        return Array(data)
    }

    /// Parses a JSON object given on the command line or in a file, naming where it came from.
    static func parseObject(_ bytes: [UInt8], what: String) throws(OursError) -> [String: JSONValue] {
        let value: JSONValue
        do { value = try JSONParser.parse(bytes) } catch { throw .usage("\(what) is not valid JSON: \(error)") }
        guard case .object(let object) = value else {
            throw .usage("\(what) must be a JSON object like {\"name\": \"Milk\"}, not \(value.kindName)")
        }
        return object
    }
}
