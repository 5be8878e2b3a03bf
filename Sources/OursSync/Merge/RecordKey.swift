/// A record's identity: its type and its id. The id inside the file is authoritative, not the
/// file's name or folder.
public struct RecordKey: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The record's type, which names its folder under `records/` (see `isValidType(_:)`).
    public let type: String
    /// The record's id, unique among the records of its type (see `isValidID(_:)`).
    public let id: String

    /// - Throws: `RecordKeyError` naming the bad type or id.
    public init(type: String, id: String) throws(RecordKeyError) {
        guard RecordKey.isValidType(type) else { throw .invalidType(type) }
        guard RecordKey.isValidID(id) else { throw .invalidID(id) }
        self.type = type
        self.id = id
    }

    init(unchecked type: String, id: String) {
        self.type = type
        self.id = id
    }

    /// `type/id`.
    public var description: String { "\(type)/\(id)" }

    /// Orders by type, then by id.
    public static func < (lhs: RecordKey, rhs: RecordKey) -> Bool {
        (lhs.type, lhs.id) < (rhs.type, rhs.id)
    }

    /// Types are folder names: lowercase ASCII letters, digits and `-`, starting with a letter,
    /// at most 40 characters, not a name Windows reserves (`nul`, `aux`).
    public static func isValidType(_ type: String) -> Bool {
        let bytes = Array(type.utf8)
        guard (1...40).contains(bytes.count), isLower(bytes[0]) else { return false }
        return bytes.allSatisfy { isLower($0) || isDigit($0) || $0 == UInt8(ascii: "-") } && !isReservedOnWindows(bytes)
    }

    /// Ids are file names on every file system the folder may live on: lowercase ASCII
    /// letters, digits, `-`, `_` and `.`, starting with a letter or digit, at most 100
    /// characters, not a name Windows reserves (`con`, `aux.x`, `com1`). Lowercase only, so no
    /// two ids differ only by case.
    public static func isValidID(_ id: String) -> Bool {
        let bytes = Array(id.utf8)
        guard (1...100).contains(bytes.count), isLower(bytes[0]) || isDigit(bytes[0]) else { return false }
        return bytes.allSatisfy {
            isLower($0) || isDigit($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: ".")
        } && !isReservedOnWindows(bytes)
    }

    /// Names Windows reserves for devices, with any extension (`con`, `aux.json`, `com1`):
    /// no file or folder on NTFS, FAT or SMB may be called so.
    static func isReservedOnWindows(_ bytes: [UInt8]) -> Bool {
        let stem = bytes.prefix { $0 != UInt8(ascii: ".") }
        guard stem.count == 3 || stem.count == 4 else { return false }
        return reservedOnWindows.contains(String(decoding: stem, as: UTF8.self))
    }

    private static let reservedOnWindows: Set<String> =
        Set(["con", "prn", "aux", "nul"] + (1...9).flatMap { ["com\($0)", "lpt\($0)"] })

    /// A new random id: 16 characters, sortable by nothing, safe everywhere.
    public static func newID() -> String { RandomID.make(length: 16) }

    private static func isLower(_ b: UInt8) -> Bool { b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z") }
    private static func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
}

/// Why `RecordKey.init(type:id:)` refused a type or an id.
public enum RecordKeyError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The type, which `RecordKey.isValidType(_:)` rejects.
    case invalidType(String)
    /// The id, which `RecordKey.isValidID(_:)` rejects.
    case invalidID(String)

    /// For people: the value refused and what a valid one looks like.
    public var description: String {
        switch self {
        case .invalidType(let type):
            "invalid record type \"\(type)\": use lowercase letters, digits and '-', starting with a letter (at most 40), "
                + "not a name Windows reserves such as nul"
        case .invalidID(let id):
            "invalid record id \"\(id)\": use lowercase letters, digits, '-', '_' and '.', starting with a letter or digit "
                + "(at most 100), not a name Windows reserves such as con or aux"
        }
    }
}
