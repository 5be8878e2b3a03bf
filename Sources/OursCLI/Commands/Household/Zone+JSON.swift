import OursSync

extension Zone {
    /// The JSON object people and scripts get for a household.
    var householdJSON: JSONValue {
        guard let membership else {
            return ["id": .string(id), "name": .string(name), "private": true]
        }
        return [
            "id": .string(membership.id), "name": .string(membership.name), "folder": .string(membership.folder),
            "directory": .string(membership.directory), "role": .string(membership.role.rawValue),
            "permission": .string(membership.permission.rawValue), "status": .string(membership.status.rawValue),
            "joinedAt": .string(membership.joinedAt),
        ]
    }

    /// `{"id", "name", "household": {"id", "name"}}`: the member a command acted on.
    func json(of participant: Participant) -> JSONValue {
        [
            "id": .string(participant.id), "name": .string(participant.name),
            "household": ["id": .string(id), "name": .string(name)],
        ]
    }
}
