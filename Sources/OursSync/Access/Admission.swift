/// The rules every device applies to changes it reads from the folder: who may change what.
///
/// These rules keep honest devices, buggy versions and careless hand edits in line. They are
/// not a defence against someone who can write the folder: stamps are not signatures. See
/// docs/THREAT-MODEL.md.
public enum Admission {
    public enum Verdict: Sendable, Equatable {
        case accept
        /// The writer is known and may not make this change.
        case reject(String)
        /// The writer is not in the manifest (yet): the change waits.
        case unknownDevice(DeviceID)
    }

    /// Whether a record change stamped `stamp` may be merged.
    public static func recordVerdict(_ stamp: Stamp, manifest: ParticipantManifest) -> Verdict {
        if stamp.device.isHandEdit { return .accept }
        guard let participant = manifest.participant(forDevice: stamp.device) else { return .unknownDevice(stamp.device) }
        if participant.status == .pending { return .reject("\(participant.name) has not finished joining") }
        if participant.status == .removed || participant.status == .left,
            participant.statusStamp.map({ stamp > $0 }) ?? true
        {
            return .reject("\(participant.name) \(participant.status == .left ? "left" : "was removed") before this change")
        }
        if participant.permission == .readOnly, participant.permissionStamp.map({ stamp > $0 }) ?? true {
            return .reject("\(participant.name) is a read-only member")
        }
        return .accept
    }

    /// What of the manifest decides which record changes are rejected: who left or was removed
    /// (and from which stamp), who is read-only (and from which stamp), with their devices.
    /// When it changes, changes merged before may now be rejected, so every record is filtered
    /// again (see `SyncPass`).
    public static func rejectionPolicy(_ manifest: ParticipantManifest) -> String {
        manifest.participants.values.sorted { $0.id < $1.id }.compactMap { participant -> String? in
            var rules: [String] = []
            if participant.status == .removed || participant.status == .left {
                rules.append("\(participant.status.rawValue)@\(participant.statusStamp.map { "\($0)" } ?? "-")")
            }
            if participant.permission == .readOnly {
                rules.append("read-only@\(participant.permissionStamp.map { "\($0)" } ?? "-")")
            }
            guard !rules.isEmpty else { return nil }
            let devices = participant.devices.map(\.rawValue).sorted().joined(separator: ",")
            return "\(participant.id)[\(devices)] " + rules.joined(separator: " ")
        }.joined(separator: "; ")
    }

    /// Filters an incoming record state down to the changes that may be merged.
    /// - Returns: the admitted state, the reasons for rejected changes, and unknown writers.
    public static func admitRecord(
        _ state: RecordState, manifest: ParticipantManifest
    )
        -> (admitted: RecordState, rejections: [String], unknown: Set<DeviceID>)
    {
        var rejections: Set<String> = []
        var unknown: Set<DeviceID> = []
        let admitted = state.filtered { stamp in
            switch recordVerdict(stamp, manifest: manifest) {
            case .accept: return true
            case .reject(let why): rejections.insert(why); return false
            case .unknownDevice(let device): unknown.insert(device); return false
            }
        }
        return (admitted, rejections.sorted(), unknown)
    }

    /// A state without the changes the manifest now rejects: a change merged here before this
    /// device learnt that its writer had been removed leaves the replica once it knows. The
    /// device's own changes stay in its own replica (a removed member keeps what they typed).
    public static func withoutRejected(
        _ state: RecordState, manifest: ParticipantManifest, keeping own: DeviceID
    )
        -> RecordState
    {
        state.filtered { stamp in
            if stamp.device != own, case .reject = recordVerdict(stamp, manifest: manifest) { return false }
            return true
        }
    }

    /// Filters an incoming `zone.json` state: only the owner's devices change it.
    public static func admitZone(
        _ incoming: RecordState, current: RecordState, manifest: ParticipantManifest
    )
        -> (admitted: RecordState, rejections: [String])
    {
        guard let zone = ZoneInfo(current), let owner = manifest.participants[zone.owner] else {
            return (incoming, [])  // first sight of the household: trusted as found
        }
        var rejections: Set<String> = []
        let known = Set(current.allStamps)
        let admitted = incoming.filtered { stamp in
            if owner.devices.contains(stamp.device) || known.contains(stamp) { return true }
            rejections.insert("zone.json changed by \(describe(stamp.device, manifest)), who is not the owner")
            return false
        }
        return (admitted, rejections.sorted())
    }

