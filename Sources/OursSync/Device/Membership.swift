/// One household this device belongs to (or belonged to), and where it finds it.
public struct Membership: Sendable, Equatable {
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
    public var name: String
    /// Where this device mounts the shared folder (each device may mount it elsewhere).
    public var folder: String
    /// The household's folder name under the shared folder.
    public var directory: String
    public var role: Participant.Role
    public var permission: Participant.Permission
    public var status: Status
    public var joinedAt: String

    public init(
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
