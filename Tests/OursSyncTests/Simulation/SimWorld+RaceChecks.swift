@testable import OursSync

/// The end of a run with races (generator v4). Who won a race is the household's to say, not
/// the run's: the run's picture of who is in follows the documents every device admitted, and
/// the checks are what must hold whoever won — every device agrees on the people, their roles
/// and permissions and whether the household exists; each device's own record follows that;
/// there is an active owner who can act, whose recovery code works; no device is stuck.
extension SimWorld {
    /// Half the time, the owner has a second device from the start (a fresh one, linked): two
    /// of the owner's devices then race each other.
    func setUpOwnersDevices() {
        var random = SplitMix64(seed: plan.seed ^ 0x5EED_0F_0A4E)
        _ = attempt("write down a recovery code", on: owner, allowed: []) { () throws(OursError) -> String in
            let code = try owner.zone(householdID).issueRecoveryCode()
            (recoveryCode, recoveryFor) = (code, owner.identity.participantID)
            issuedRecoveryCodes.append(code)
            return ""
        }
        tool.settle()
        guard random.chance(0.5), let fresh = devices.first(where: isFresh) else { return }
        guard let link = try? owner.device.makeLinkCode() else { return }
        linkMakers[fresh.index] = owner.index
        tool.settle()
        _ = claimLink(fresh, link.code)
        tool.settle()
        _ = sync(owner, quick: false)
        tool.settle()
        _ = sync(fresh, quick: false)
        tool.settle()
    }

    /// The household's documents as a folder copy holds them.
    func documents(_ copy: [String: [UInt8]]) -> (ZoneInfo, RecordState, ParticipantManifest)? {
        guard let zoneBytes = copy[zone + "/zone.json"], let manifestBytes = copy[zone + "/participants.json"],
            let zoneState = try? StampedDocument.decodeZone(zoneBytes, modifiedMillis: 0).state,
            let info = ZoneInfo(zoneState),
            let manifestState = try? StampedDocument.decodeManifest(manifestBytes, modifiedMillis: 0).state
        else { return nil }
        return (info, zoneState, ParticipantManifest(manifestState))
    }

    /// Sets the run's picture of every device from the documents. Returns false (a failure
    /// noted) when they cannot be read.
    func followHousehold(_ copy: [String: [UInt8]]) -> Bool {
        guard let (info, _, manifest) = documents(copy) else {
            failures.append("unclean folder: zone.json or participants.json is missing or broken")
            return false
        }
        dissolved = info.dissolvedAt != nil
        for device in devices where device.joined {
            let person = manifest.participants[device.identity.participantID]
            let listed = manifest.deviceOwners[device.identity.deviceID] == device.identity.participantID
            let refusedRecovery = !listed && (try? device.device.replica(householdID).hasRecoveryClaim()) == true
            device.left = person?.status == .left
            device.removed = person == nil || person?.status == .removed || person?.status == .pending || refusedRecovery
            device.deviceRemoved = manifest.removedDevices[device.identity.deviceID] != nil
            if !device.tampered { device.readOnly = person?.permission != .readWrite || !listed }
        }
        let ownersDevices = devices.filter { $0.identity.participantID == info.owner && $0.isActive }
        if !ownersDevices.contains(where: { $0.index == ownerIndex }), let first = ownersDevices.first {
            ownerIndex = first.index
        }
        count(dissolved ? "endedDissolved" : "endedWithOwner")
        return true
    }

    /// What the documents say a device's own record must be: its status, and its role while active.
    func documentedMembership(
        _ device: SimDevice, _ info: ZoneInfo, _ manifest: ParticipantManifest
    ) -> (
        Membership.Status, Participant.Role?
    ) {
        if info.dissolvedAt != nil { return (.dissolved, nil) }
        if device.deviceRemoved || device.removed { return (.removed, nil) }
        if device.left { return (.left, nil) }
        return (.active, info.owner == device.identity.participantID ? .owner : .member)
    }

