/// A code that links a new device to a person who already uses Ours on another device:
/// `codes/link-<CODE>.json` in the shared folder, written by that device, naming the person
/// and their households in the folder. The new device claims it once (its id in the file);
/// the device that made it then lists the new one among its person's devices.
///
/// Like a share code, a link code is a pointer, not a secret: anyone who can read the folder
/// can read it (docs/THREAT-MODEL.md). Older versions skip the file (its name is no share code).
///
/// An app gets one from `Device.makeLinkCode()` and shows `code` and `expiresAt` to the person,
/// who types the code on the new device (`Device.link(code:folder:deviceName:)`).
public struct LinkCode: Sendable, Equatable {
    /// One of the person's households in the folder.
    public struct Household: Sendable, Equatable {
        /// The household's id.
        public var id: String
        /// The household's name, as the person sees it.
        public var name: String
        /// The household's folder, relative to the shared folder the code is in.
        public var directory: String
    }

    static let length = 8
    static let lifetimeMillis: Int64 = 15 * 60 * 1000
    /// How long past its expiry, by its own clock, the device that made a code keeps its file
    /// for a claim to arrive: the claiming device judges the expiry by its clock, which may be
    /// behind (or the maker's ahead), and a claim made in time must still be listed.
    static let claimGraceMillis: Int64 = 2 * 24 * 60 * 60 * 1000

    /// The code to type on the new device: eight characters (a share code has six), used once.
    public var code: String
    /// The participant id of the person the new device will belong to.
    public var participant: String
    /// The person's name.
    public var name: String
    /// The person's e-mail address, if they gave one.
    public var email: String?
    /// The device that made the code.
    public var createdBy: DeviceID
    /// When the code was made, as ISO 8601 UTC text.
    public var createdAt: String
    /// When the code stops working (15 minutes after it was made), as ISO 8601 UTC text.
    public var expiresAt: String
    /// The person's households in the shared folder holding the code, which the new device joins.
    public var households: [Household]
    /// The device that used the code, when one did, and what it calls itself.
    package var claimedBy: DeviceID?
    package var claimedAt: String?
    package var deviceName: String?

    static func fileName(_ code: String) -> String { "link-" + code + ".json" }

    static func newCode() -> String {
        var generator = SystemRandomNumberGenerator()
        let alphabet = ShareCode.alphabet
        return String((0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
    }

    /// Normalizes what a person typed: any case, spaces and dashes ignored.
    static func normalize(_ typed: String) throws(OursError) -> String {
        let cleaned = typed.uppercased().filter { $0 != " " && $0 != "-" && $0 != "\t" }
        guard cleaned.count == length, cleaned.allSatisfy({ ShareCode.alphabet.contains($0) }) else {
            throw .usage(
                "\"\(typed)\" is not a link code (\(length) characters from `ours device link`)",
                hint: "A six-character code is a share code: use it with `ours join`.")
        }
        return cleaned
    }

    func isExpired(atMillis now: Int64) -> Bool {
        guard let expiry = UTCTime.parseISO8601(expiresAt) else { return true }
        return expiry <= now
    }

    func encode() -> [UInt8] {
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
    static func decode(_ bytes: [UInt8], path: String) throws(OursError) -> LinkCode {
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
