@testable import OursSync

/// Membership actions that race (generator v4): two in one step, on two devices whose folder
/// copies have not seen each other's — two phones in two pockets. What each action needs is set
/// up first (a recovery code written down, a share code or a link code brought to the device
/// that uses it); then both act on what their own device shows, and the sync tool brings the
/// two to everyone else in whatever order it likes.
extension SimWorld {
    enum RaceAction: String, CaseIterable, Sendable {
        case transfer, leave, remove, dissolve, recover, link, removeDevice, upgrade, rejoin

        /// A dissolution ends the household: rarer, so most runs go on after their races.
        static let weights: [(RaceAction, Int)] = [
            (.transfer, 4), (.leave, 4), (.remove, 4), (.dissolve, 1), (.recover, 3), (.link, 3), (.removeDevice, 3),
            (.upgrade, 3), (.rejoin, 3),
        ]

        static func pick(_ random: inout SplitMix64) -> RaceAction {
            var left = random.int(0...(weights.reduce(0) { $0 + $1.1 } - 1))
            for (action, weight) in weights {
                if left < weight { return action }
                left -= weight
            }
            return .transfer
        }
    }

    /// An action made ready on a device: who acts, and what it needs.
    struct PreparedRace {
        var action: RaceAction
        var actor: SimDevice
        var uses: [SimDevice]
        var target: String?
        var code: String?
    }

    /// This device's own record of the household, as it last learnt it.
    func believed(_ device: SimDevice) -> Membership? {
        ((try? device.device.memberships()) ?? []).first { $0.id == householdID }
    }

    /// Whether a device takes itself for a member (its folder may be away: a person about to
    /// act gets it back first, see `mount`).
    func believesActive(_ device: SimDevice) -> Bool { believed(device)?.status == .active }

    /// The folder back where a device that is about to act, or to be handed a file, expects it.
    func mount(_ chosen: SimDevice...) {
        for device in chosen where device.unmounted != nil { _ = remount(device) }
    }

    func believesOwner(_ device: SimDevice) -> Bool { believesActive(device) && believed(device)?.role == .owner }

    func race(_ random: inout SplitMix64) -> String {
        var used: Set<Int> = []
        var prepared: [PreparedRace] = []
        var notes: [String] = []
        // Each side is an action someone can take now: one nobody can is drawn again (counted).
        for _ in 0..<2 {
            for _ in 0..<4 {
                let action = RaceAction.pick(&random)
                guard let ready = prepare(action, excluding: used, &random) else {
                    count("raceUnready." + action.rawValue)
                    continue
                }
                used.formUnion(ready.uses.map(\.index))
                prepared.append(ready)
                break
            }
        }
        if prepared.count < 2 { notes.append("only \(prepared.count) of two actions could be taken") }
        var done: [String] = []
        for ready in prepared {
            for device in ready.uses { mount(device) }
            let (acted, note) = act(ready)
            notes.append("\(ready.action.rawValue) on \(ready.actor.name): \(note)")
            if acted { done.append(ready.action.rawValue) } else { count("raceRefused." + ready.action.rawValue) }
        }
        if done.count == 2 {
            count("races")
            count("race." + done.sorted().joined(separator: "+"))
        } else {
            count("racesIncomplete")
        }
        return notes.joined(separator: "; ")
    }

    /// Chooses who acts (never a device in `excluding`) and sets up what the action needs.
    func prepare(_ action: RaceAction, excluding used: Set<Int>, _ random: inout SplitMix64) -> PreparedRace? {
        let free = devices.filter { !used.contains($0.index) }
        let owners = free.filter(believesOwner)
        switch action {
        case .transfer, .remove:
            guard let actor = owners.first, let target = otherActivePerson(seenBy: actor, &random, readWrite: action == .transfer)
            else { return nil }
            return PreparedRace(action: action, actor: actor, uses: [actor], target: target)
        case .dissolve:
            return owners.first.map { PreparedRace(action: action, actor: $0, uses: [$0]) }
        case .leave:
            let members = free.filter { believesActive($0) && believed($0)?.role == .member }
            guard !members.isEmpty else { return nil }
            let actor = random.pick(members)
            return PreparedRace(action: action, actor: actor, uses: [actor])
        case .removeDevice:
            for device in free where believesActive(device) {
                // A sibling its own copy lists as its person's.
                let person = device.identity.participantID
                guard let listed = try? device.zone(householdID).manifest().activeDevices(of: person),
                    let sibling = listed.first(where: { $0 != device.identity.deviceID })
                else { continue }
                return PreparedRace(action: action, actor: device, uses: [device], target: sibling.rawValue)
            }
            return nil
        case .recover: return prepareRecovery(free)
        case .link: return prepareLink(free, &random)
        case .upgrade, .rejoin: return prepareCode(action, free, &random)
        }
    }