    /// The checks that hold whoever won each race.
    func verifyRaceInvariants(_ copy: [String: [UInt8]]) {
        guard let (info, zoneState, manifest) = documents(copy) else { return }
        let agreed = SimWorld.summary(info, manifest)
        for device in devices where device.joined {
            let replica = device.device.replica(householdID)
            guard let zoneState = (try? replica.loadZone()) ?? nil, let theirs = ZoneInfo(zoneState),
                let state = (try? replica.loadManifest()) ?? nil
            else {
                failures.append("divergence: \(device.name) (device \(device.index)) holds no readable documents")
                continue
            }
            let summary = SimWorld.summary(theirs, ParticipantManifest(state))
            if summary != agreed {
                failures.append("divergence: \(device.name) (device \(device.index)) sees \(summary); the folder says \(agreed)")
            }
            let (status, role) = documentedMembership(device, info, manifest)
            let own = believed(device)
            if own?.status != status || (role != nil && own?.role != role) {
                failures.append(
                    "membership: \(device.name) (device \(device.index)) records \(own.map { "\($0.status)/\($0.role)" } ?? "none"), "
                        + "the household says \(status)\(role.map { "/\($0)" } ?? "")")
            }
        }
        verifyOwner(info, zoneState, manifest)
        verifyNobodyStuck()
    }

    /// People, roles, permissions and statuses, the owner and whether the household exists.
    static func summary(_ info: ZoneInfo, _ manifest: ParticipantManifest) -> String {
        let people = manifest.sorted.map { "\($0.id):\($0.status.rawValue)/\($0.role.rawValue)/\($0.permission.rawValue)" }
        return "owner \(info.owner)\(info.dissolvedAt == nil ? "" : " dissolved") [" + people.joined(separator: " ") + "]"
    }

    /// An active owner who can act, and whose recovery code works.
    func verifyOwner(_ info: ZoneInfo, _ zoneState: RecordState, _ manifest: ParticipantManifest) {
        guard info.dissolvedAt == nil else { return }
        guard let owner = manifest.participants[info.owner], owner.status == .active, owner.permission == .readWrite,
            !manifest.activeDevices(of: owner.id).isEmpty
        else {
            let devices = manifest.deviceOwners.filter { $0.value == info.owner }.keys.sorted()
                .map { "\($0)\(manifest.removedDevices[$0].map { " removed at \($0)" } ?? "")" }
            return failures.append(
                "owner: \(info.owner) owns the household but is not an active writer with a device: "
                    + "\(Self.summary(info, manifest)), their devices \(devices)")
        }
        let acting = devices.filter {
            $0.identity.participantID == owner.id && believesOwner($0) && believed($0)?.canWrite == true
        }
        guard let device = acting.first else {
            return failures.append("owner: no device of \(owner.name) can act as the owner")
        }
        if let record = zoneState.values["recovery"], record["participant"]?.stringValue == owner.id {
            if !issuedRecoveryCodes.contains(where: { Recovery.proof(of: $0, for: record) != nil }) {
                failures.append("owner: no recovery code the run wrote down works for \(owner.name)")
            }
        } else {
            count("ownerWithoutRecoveryCode")
        }
        _ = attempt("owner makes a read-write code", on: device, allowed: []) { () throws(OursError) -> String in
            _ = try device.zone(householdID).invite(readOnly: false)
            return ""
        }
    }

    /// Every device can sync (or says its membership ended), list and run `doctor`.
    func verifyNobodyStuck() {
        for device in devices where device.joined {
            guard let zone = try? device.zone(householdID) else {
                failures.append("stuck: \(device.name) (device \(device.index)) cannot open the household")
                continue
            }
            let ended = believed(device)?.status != .active
            _ = attempt("sync after the run", on: device, allowed: ended ? [.notPermitted] : []) {
                () throws(OursError) -> String in
                _ = try zone.sync()
                return ""
            }
            _ = attempt("list after the run", on: device, allowed: []) { () throws(OursError) -> String in
                _ = try zone.list(type: "item")
                return ""
            }
            _ = attempt("doctor after the run", on: device, allowed: []) { () throws(OursError) -> String in
                _ = try zone.doctor(fix: false)
                return ""
            }
        }
    }

    /// A dissolved household: the checks above (every device knows it, nobody is stuck), and
    /// each device still holds what it wrote in its read-only copy.
    func verifyDissolved(_ copy: [String: [UInt8]]) {
        verifyRaceInvariants(copy)
        guard let (_, _, manifest) = documents(copy) else { return }
        for write in ledger.writes where write.voided == nil {
            guard let writer = write.writer, devices[writer].joined,
                let participant = manifest.participants[devices[writer].identity.participantID],
                !(participant.inactiveSpans + participant.readOnlySpans).contains(where: { $0.contains(write.stamp) }),
                manifest.removedDevices[write.stamp.device].map({ write.stamp > $0 }) != true
            else { continue }
            let state = (try? devices[writer].device.replica(householdID).load(write.key)) ?? nil
            if state.map({ SimLedger.keeps(write, $0) }) != true {
                failures.append("loss: \(write.description) is not in its writer's read-only copy after the dissolution")
            }
        }
    }
}
