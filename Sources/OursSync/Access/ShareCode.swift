/// A share code: six characters that point at a household in the shared folder, with a
/// permission. Stored as `codes/<CODE>.json` beside the households.
///
/// A code is a pointer plus a permission, not a secret: anyone who can read the folder can
/// read every code. The folder's own access control is the boundary (docs/THREAT-MODEL.md).
public struct ShareCode: Sendable, Equatable {
    /// No look-alikes: no 0/O, 1/I/L.
    public static let alphabet = Array("ABCDEFGHJKMNPQRSTUVWXYZ23456789")
    public static let length = 6

    public enum Status: String, Sendable { case active, used, expired, revoked }

    public var code: String
    /// The household's folder name, relative to the shared folder's root.
    public var zone: String
    public var permission: Participant.Permission
    public var createdBy: String
    public var createdAt: String
    public var expiresAt: String?
    public var maxUses: Int?
    public var uses: Int
    public var revokedAt: String?
    /// Keys written by newer versions, kept.
    public var extra: [String: JSONValue] = [:]

    public init(
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
    public static func newCode() -> String {
        var generator = SystemRandomNumberGenerator()
        return String((0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
    }

    /// Normalizes what a person typed: any case, spaces and dashes ignored.
    /// - Throws: `ShareCodeError.malformed` naming the first bad character or the wrong length.
    public static func normalize(_ typed: String) throws(ShareCodeError) -> String {
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

    public func status(nowMillis: Int64) -> Status {
        if revokedAt != nil { return .revoked }
        if let expiresAt, let expiry = UTCTime.parseISO8601(expiresAt), expiry <= nowMillis { return .expired }
        if let maxUses, uses >= maxUses { return .used }
        return .active
    }
}

public enum ShareCodeError: Error, Sendable, Equatable, CustomStringConvertible {
    case malformed(String)
    case damaged(path: String, detail: String)

    public var description: String {
        switch self {
        case .malformed(let detail): detail
        case .damaged(let path, let detail): "\(path): \(detail)"
        }
    }
}
