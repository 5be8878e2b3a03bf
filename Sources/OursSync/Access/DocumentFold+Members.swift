/// The manifest rules for writes not made by the owner's devices: a member changes only their
/// own name, email, devices (never one another participant listed first) and last-seen time,
/// and may leave; a newcomer adds themselves with a share code of this household; someone
/// who left or was removed comes back with a new code (after a removal, one made after it);
/// a read-only member becomes read-write with a new read-write code (after the owner made
/// them read-only, one made after that).
extension DocumentFold {
    /// Judges a member's write, participant by participant; returns what is admitted.
    mutating func judgeMembers(_ candidates: [Candidate], of write: Write) -> [Candidate] {
        let device = write.stamp.device
        var admitted: [Candidate] = []
        let groups = Dictionary(grouping: candidates) { $0.participantField.participant }
        for (participantID, group) in groups.sorted(by: { $0.key < $1.key }) {
            let fields = Set(group.map(\.participantField.field))
            guard let before = view.participants[participantID] else {
                let claimed = claimedParticipant(participantID, after: group)
                let verdict = newcomerVerdict(participantID, claimed: claimed, device: device)
                for candidate in group where verdict != .accept { refuse(candidate, verdict) }
                if verdict == .accept { admitted += group }
                continue
            }
            // Only a write of the status or the permission can be a rejoin or an upgrade.
            let claimed =
                fields.contains("status") || fields.contains("permission") ? claimedParticipant(participantID, after: group) : nil
            if let verdict = rejoinVerdict(before, claimed: claimed, group: group, device: device) {
                for candidate in group where verdict != .accept { refuse(candidate, verdict) }
                if verdict == .accept { admitted += group }
                continue
            }
            let upgrade = upgradeVerdict(before, claimed: claimed, group: group, device: device)
            for candidate in group {
                let field = candidate.participantField.field
                let verdict: Verdict
                if before.status == .removed || before.status == .left, !Self.inert.contains(field) {
                    // Gone, they change nothing but by coming back: a leave that did not see the
                    // removal before it does not turn that removal into a leave.
                    verdict = .reject("\(before.name) \(Self.departure(before.status)) before this change")
                } else if let upgrade, field == "permission" || field == "code" {
                    verdict = upgrade
                } else {
                    verdict = fieldVerdict(candidate, of: before, device: device)
                }
                if verdict == .accept { admitted.append(candidate) } else { refuse(candidate, verdict) }
            }
        }
        return admitted
    }

    /// A member's write of one of their own fields.
    private func fieldVerdict(_ candidate: Candidate, of participant: Participant, device: DeviceID) -> Verdict {
        let field = candidate.participantField.field
        guard deviceOwners[device] == participant.id else {
            return .reject("\(describe(device)) may not change \(participant.name)'s \(field)")
        }
        switch field {
        case "name", "email", "lastSeen": return .accept
        case "devices":
            if let why = claim(
                ParticipantManifest.deviceList(candidate.entry.value), by: participant.id, name: participant.name, device: device)
            {
                return .reject(why)
            }
            return .accept
        case "status" where candidate.entry.value?.stringValue == Participant.Status.left.rawValue: return .accept
        default: return .reject("\(participant.name) may not change their own \(field)")
        }
    }

    /// Why listing `devices` would claim a device another participant listed first, if it would.
    private func claim(_ devices: [DeviceID], by participantID: String, name: String, device: DeviceID) -> String? {
        for listed in devices {
            guard let owner = deviceOwners[listed], owner != participantID else { continue }
            let ownerName = view.participants[owner]?.name ?? owner
            return "\(name)'s device \(device) may not claim device \(listed), which is \(ownerName)'s"
        }
        return nil
    }

    /// Someone not in the manifest adding themselves.
    private mutating func newcomerVerdict(_ participantID: String, claimed: Participant?, device: DeviceID) -> Verdict {
        // The device must be the newcomer's own (see `deviceOwners`): listed first by them,
        // whether or not the entry that listed it is still carried with this write.
        guard let claimed, deviceOwners[device] == participantID else {
            return .reject("\(describe(device)) may not add participant \(participantID)")
        }
        if let why = claim(claimed.devices, by: participantID, name: claimed.name, device: device) { return .reject(why) }
        let (found, verdict) = findCode(claimed.code, for: claimed.name, doing: "joined")
        guard let shareCode = found else { return verdict }
        if claimed.role == .owner { return .reject("\(claimed.name) may not join as the owner") }
        if claimed.permission == .readWrite, shareCode.permission == .readOnly {
            return .reject("\(claimed.name) claims write access with a read-only code")
        }
        return .accept
    }

