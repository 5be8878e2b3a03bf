@testable import OursSync

/// Membership churn (generator v2): a member who left or was removed joins again with a new
/// code, a read-only member upgraded by a read-write code, ownership handed over, a read-only
/// member who edits their own device state to read-write. The other devices learn each in
/// whatever order the sync tool and their syncs bring it.
extension SimWorld {
    /// The owner makes a new code for a device that left or was removed, and it joins with it
    /// (whether or not it has learnt of the removal yet: then the join finds it still a member).
    func rejoin(_ device: SimDevice, _ random: inout SplitMix64) -> String {
        let readOnly = random.chance(0.2)
        let learnFirst = random.chance(0.5)
        guard device.joined, device.left || device.removed, device.index != ownerIndex, siblings(device).isEmpty else {
            return "not a former member"
        }
        var notes: [String] = []
        if learnFirst { notes.append("sync first: " + sync(device, quick: false)) }
        notes.append(invite(device, readOnly: readOnly))
        guard let code = device.pendingCode else { return notes.joined(separator: "; ") }
        notes.append(joinAgain(device, code: code))
        return notes.joined(separator: "; ")
    }

    /// Joins with a code a device that already has a membership (left, removed, or read-only).
    func joinAgain(_ device: SimDevice, code: String) -> String {
        let allowed: Set<OursError.Kind> = [.notFound, .folderUnavailable, .notPermitted]
        var rejoined = false
        let note = attempt(
            "join again", on: device, allowed: allowed,
            alsoAllowed: { $0.message.contains("share code file is damaged") || SimWorld.isBrokenDocument($0) }
        ) { () throws(OursError) -> String in
            let result = try device.device.join(code: code, folder: SimSyncTool.root)
            device.pendingCode = nil
            rejoined = !result.alreadyMember
            return result.upgraded ? "upgraded" : result.alreadyMember ? "already a member" : "joined again"
        }
        if rejoined, let membership = try? device.device.memberships().first(where: { $0.id == householdID }),
            membership.status == .active
        {
            if device.left || device.removed { count("rejoins") } else { count("upgrades") }
            device.left = false
            device.removed = false
            device.readOnly = membership.permission == .readOnly
            device.tampered = false
        }
        return note
    }

    /// The owner makes a read-write code for a read-only member, who joins with it.
    func upgrade(_ random: inout SplitMix64) -> String {
        let candidates = activeMembers.filter(\.readOnly)
        guard !candidates.isEmpty else { return "no read-only member" }
        let target = random.pick(candidates)
        let invited = invite(target, readOnly: false)
        guard let code = target.pendingCode else { return invited }
        return invited + "; " + joinAgain(target, code: code)
    }

    /// The owner hands the household over to an active read-write member.
    func transfer(_ random: inout SplitMix64) -> String {
        let candidates = activeMembers.filter { !$0.readOnly && !$0.tampered }
        guard !candidates.isEmpty else { return "nobody to hand over to" }
        let target = random.pick(candidates)
        let allowed: Set<OursError.Kind> = [.folderUnavailable, .notPermitted, .notFound]
        return attempt("transfer to \(target.name)", on: owner, allowed: allowed, alsoAllowed: SimWorld.isBrokenDocument) {
            () throws(OursError) -> String in
            _ = try owner.zone(householdID).transfer(to: target.identity.participantID)
            ownerIndex = target.index
            count("transfers")
            return "\(target.name) owns the household"
        }
    }

    /// A read-only member edits their device's own state to say read-write: their device may
    /// now write, and every other device must ignore what it writes.
    func tamperReadOnly(_ device: SimDevice) -> String {
        guard device.isActive, device.readOnly, !device.tampered,
            var membership = try? device.device.memberships().first(where: { $0.id == householdID })
        else { return "not an active read-only member" }
        membership.permission = .readWrite
        do { try device.device.upsert(membership, makeCurrent: false) } catch { return "could not edit: \(error)" }
        device.tampered = true
        count("tamperedStates")
        return "edited its own state to read-write"
    }
}