    /// A participant other than the actor's person whom the actor's copy shows active.
    func otherActivePerson(seenBy actor: SimDevice, _ random: inout SplitMix64, readWrite: Bool) -> String? {
        guard let manifest = try? actor.zone(householdID).manifest() else { return nil }
        let people = manifest.sorted.filter {
            $0.id != actor.identity.participantID && $0.status == .active && (!readWrite || $0.permission == .readWrite)
        }
        return people.isEmpty ? nil : random.pick(people).id
    }

    /// The owner's recovery code written down (now, if the run knows none of the current
    /// owner's), and `zone.json` brought to a fresh device's copy.
    func prepareRecovery(_ free: [SimDevice]) -> PreparedRace? {
        guard let fresh = free.first(where: isFresh), let issuer = devices.first(where: believesOwner) else { return nil }
        mount(issuer)
        if recoveryFor != issuer.identity.participantID || recoveryCode == nil {
            // A broken zone.json (a tool's half-written copy) refuses the code, as alone.
            let note = attempt(
                "issue a recovery code", on: issuer, allowed: [.folderUnavailable, .notPermitted],
                alsoAllowed: SimWorld.isBrokenDocument
            ) { () throws(OursError) -> String in
                recoveryCode = try issuer.zone(householdID).issueRecoveryCode()
                recoveryFor = issuer.identity.participantID
                issuedRecoveryCodes.append(recoveryCode ?? "")
                return "written down"
            }
            guard note == "written down" else { return nil }
        }
        mount(fresh, issuer)
        tool.carry(zone + "/zone.json", to: fresh.index)
        tool.carry(zone + "/participants.json", to: fresh.index)
        return PreparedRace(action: .recover, actor: fresh, uses: [fresh], code: recoveryCode)
    }

    /// A member's device makes a link code, a fresh device claims it; the action is the maker's
    /// next sync, which lists the new device.
    func prepareLink(_ free: [SimDevice], _ random: inout SplitMix64) -> PreparedRace? {
        let makers = free.filter(believesActive)
        guard let fresh = free.first(where: isFresh), !makers.isEmpty else { return nil }
        let maker = random.pick(makers)
        mount(maker, fresh)
        guard let link = try? maker.device.makeLinkCode() else { return nil }
        let path = "codes/link-\(link.code).json"
        tool.carry(path, to: fresh.index)
        linkMakers[fresh.index] = maker.index
        fresh.pendingLink = link.code
        _ = claimLink(fresh, link.code)
        guard fresh.joined else { return nil }
        tool.carry(path, to: maker.index)
        return PreparedRace(action: .link, actor: maker, uses: [maker, fresh], target: fresh.identity.deviceID.rawValue)
    }

    /// A share code for a read-only member (`upgrade`) or someone who left or was removed
    /// (`rejoin`), made on the owner's device and brought to theirs.
    func prepareCode(_ action: RaceAction, _ free: [SimDevice], _ random: inout SplitMix64) -> PreparedRace? {
        if action == .rejoin, !free.contains(where: { believed($0).map { $0.status == .left || $0.status == .removed } == true })
        {
            // Nobody is away: a member leaves first, to come back in the race.
            let members = free.filter { believesActive($0) && believed($0)?.role == .member && siblings($0).isEmpty }
            if let leaving = members.first {
                mount(leaving)
                _ = leave(leaving)
            }
        }
        let candidates = free.filter { device in
            guard device.joined, let membership = believed(device), device.unmounted == nil else { return false }
            return action == .upgrade
                ? membership.status == .active && membership.permission == .readOnly && !device.tampered
                : membership.status != .active && membership.status != .dissolved && siblings(device).isEmpty
        }
        guard !candidates.isEmpty, let inviter = devices.first(where: believesOwner) else { return nil }
        let target = random.pick(candidates)
        mount(target, inviter)
        let readOnly = action == .rejoin && random.chance(0.2)
        guard let code = try? inviter.zone(householdID).invite(readOnly: readOnly).code else { return nil }
        tool.carry("codes/\(code).json", to: target.index)
        return PreparedRace(action: action, actor: target, uses: [target], code: code)
    }
}
