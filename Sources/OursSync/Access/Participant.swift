/// A person in a household, as the participant manifest records them.
public struct Participant: Sendable, Equatable {
    public enum Role: String, Sendable { case owner, member }
    public enum Permission: String, Sendable { case readOnly, readWrite }
    public enum Status: String, Sendable { case pending, active, removed, left }

    public var id: String
    public var name: String
    public var email: String?
    public var role: Role
    public var permission: Permission
    public var status: Status
    public var devices: [DeviceID]
    public var joinedAt: String?
    /// The share code used to join, if any.
    public var code: String?
    public var lastSeen: String?
    /// When the permission and the status were last set.
    public var permissionStamp: Stamp?
    public var statusStamp: Stamp?
    /// When this participant was away (removed or left, until they rejoined) and when they
    /// were read-only (until a read-write code upgraded them, or for good): record writes
    /// stamped inside a span are ignored, even after the participant came back or was upgraded.
    public var inactiveSpans: [StampSpan] = []
    public var readOnlySpans: [StampSpan] = []

    public init(
        id: String, name: String, email: String? = nil, role: Role, permission: Permission, status: Status,
        devices: [DeviceID], joinedAt: String? = nil, code: String? = nil, lastSeen: String? = nil
    ) {
        self.id = id
        self.name = name
        self.email = email
        self.role = role
        self.permission = permission
        self.status = status
        self.devices = devices
        self.joinedAt = joinedAt
        self.code = code
        self.lastSeen = lastSeen
    }

    /// The manifest fields for this participant, flattened as `<id>.<field>`.
    public var fields: [String: JSONValue?] {
        var result: [String: JSONValue?] = [
            "name": .string(name), "role": .string(role.rawValue), "permission": .string(permission.rawValue),
            "status": .string(status.rawValue), "devices": .array(devices.map { .string($0.rawValue) }),
            "email": email.map { .string($0) }, "joinedAt": joinedAt.map { .string($0) },
            "code": code.map { .string($0) },
        ]
        if let lastSeen { result["lastSeen"] = .string(lastSeen) }
        return Dictionary(uniqueKeysWithValues: result.map { (id + "." + $0.key, $0.value) })
    }

    public var canWrite: Bool { permission == .readWrite && status == .active }
}

/// A stretch of time between two stamps of a participant's history: from a write of the
/// manifest (a removal, say) until the next one that undid it (a rejoin), or open-ended.
public struct StampSpan: Sendable, Hashable, CustomStringConvertible {
    public var from: Stamp
    public var until: Stamp?
    /// What the participant was during the span: `removed`, `left` or `read-only`.
    public var state: String

    public init(from: Stamp, until: Stamp?, state: String) {
        self.from = from
        self.until = until
        self.state = state
    }

    /// Whether a write stamped `stamp` falls inside: after its start, before its end.
    public func contains(_ stamp: Stamp) -> Bool {
        stamp > from && until.map { stamp < $0 } ?? true
    }

    public var description: String { "\(state)@\(from)" + (until.map { "..\($0)" } ?? "") }
}
