import Foundation
import OursSync

extension CommandContext {
    /// The bytes of a file named on the command line, or standard input for `-`.
    func readInput(_ file: String) throws(OursError) -> [UInt8] {
        if file == "-" { return console.standardInput() }
        guard let data = FileManager.default.contents(atPath: Device.absolutePathForCommandLine(file)) else {
            throw .notFound("cannot read \(file)", hint: "Check the path; use - to read standard input.")
        }
        return Array(data)
    }
}

extension JSONValue {
    /// A JSON object given on the command line or in a file.
    ///
    /// - Parameter what: Where it came from, for the message: `--fields`, `items.jsonl line 3`.
    /// - Throws: `.usage` for anything but a valid JSON object.
    static func object(parsing bytes: [UInt8], from what: String) throws(OursError) -> [String: JSONValue] {
        let value: JSONValue
        do { value = try JSONParser.parse(bytes) } catch { throw .usage("\(what) is not valid JSON: \(error)") }
        guard case .object(let object) = value else {
            throw .usage("\(what) must be a JSON object like {\"name\": \"Milk\"}, not \(value.kindName)")
        }
        return object
    }
}
