/// A share code: six characters that point at a household in the shared folder, with a
/// permission. Stored as `codes/<CODE>.json` beside the households.
///
/// A code is a pointer plus a permission, not a secret: anyone who can read the folder can
/// read every code. The folder's own access control is the boundary (docs/THREAT-MODEL.md).
///
/// An app gets one from `Zone.invite(readOnly:expiresInMillis:maxUses:)` (and lists them with
/// `Zone.codes()`), shows `code` to the person invited, who types it into
/// `Device.join(code:folder:)` on their device.
public struct ShareCode: Sendable, Equatable {
    /// No look-alikes: no 0/O, 1/I/L.
    static let alphabet = Array("ABCDEFGHJKMNPQRSTUVWXYZ23456789")
    static let length = 6

    /// Whether the code still lets someone join, as of a given time (`status(nowMillis:)`).
    public enum Status: String, Sendable { case active, used, expired, revoked }

    /// The six characters to type, upper case (typing ignores case, spaces and dashes).
    public var code: String
    /// The household's folder name, relative to the shared folder's root.
    public var zone: String
    /// What the person who joins with the code may do.
    public var permission: Participant.Permission
    /// The participant id of who made the code.
    public var createdBy: String
    /// When the code was made, as ISO 8601 UTC text.
    public var createdAt: String
    /// When the code stops working, as ISO 8601 UTC text; `nil` for never.
    public var expiresAt: String?
    /// How many people may join with it; `nil` for any number.
    public var maxUses: Int?
    /// How many people have joined with it so far.
    public var uses: Int
    /// When the owner revoked the code, as ISO 8601 UTC text; `nil` while not revoked.
    public var revokedAt: String?
    /// Keys written by newer versions, kept.
    package var extra: [String: JSONValue] = [:]

    package init(
        code: String, zone: String, permission: Participant.Permission, createdBy: String, createdAt: String,
        expiresAt: String?, maxUses: Int?, uses: Int = 0, revokedAt: String? = nil
    ) {
        self.code = code
        self.zone = zone
        self.permission = permission
        self.createdBy = createdBy
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.maxUses = maxUses
        self.uses = uses
        self.revokedAt = revokedAt
    }

    /// A new random code from the system's secure random source.
    static func newCode() -> String {
        var generator = SystemRandomNumberGenerator()
        return String((0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
    }

    /// Normalizes what a person typed: any case, spaces and dashes ignored.
    /// - Throws: `ShareCodeError.malformed` naming the first bad character or the wrong length.
    static func normalize(_ typed: String) throws(ShareCodeError) -> String {
        let cleaned = typed.uppercased().filter { $0 != " " && $0 != "-" && $0 != "\t" }
        if let bad = cleaned.first(where: { !alphabet.contains($0) }) {
            var hint = ""
            switch bad {
            case "0", "O": hint = " (share codes never contain 0 or O; did you mean 'Q' or 'D'?)"
            case "1", "I", "L": hint = " (codes never contain 1, I or L; did you mean 'J' or 'T'?)"
            default: break
            }
            throw .malformed("\"\(typed)\" contains '\(bad)', which is not in a share code\(hint)")
        }
        guard cleaned.count == length else {
            throw .malformed("\"\(typed)\" has \(cleaned.count) code characters; a share code has \(length)")
        }
        return cleaned
    }

    /// Revoked, else expired (by `nowMillis`, milliseconds since 1970), else used up, else active.
    public func status(nowMillis: Int64) -> Status {
        if revokedAt != nil { return .revoked }
        if let expiresAt, let expiry = UTCTime.parseISO8601(expiresAt), expiry <= nowMillis { return .expired }
        if let maxUses, uses >= maxUses { return .used }
        return .active
    }
}

enum ShareCodeError: Error, Sendable, Equatable, CustomStringConvertible {
    case malformed(String)
    case damaged(path: String, detail: String)

    var description: String {
        switch self {
        case .malformed(let detail): detail
        case .damaged(let path, let detail): "\(path): \(detail)"
        }
    }
}
