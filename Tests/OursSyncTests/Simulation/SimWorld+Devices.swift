@testable import OursSync

/// One person, many devices (generator v3): a fresh device linked to a person with a code made
/// on any of their devices, a person taking one of their devices off their list, the owner
/// recovering the household on a fresh device with the recovery code. The code, the claim, the
/// listing and the removal travel with the sync tool, so every other device learns each in
/// whatever order the tool and their syncs bring it, offline ones last.
extension SimWorld {
    /// A device nobody uses yet: in no household, with no code waiting.
    func isFresh(_ device: SimDevice) -> Bool {
        !device.joined && device.pendingCode == nil && device.pendingLink == nil
    }

    /// The other devices of a device's person that are still on their list, as the run knows it.
    func siblings(_ device: SimDevice) -> [SimDevice] {
        devices.filter {
            $0.index != device.index && $0.joined && !$0.deviceRemoved
                && $0.identity.participantID == device.identity.participantID
        }
    }

    /// A fresh device: one of the members' devices makes a link code for it (or, now and
    /// then, it is given a code another fresh device is waiting to use: two claims of one
    /// code). A device with a code: it claims it from its own folder copy.
    func linkDevice(_ device: SimDevice, _ random: inout SplitMix64) -> String {
        if let code = device.pendingLink { return claimLink(device, code) }
        guard isFresh(device) else { return "not a fresh device" }
        if random.chance(0.15), let other = devices.first(where: { $0.pendingLink != nil }), let code = other.pendingLink {
            device.pendingLink = code
            linkMakers[device.index] = linkMakers[other.index]
            return "given code \(code), which \(other.name)'s device waits to use too"
        }
        let makers = devices.filter(\.isActive)
        guard !makers.isEmpty else { return "nobody to link to" }
        let maker = random.pick(makers)
        let allowed: Set<OursError.Kind> = [.folderUnavailable, .notPermitted]
        return attempt(
            "link code on \(maker.name)", on: maker, allowed: allowed,
            alsoAllowed: { $0.kind == .usage && $0.message.contains("belongs to no household") }
        ) { () throws(OursError) -> String in
            let link = try maker.device.makeLinkCode()
            device.pendingLink = link.code
            linkMakers[device.index] = maker.index
            count("linkCodes")
            return "\(maker.name)'s device made link code \(link.code) for device \(device.index)"
        }
    }

    /// The fresh device uses its link code, as far as its folder copy shows it.
    func claimLink(_ device: SimDevice, _ code: String) -> String {
        guard !device.joined else {
            device.pendingLink = nil
            return "joined meanwhile"
        }
        let allowed: Set<OursError.Kind> = [.notFound, .notPermitted, .folderUnavailable]
        let note = attempt(
            "claim link \(code)", on: device, allowed: allowed,
            alsoAllowed: { $0.kind == .failed && ($0.message.contains("damaged") || $0.message.contains("holds no readable")) }
        ) { () throws(OursError) -> String in
            do throws(OursError) {
                let result = try device.device.link(code: code, folder: SimSyncTool.root, deviceName: "device \(device.index)")
                device.identity = result.identity
                device.linked = true
                linkClaims[device.index] = code
                count("links")
                return "linked as \(result.identity.name)'s, \(result.zones.count) households, \(result.problems.count) problems"
            } catch {
                if error.kind == .notPermitted { device.pendingLink = nil }
                throw error
            }
        }
        if let membership = try? device.device.memberships().first(where: { $0.id == householdID }) {
            device.pendingLink = nil
            device.joined = true
            device.readOnly = membership.permission == .readOnly
            // A person who left or was removed: the new device learns it with the household.
            device.left = siblings(device).contains(where: \.left)
            device.removed = siblings(device).contains(where: \.removed)
        }
        return note
    }

    /// A person takes another of their devices off their list (a lost phone that is not lost
    /// at all: it goes on writing until it learns, and every device ignores what it writes
    /// after the removal).
    func removeDevice(_ device: SimDevice, _ random: inout SplitMix64) -> String {
        guard device.isActive else { return "not an active device" }
        let candidates = siblings(device)
        guard !candidates.isEmpty else { return "no other device of this person" }
        let target = random.pick(candidates)
        let allowed: Set<OursError.Kind> = [.folderUnavailable, .notFound, .notPermitted]
        return attempt(
            "remove device \(target.index)", on: device, allowed: allowed, alsoAllowed: SimWorld.isBrokenDocument
        ) { () throws(OursError) -> String in
            let changed = try device.device.removeDevice(target.identity.deviceID.rawValue)
            target.deviceRemoved = true
            if target.index == ownerIndex { ownerIndex = device.index }
            count("deviceRemovals")
            return "removed device \(target.index) (\(changed.count) households changed)"
        }
    }

    /// The owner writes down a recovery code (when the run knows none of the current owner's);
    /// then a fresh device recovers the household with it, and the owner's earlier devices are
    /// removed (they go on writing until they learn).
    func recover(_ device: SimDevice) -> String {
        guard let code = recoveryCode, recoveryFor == owner.identity.participantID else {
            guard owner.isActive else { return "no owner device to write down a code" }
            let allowed: Set<OursError.Kind> = [.folderUnavailable, .notPermitted, .notFound]
            return attempt("issue a recovery code", on: owner, allowed: allowed, alsoAllowed: SimWorld.isBrokenDocument) {
                () throws(OursError) -> String in
                recoveryCode = try owner.zone(householdID).issueRecoveryCode()
                recoveryFor = owner.identity.participantID
                issuedRecoveryCodes.append(recoveryCode ?? "")
                count("recoveryCodes")
                return "the owner wrote down a recovery code"
            }
        }
        guard isFresh(device) else { return "not a fresh device" }
        let allowed: Set<OursError.Kind> = [.notFound, .notPermitted, .folderUnavailable]
        return attempt(
            "recover", on: device, allowed: allowed,
            alsoAllowed: { $0.kind == .failed && ($0.message.contains("damaged") || SimWorld.isBrokenDocument($0)) }
        ) { () throws(OursError) -> String in
            let result = try device.device.recover(code: code, folder: SimSyncTool.root)
            device.identity = result.identity
            device.joined = true
            device.linked = true
            device.readOnly = false
            for other in devices where result.removedDevices.contains(other.identity.deviceID) { other.deviceRemoved = true }
            ownerIndex = device.index
            recoveryCode = result.newCode
            issuedRecoveryCodes.append(result.newCode)
            count("recoveries")
            return "recovered the household; removed devices \(result.removedDevices.map(\.rawValue))"
        }
    }

    /// A person's devices go together: when one step made a person leave or be removed, the
    /// run knows it of all their devices; a device that shares its person with another follows
    /// its own membership's permission (a link starts read-only until its person lists it).
    func followPeople(_ before: [(left: Bool, removed: Bool)]) {
        for device in devices where device.joined {
            if device.left, !before[device.index].left {
                for sibling in siblings(device) { sibling.left = true }
            }
            if device.removed, !before[device.index].removed {
                for sibling in siblings(device) { sibling.removed = true }
            }
        }
        for device in devices where device.isActive && !device.tampered && (device.linked || !siblings(device).isEmpty) {
            if let membership = try? device.device.memberships().first(where: { $0.id == householdID }),
                membership.status == .active
            {
                device.readOnly = membership.permission == .readOnly
            }
        }
    }
}
