/// A code that links a new device to a person who already uses Ours on another device:
/// `codes/link-<CODE>.json` in the shared folder, written by that device, naming the person
/// and their households in the folder. The new device claims it once (its id in the file);
/// the device that made it then lists the new one among its person's devices.
///
/// Like a share code, a link code is a pointer, not a secret: anyone who can read the folder
/// can read it (docs/THREAT-MODEL.md). Older versions skip the file (its name is no share code).
public struct LinkCode: Sendable, Equatable {
    /// One of the person's households in the folder.
    public struct Household: Sendable, Equatable {
        public var id: String
        public var name: String
        public var directory: String
    }

    public static let length = 8
    public static let lifetimeMillis: Int64 = 15 * 60 * 1000
    /// How long past its expiry, by its own clock, the device that made a code keeps its file
    /// for a claim to arrive: the claiming device judges the expiry by its clock, which may be
    /// behind (or the maker's ahead), and a claim made in time must still be listed.
    public static let claimGraceMillis: Int64 = 2 * 24 * 60 * 60 * 1000

    public var code: String
    public var participant: String
    public var name: String
    public var email: String?
    public var createdBy: DeviceID
    public var createdAt: String
    public var expiresAt: String
    public var households: [Household]
    /// The device that used the code, when one did, and what it calls itself.
    public var claimedBy: DeviceID?
    public var claimedAt: String?
    public var deviceName: String?

    public static func fileName(_ code: String) -> String { "link-" + code + ".json" }

    public static func newCode() -> String {
        var generator = SystemRandomNumberGenerator()
        let alphabet = ShareCode.alphabet
        return String((0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
    }

    /// Normalizes what a person typed: any case, spaces and dashes ignored.
    public static func normalize(_ typed: String) throws(OursError) -> String {
        let cleaned = typed.uppercased().filter { $0 != " " && $0 != "-" && $0 != "\t" }
        guard cleaned.count == length, cleaned.allSatisfy({ ShareCode.alphabet.contains($0) }) else {
            throw .usage(
                "\"\(typed)\" is not a link code (\(length) characters from `ours device link`)",
                hint: "A six-character code is a share code: use it with `ours join`.")
        }
        return cleaned
    }

    public func isExpired(atMillis now: Int64) -> Bool {
        guard let expiry = UTCTime.parseISO8601(expiresAt) else { return true }
        return expiry <= now
    }

    public func encode() -> [UInt8] {
        let households: [JSONValue] = households.map {
            ["id": .string($0.id), "name": .string($0.name), "directory": .string($0.directory)]
        }
        let object: [String: JSONValue] = [
            "format": 1, "kind": "link", "code": .string(code), "participant": .string(participant), "name": .string(name),
            "email": email.map { .string($0) } ?? .null, "createdBy": .string(createdBy.rawValue),
            "createdAt": .string(createdAt), "expiresAt": .string(expiresAt), "households": .array(households),
            "claimedBy": claimedBy.map { .string($0.rawValue) } ?? .null,
            "claimedAt": claimedAt.map { .string($0) } ?? .null, "deviceName": deviceName.map { .string($0) } ?? .null,
        ]
        return JSONWriter.pretty(.object(object)) + [0x0A]
    }

    /// Reads a link code file.
    /// - Throws: `.failed` naming the file and what is wrong with it.
    public static func decode(_ bytes: [UInt8], path: String) throws(OursError) -> LinkCode {
        let reader = try JSONObjectReader(bytes, path: path)
        try reader.checkFormat(1)
        let damaged = OursError.failed("\(path) is damaged", hint: "Make a new code with `ours device link`.")
        guard let creator = DeviceID(try reader.string("createdBy")) else { throw damaged }
        var households: [Household] = []
        for item in reader.object["households"]?.arrayValue ?? [] {
            guard let id = item["id"]?.stringValue, let name = item["name"]?.stringValue,
                let directory = item["directory"]?.stringValue
            else { throw damaged }
            households.append(Household(id: id, name: name, directory: directory))
        }
        return LinkCode(
            code: try reader.string("code"), participant: try reader.string("participant"), name: try reader.string("name"),
            email: reader.optionalString("email"), createdBy: creator, createdAt: try reader.string("createdAt"),
            expiresAt: try reader.string("expiresAt"), households: households,
            claimedBy: reader.optionalString("claimedBy").flatMap(DeviceID.init), claimedAt: reader.optionalString("claimedAt"),
            deviceName: reader.optionalString("deviceName"))
    }
}
