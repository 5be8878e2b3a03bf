/// A person in a household, as the participant manifest records them.
///
/// What an app shows as the household's members (`Zone.manifest()`, `JoinPreview.members`);
/// the permission rules every device applies follow from `role`, `permission` and `status`.
/// A person who was removed or left stays listed, with that status.
public struct Participant: Sendable, Equatable {
    /// The household's owner (exactly one), who may change anything; or a member.
    public enum Role: String, Sendable { case owner, member }
    /// Whether the person may change records, or only read them.
    public enum Permission: String, Sendable { case readOnly, readWrite }
    /// Where the person stands: `pending` (has not finished joining), `active`, `removed` by the
    /// owner, or `left` of their own accord. Only an active person's writes count.
    public enum Status: String, Sendable { case pending, active, removed, left }

    /// The participant id: random, fixed for life, shared by all of the person's devices.
    public var id: String
    /// The name the person gave; their id when no device that read it has written it yet.
    public var name: String
    /// The e-mail address the person gave, if any; shown to the household, never checked.
    public var email: String?
    /// Owner or member.
    public var role: Role
    /// Read-only or read-write.
    public var permission: Permission
    /// Pending, active, removed or left.
    public var status: Status
    /// The ids of the person's devices in this household.
    public var devices: [DeviceID]
    /// When the person joined, as ISO 8601 UTC text (`2026-11-22T10:00:00.000Z`).
    public var joinedAt: String?
    /// The share code used to join, if any.
    public var code: String?
    /// About when one of the person's devices last synced, as ISO 8601 UTC text (refreshed now
    /// and then, not on every pass); `nil` until one has.
    public var lastSeen: String?
    /// When the permission and the status were last set.
    package var permissionStamp: Stamp?
    package var statusStamp: Stamp?
    /// When this participant was away (removed or left, until they rejoined) and when they
    /// were read-only (until a read-write code upgraded them, or for good): record writes
    /// stamped inside a span are ignored, even after the participant came back or was upgraded.
    package var inactiveSpans: [StampSpan] = []
    package var readOnlySpans: [StampSpan] = []

    package init(
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
    package var fields: [String: JSONValue?] {
        var result: [String: JSONValue?] = [
            "name": .string(name), "role": .string(role.rawValue), "permission": .string(permission.rawValue),
            "status": .string(status.rawValue), "devices": .array(devices.map { .string($0.rawValue) }),
            "email": email.map { .string($0) }, "joinedAt": joinedAt.map { .string($0) },
            "code": code.map { .string($0) },
        ]
        if let lastSeen { result["lastSeen"] = .string(lastSeen) }
        return Dictionary(uniqueKeysWithValues: result.map { (id + "." + $0.key, $0.value) })
    }

    /// Whether the person's writes to records count now: read-write and active.
    public var canWrite: Bool { permission == .readWrite && status == .active }
}

/// A stretch of time between two stamps of a participant's history: from a write of the
/// manifest (a removal, say) until the next one that undid it (a rejoin), or open-ended.
package struct StampSpan: Sendable, Hashable, CustomStringConvertible {
    package var from: Stamp
    package var until: Stamp?
    /// What the participant was during the span: `removed`, `left` or `read-only`.
    package var state: String

    package init(from: Stamp, until: Stamp?, state: String) {
        self.from = from
        self.until = until
        self.state = state
    }

    /// Whether a write stamped `stamp` falls inside: after its start, before its end.
    package func contains(_ stamp: Stamp) -> Bool {
        stamp > from && until.map { stamp < $0 } ?? true
    }

    package var description: String { "\(state)@\(from)" + (until.map { "..\($0)" } ?? "") }
}
