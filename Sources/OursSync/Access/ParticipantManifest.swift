/// The household's participants, read from the merged `participants.json` document.
public struct ParticipantManifest: Sendable, Equatable {
    public var participants: [String: Participant]

    public init(participants: [String: Participant] = [:]) { self.participants = participants }

    public init(_ state: RecordState) {
        var grouped: [String: [String: (JSONValue, Stamp)]] = [:]
        for (name, register) in state.fields {
            guard let dot = name.firstIndex(of: "."), let value = register.winner.value else { continue }
            grouped[String(name[..<dot]), default: [:]][String(name[name.index(after: dot)...])] = (value, register.winner.stamp)
        }
        var participants: [String: Participant] = [:]
        for (id, fields) in grouped {
            guard let name = fields["name"]?.0.stringValue else { continue }
            var participant = Participant(
                id: id, name: name, email: fields["email"]?.0.stringValue,
                role: fields["role"]?.0.stringValue.flatMap(Participant.Role.init) ?? .member,
                permission: fields["permission"]?.0.stringValue.flatMap(Participant.Permission.init) ?? .readOnly,
                status: fields["status"]?.0.stringValue.flatMap(Participant.Status.init) ?? .pending,
                devices: (fields["devices"]?.0.arrayValue ?? []).compactMap { $0.stringValue.flatMap(DeviceID.init) },
                joinedAt: fields["joinedAt"]?.0.stringValue, code: fields["code"]?.0.stringValue,
                lastSeen: fields["lastSeen"]?.0.stringValue)
            participant.permissionStamp = fields["permission"]?.1
            participant.statusStamp = fields["status"]?.1
            participants[id] = participant
        }
        self.participants = participants
    }

    public func participant(forDevice device: DeviceID) -> Participant? {
        participants.values.first { $0.devices.contains(device) }
    }

    /// Participants sorted for display: owner first, then by name.
    public var sorted: [Participant] {
        participants.values.sorted {
            if ($0.role == .owner) != ($1.role == .owner) { return $0.role == .owner }
            return ($0.name.lowercased(), $0.id) < ($1.name.lowercased(), $1.id)
        }
    }
}