    /// Filters an incoming `participants.json` state by the manifest rules: the owner's devices
    /// change anything; a member's devices change only their own name, email, devices and
    /// last-seen time, and may set their own status to `left`; a new participant may add
    /// themselves with a share code of this household that grants the permission they claim.
    public static func admitManifest(
        _ incoming: RecordState, current: RecordState, zone: ZoneInfo?, code: (String) -> ShareCode?,
        zoneDirectory: String
    ) -> (admitted: RecordState, rejections: [String]) {
        let manifest = ParticipantManifest(current)
        guard let zone, !manifest.participants.isEmpty else { return (incoming, []) }
        // The zone's owner, and whoever the manifest still lists as owner: during a handover
        // the new owner's device has merged zone.json (new owner) before the old owner's
        // manifest changes that went with it.
        var ownerDevices = Set(manifest.participants[zone.owner]?.devices ?? [])
        for participant in manifest.participants.values where participant.role == .owner {
            ownerDevices.formUnion(participant.devices)
        }
        let claimed = ParticipantManifest(incoming)
        var rejections: Set<String> = []
        let admitted = incoming.filtered { stamp in
            ownerDevices.contains(stamp.device)
        }
        var result = admitted
        for (name, register) in incoming.fields {
            guard let dot = name.firstIndex(of: ".") else { continue }
            let participantID = String(name[..<dot])
            let field = String(name[name.index(after: dot)...])
            let known = current.fields[name]?.entries ?? []
            for entry in register.entries where !ownerDevices.contains(entry.stamp.device) && !known.contains(entry) {
                let verdict = memberVerdict(
                    entry, participantID: participantID, field: field, known: manifest, claimed: claimed,
                    incoming: incoming, code: code, zoneDirectory: zoneDirectory)
                if let why = verdict {
                    rejections.insert(why)
                } else {
                    result.insert(entry, field: name)
                }
            }
        }
        return (result, rejections.sorted())
    }

    static func memberVerdict(
        _ entry: FieldEntry, participantID: String, field: String, known: ParticipantManifest,
        claimed: ParticipantManifest, incoming: RecordState, code: (String) -> ShareCode?, zoneDirectory: String
    ) -> String? {
        let device = entry.stamp.device
        if device.isHandEdit { return "participants.json was edited by hand (\(participantID).\(field)); only devices change it" }
        if let existing = known.participants[participantID] {
            if isRejoin(entry, existing: existing, claimed: claimed, incoming: incoming, code: code, zoneDirectory: zoneDirectory)
            {
                return nil
            }
            guard existing.devices.contains(device) else {
                return "\(describe(device, known)) may not change \(existing.name)'s \(field)"
            }
            switch field {
            case "name", "email", "devices", "lastSeen": return nil
            case "status" where entry.value?.stringValue == Participant.Status.left.rawValue: return nil
            default: return "\(existing.name) may not change their own \(field)"
            }
        }
        // A participant adding themselves: allowed with a valid code of this household.
        guard let newcomer = claimed.participants[participantID], newcomer.devices.contains(device) else {
            return "\(describe(device, known)) may not add participant \(participantID)"
        }
        guard let codeText = newcomer.code, let shareCode = code(codeText), shareCode.zone == zoneDirectory else {
            return "\(newcomer.name) joined without a share code of this household"
        }
        if newcomer.role == .owner { return "\(newcomer.name) may not join as the owner" }
        if newcomer.permission == .readWrite, shareCode.permission == .readOnly {
            return "\(newcomer.name) claims write access with a read-only code"
        }
        return nil
    }

    /// Someone who left or was removed joining again, in one write, with a share code of this
    /// household made after they left (an old code cannot bring a removed member back).
    static func isRejoin(
        _ entry: FieldEntry, existing: Participant, claimed: ParticipantManifest, incoming: RecordState,
        code: (String) -> ShareCode?, zoneDirectory: String
    ) -> Bool {
        guard existing.status == .left || existing.status == .removed,
            let again = claimed.participants[existing.id], again.devices.contains(entry.stamp.device),
            again.status == .active, again.role == .member, let codeText = again.code, codeText != existing.code,
            incoming.fields[existing.id + ".code"]?.winner.stamp == entry.stamp,
            let shareCode = code(codeText), shareCode.zone == zoneDirectory,
            again.permission == .readOnly || shareCode.permission == .readWrite,
            let created = UTCTime.parseISO8601(shareCode.createdAt), let left = existing.statusStamp,
            created > left.millis
        else { return false }
        return true
    }

    static func describe(_ device: DeviceID, _ manifest: ParticipantManifest) -> String {
        if let participant = manifest.participant(forDevice: device) { return "\(participant.name)'s device \(device)" }
        return "unknown device \(device)"
    }
}
