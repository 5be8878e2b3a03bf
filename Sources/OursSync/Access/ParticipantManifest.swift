/// The household's participants, read from the merged `participants.json` document.
public struct ParticipantManifest: Sendable, Equatable {
    /// Every participant the document names, whatever their status, by participant id.
    public var participants: [String: Participant]
    /// Which participant each device id belongs to: the one whose entry listed it first (see
    /// `deviceOwners(_:)`), so a lookup never depends on the order of a dictionary.
    public private(set) var deviceOwners: [DeviceID: String]
    /// Devices taken off their person's list, each with the stamp of the write that did it:
    /// their writes stamped after it are ignored (see `deviceRemovals`).
    public private(set) var removedDevices: [DeviceID: Stamp] = [:]

    /// A manifest of `participants` with no history: each device belongs to the participant who
    /// lists it (the smaller id when two do), and no device is removed.
    public init(participants: [String: Participant] = [:]) {
        self.participants = participants
        var listings: [(participant: String, stamp: Stamp, devices: [DeviceID])] = []
        for participant in participants.values {
            // Without a history, every device of a participant counts as listed at the start.
            listings.append((participant.id, Stamp(millis: 0, device: DeviceID("00000000")!), participant.devices))
        }
        deviceOwners = Self.deviceOwners(listings)
    }

    /// The manifest a merged `participants.json` describes, with the history its fields keep:
    /// when each participant was inactive or read-only, who owns each device, and removals.
    public init(_ state: RecordState) {
        var grouped: [String: [String: (JSONValue, Stamp)]] = [:]
        var histories: [String: [String: [FieldEntry]]] = [:]
        for (name, register) in state.fields {
            guard let dot = name.firstIndex(of: ".") else { continue }
            let id = String(name[..<dot])
            let field = String(name[name.index(after: dot)...])
            if field == "devices" || field == "status" || field == "permission" {
                histories[id, default: [:]][field] = Self.history(of: register)
            }
            guard let value = register.winner.value else { continue }
            grouped[id, default: [:]][field] = (value, register.winner.stamp)
        }
        var participants: [String: Participant] = [:]
        for (id, fields) in grouped {
            guard var participant = Self.participant(id: id, fields: fields) else { continue }
            participant.inactiveSpans = Self.spans(histories[id]?["status"] ?? []) { value in
                value == Participant.Status.removed.rawValue || value == Participant.Status.left.rawValue ? value : nil
            }
            participant.readOnlySpans = Self.spans(histories[id]?["permission"] ?? []) { value in
                value == Participant.Permission.readOnly.rawValue ? "read-only" : nil
            }
            participants[id] = participant
        }
        self.participants = participants
        var listings: [(participant: String, stamp: Stamp, devices: [DeviceID])] = []
        for (id, fields) in histories {
            for entry in fields["devices"] ?? [] {
                // A removal mark still says whose device it was, when the listing is no longer carried.
                let marked = Self.removalMarks(in: entry).map(\.device)
                listings.append((id, entry.stamp, Self.deviceList(entry.value) + marked))
            }
        }
        deviceOwners = Self.deviceOwners(listings)
        for (id, fields) in histories {
            let removals = Self.deviceRemovals(fields["devices"] ?? [], participant: id, owners: deviceOwners)
            removedDevices.merge(removals) { min($0, $1) }
        }
    }

    /// The participant a device belongs to (see `deviceOwners`); the same answer on every
    /// device and in every process.
    public func participant(forDevice device: DeviceID) -> Participant? {
        deviceOwners[device].flatMap { participants[$0] }
    }

    /// How many participants name `code` as the share code they joined (or were upgraded)
    /// with: uses of the code, whether or not its file counted them.
    public func uses(of code: String) -> Int {
        participants.values.filter { $0.code == code }.count
    }

    /// Participants sorted for display: owner first, then by name.
    public var sorted: [Participant] {
        participants.values.sorted {
            if ($0.role == .owner) != ($1.role == .owner) { return $0.role == .owner }
            return ($0.name.lowercased(), $0.id) < ($1.name.lowercased(), $1.id)
        }
    }

    // MARK: Rules shared with the admission of documents

    /// A participant from the values of their fields (with the stamps that set them); `nil`
    /// without a name or a status (an entry is never written without both).
    ///
    /// A participant whose name no copy this device holds still is one, named by their id: a
    /// hand edit of the name that every device ignores takes the value it replaced with it on
    /// a device that never read that value (one that joins or recovers just after the edit),
    /// until a device that did writes the file again. Without this the person (the owner, say)
    /// would not be in the household at all on that device in the meantime.
    static func participant(id: String, fields: [String: (JSONValue, Stamp)]) -> Participant? {
        guard let name = fields["name"]?.0.stringValue ?? (fields["status"] != nil ? id : nil) else { return nil }
        var participant = Participant(
            id: id, name: name, email: fields["email"]?.0.stringValue,
            role: fields["role"]?.0.stringValue.flatMap(Participant.Role.init) ?? .member,
            permission: fields["permission"]?.0.stringValue.flatMap(Participant.Permission.init) ?? .readOnly,
            status: fields["status"]?.0.stringValue.flatMap(Participant.Status.init) ?? .pending,
            devices: deviceList(fields["devices"]?.0),
            joinedAt: fields["joinedAt"]?.0.stringValue, code: fields["code"]?.0.stringValue,
            lastSeen: fields["lastSeen"]?.0.stringValue)
        participant.permissionStamp = fields["permission"]?.1
        participant.statusStamp = fields["status"]?.1
        return participant
    }

    /// Who owns each device id: the participant whose entry listed it with the earliest
    /// stamp, ties broken by the smaller participant id. Later listings by anyone else are
    /// claims, which `Admission` ignores; this rule alone already makes every lookup agree.
    static func deviceOwners(_ listings: [(participant: String, stamp: Stamp, devices: [DeviceID])]) -> [DeviceID: String] {
        var first: [DeviceID: (Stamp, String)] = [:]
        for listing in listings where !listing.stamp.device.isHandEdit {
            for device in listing.devices {
                if let known = first[device], (known.0, known.1) <= (listing.stamp, listing.participant) { continue }
                first[device] = (listing.stamp, listing.participant)
            }
        }
        return first.mapValues(\.1)
    }

    /// Every write of a field this document still knows, oldest first: the register's entries
    /// and what each replaced, without hand edits (never admitted in the documents).
    static func history(of register: FieldRegister) -> [FieldEntry] {
        var seen: Set<Stamp> = []
        var result: [FieldEntry] = []
        for entry in register.entries {
            for write in [entry.withoutReplaced] + entry.replaced
            where !write.stamp.device.isHandEdit && seen.insert(write.stamp).inserted {
                result.append(write)
            }
        }
        return result.sorted { $0.stamp < $1.stamp }
    }

    /// The spans of a field's history during which its value was restricted: `restriction`
    /// names the restriction a value stands for, `nil` for none.
    static func spans(_ history: [FieldEntry], restriction: (String) -> String?) -> [StampSpan] {
        var spans: [StampSpan] = []
        var open: StampSpan?
        for entry in history {
            if let state = restriction(entry.value?.stringValue ?? "") {
                if open == nil { open = StampSpan(from: entry.stamp, until: nil, state: state) }
            } else if var span = open {
                span.until = entry.stamp
                spans.append(span)
                open = nil
            }
        }
        if let open { spans.append(open) }
        return spans
    }

    static func deviceList(_ value: JSONValue?) -> [DeviceID] {
        (value?.arrayValue ?? []).compactMap { $0.stringValue.flatMap(DeviceID.init) }
    }
}
