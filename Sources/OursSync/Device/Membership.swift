/// One household this device belongs to (or belonged to), and where it finds it.
///
/// `Device.memberships()` lists them; `Zone.membership` is the one a zone was opened with. What
/// the device recorded when it last synced: the household's manifest (`Zone.manifest()`) is what
/// every device agrees on.
public struct Membership: Sendable, Equatable {
    /// Whether the device still syncs the household, and if not, why.
    public enum Status: String, Sendable {
        /// Syncing normally.
        case active
        /// This person left; the device keeps a read-only copy.
        case left
        /// The owner removed this person; the device keeps a read-only copy.
        case removed
        /// The owner dissolved the household; the device keeps a read-only copy.
        case dissolved
    }

    /// The household's id (from `zone.json`); also the name of its replica folder.
    public var id: String
    /// The household's name (from `zone.json`), as this device last read it.
    public var name: String
    /// Where this device mounts the shared folder (each device may mount it elsewhere).
    public var folder: String
    /// The household's folder name under the shared folder.
    public var directory: String
    /// This device's person's role in the household.
    public var role: Participant.Role
    /// This device's person's permission in the household.
    public var permission: Participant.Permission
    /// Active, or why the device no longer syncs.
    public var status: Status
    /// When this device joined or created the household, as ISO 8601 UTC text; empty when not
    /// known.
    public var joinedAt: String

    package init(
        id: String, name: String, folder: String, directory: String, role: Participant.Role,
        permission: Participant.Permission, status: Status = .active, joinedAt: String
    ) {
        self.id = id
        self.name = name
        self.folder = folder
        self.directory = directory
        self.role = role
        self.permission = permission
        self.status = status
        self.joinedAt = joinedAt
    }

    /// Where the household's files are, on this device's mount of the shared folder.
    public var layout: ZoneLayout { ZoneLayout(root: folder, directoryName: directory) }

    /// Whether this device may change the household's records.
    public var canWrite: Bool { status == .active && permission == .readWrite }

    var document: JSONValue {
        [
            "id": .string(id), "name": .string(name), "folder": .string(folder), "directory": .string(directory),
            "role": .string(role.rawValue), "permission": .string(permission.rawValue),
            "status": .string(status.rawValue), "joinedAt": .string(joinedAt),
        ]
    }

    init(reading reader: JSONObjectReader) throws(OursError) {
        self.init(
            id: try reader.string("id"), name: try reader.string("name"), folder: try reader.string("folder"),
            directory: try reader.string("directory"),
            role: Participant.Role(rawValue: reader.optionalString("role") ?? "") ?? .member,
            permission: Participant.Permission(rawValue: reader.optionalString("permission") ?? "") ?? .readOnly,
            status: Status(rawValue: reader.optionalString("status") ?? "") ?? .active,
            joinedAt: reader.optionalString("joinedAt") ?? "")
    }
}