    /// Someone who left or was removed coming back, in one write that gives a new share code
    /// of this household (`nil` when the write is no such attempt).
    private mutating func rejoinVerdict(
        _ before: Participant, claimed: Participant?, group: [Candidate], device: DeviceID
    ) -> Verdict? {
        guard before.status == .left || before.status == .removed, let claimed, claimed.status == .active,
            group.contains(where: { $0.participantField.field == "status" })
        else { return nil }
        guard deviceOwners[device] == before.id else {
            return .reject("\(describe(device)) may not bring \(before.name) back")
        }
        if claimed.role == .owner { return .reject("\(before.name) may not come back as the owner") }
        guard group.contains(where: { $0.participantField.field == "code" }), claimed.code != before.code else {
            return .reject("\(before.name) came back without a new share code")
        }
        let (found, verdict) = findCode(claimed.code, for: before.name, doing: "came back")
        guard let shareCode = found else { return verdict }
        if claimed.permission == .readWrite, shareCode.permission == .readOnly {
            return .reject("\(before.name) claims write access with a read-only code")
        }
        if before.status == .removed, let removal = before.statusStamp, !shareCode.madeAfter(removal) {
            return .reject(
                "\(before.name) came back with share code \(shareCode.code), made before they were removed; "
                    + "only a code made after the removal brings them back")
        }
        if claimed.permission == .readWrite, let why = raiseRefusal(before, with: shareCode) { return .reject(why) }
        return .accept
    }

    /// A read-only member becoming read-write with a new read-write code, in one write
    /// (`nil` when the write is no such attempt).
    private mutating func upgradeVerdict(
        _ before: Participant, claimed: Participant?, group: [Candidate], device: DeviceID
    ) -> Verdict? {
        guard before.status == .active, before.permission == .readOnly, let claimed, claimed.permission == .readWrite,
            deviceOwners[device] == before.id, group.contains(where: { $0.participantField.field == "permission" }),
            group.contains(where: { $0.participantField.field == "code" })
        else { return nil }
        guard claimed.code != before.code else {
            return .reject("\(before.name) may not change their own permission without a new read-write share code")
        }
        let (found, verdict) = findCode(claimed.code, for: before.name, doing: "asked for write access")
        guard let shareCode = found else { return verdict }
        if shareCode.permission == .readOnly { return .reject("\(before.name) claims write access with a read-only code") }
        return raiseRefusal(before, with: shareCode).map { .reject($0) } ?? .accept
    }

    /// Why a code may not make `participant` read-write: when the owner made them read-only,
    /// a code made before that decision cannot undo it.
    private func raiseRefusal(_ participant: Participant, with shareCode: ShareCode) -> String? {
        guard participant.permission == .readOnly, let set = participant.permissionStamp,
            deviceOwners[set.device] != participant.id, !shareCode.madeAfter(set)
        else { return nil }
        return "\(participant.name) was made read-only after share code \(shareCode.code) was made; "
            + "only a code made after that gives write access"
    }

    /// The share code a write names, when it is in the folder and of this household; else
    /// the verdict on the write.
    private mutating func findCode(_ text: String?, for name: String, doing what: String) -> (ShareCode?, Verdict) {
        let elsewhere = Verdict.reject("\(name) \(what) without a share code of this household")
        guard let text else { return (nil, elsewhere) }
        guard let found = shareCode(text) else {
            return (nil, .wait("\(name) \(what) with share code \(text), which is not in the shared folder (yet)"))
        }
        return found.zone == zoneDirectory ? (found, .accept) : (nil, elsewhere)
    }

    /// A participant as a write leaves them: their admitted fields with the write's on top.
    private func claimedParticipant(_ participantID: String, after group: [Candidate]) -> Participant? {
        var fields: [String: (JSONValue, Stamp)] = [:]
        for (name, register) in manifest.fields where name.hasPrefix(participantID + ".") {
            let field = String(name.dropFirst(participantID.count + 1))
            if let value = register.winner.value { fields[field] = (value, register.winner.stamp) }
        }
        for candidate in group {
            let field = candidate.participantField.field
            fields[field] = candidate.entry.value.map { ($0, candidate.entry.stamp) }
        }
        return ParticipantManifest.participant(id: participantID, fields: fields)
    }
}

extension ShareCode {
    /// Whether this code was made after a write stamped `stamp` (by the writers' clocks).
    func madeAfter(_ stamp: Stamp) -> Bool {
        guard let created = UTCTime.parseISO8601(createdAt) else { return false }
        return created > stamp.millis
    }
}
