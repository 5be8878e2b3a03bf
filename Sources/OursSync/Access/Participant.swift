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
    /// When the permission and the status were last set: record writes stamped after a
    /// participant became read-only, was removed or left are ignored.
    public var permissionStamp: Stamp?
    public var statusStamp: Stamp?

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
