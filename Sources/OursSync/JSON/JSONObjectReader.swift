/// Reads the engine's own small state files (device, households, sync state) with clear
/// errors and defaults for keys an older version did not write.
struct JSONObjectReader {
    let object: [String: JSONValue]
    let path: String

    init(_ bytes: [UInt8], path: String) throws(OursError) {
        let document: JSONValue
        do { document = try JSONParser.parse(bytes) } catch {
            throw .failed("\(path) is damaged: not valid JSON at \(error)", hint: "Restore it from a backup or remove it.")
        }
        guard case .object(let object) = document else {
            throw .failed("\(path) is damaged: expected a JSON object", hint: "Restore it from a backup or remove it.")
        }
        self.object = object
        self.path = path
    }

    init(object: [String: JSONValue], path: String) {
        self.object = object
        self.path = path
    }

    func string(_ key: String) throws(OursError) -> String {
        guard let value = object[key]?.stringValue else {
            throw .failed("\(path) is damaged: \"\(key)\" is missing", hint: "Restore it from a backup or remove it.")
        }
        return value
    }

    func optionalString(_ key: String) -> String? { object[key]?.stringValue }

    func int(_ key: String, default value: Int) -> Int { object[key]?.intValue ?? value }

    func checkFormat(_ supported: Int) throws(OursError) {
        let format = int("format", default: 1)
        if format > supported {
            throw .failed(
                "\(path) was written by a newer version of Ours (format \(format))",
                hint: "Update Ours to use this device's state.")
        }
    }
}

/// Writes one of the engine's state files: canonical JSON and a trailing newline.
func stateFileBytes(_ object: [String: JSONValue]) -> [UInt8] {
    var bytes = JSONWriter.pretty(.object(object))
    bytes.append(0x0A)
    return bytes
}
