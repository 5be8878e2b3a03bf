@testable import OursSync

/// The checks of one person, many devices, after healing: every device agrees on who is in the
/// household with which devices, and on who owns it; what the run did to devices is what the
/// household says; a removed device learnt it and kept a read-only copy.
extension SimWorld {
    func verifyDevices(_ manifest: ParticipantManifest, zoneBytes: [UInt8]?) {
        guard let zoneBytes else { return failures.append("unclean folder: zone.json is missing") }
        let decoded = Result { () throws(RecordFileError) in try StampedDocument.decodeZone(zoneBytes, modifiedMillis: 0).state }
        guard let zoneState = try? decoded.get(), let info = ZoneInfo(zoneState) else {
            let why = (try? decoded.get()).map { "no household in \($0.values)" } ?? "\(decoded)"
            return failures.append("unclean folder: zone.json is broken: \(why.prefix(300))")
        }
        let lists = deviceLists(manifest)
        for device in devices where device.isActive {
            guard let state = try? device.device.replica(householdID).loadManifest() else { continue }
            let theirs = deviceLists(ParticipantManifest(state))
            if theirs != lists {
                failures.append(
                    "divergence: \(device.name)'s device \(device.index) sees the people and devices \(theirs), the folder \(lists)"
                )
            }
            let role = (try? device.device.memberships().first { $0.id == householdID })?.role
            let owns = device.identity.participantID == info.owner
            if role != (owns ? .owner : .member) {
                failures.append(
                    "divergence: device \(device.index) (\(device.name)) is \(role.map(\.rawValue) ?? "nothing") "
                        + "while zone.json says \(info.owner) owns the household")
            }
        }
        if devices.contains(where: \.linked), owner.identity.participantID != info.owner {
            failures.append(
                "owner: the run made \(owner.identity.name) (\(owner.identity.participantID)) the owner, zone.json says \(info.owner)"
            )
        }
        verifyDeviceModel(manifest)
    }

    /// A device's note (`devices/<id>.json`, its name and when it last synced): a household file,
    /// written only by that device, that the checks of records leave alone.
    static func isDeviceNote(_ inside: String, _ bytes: [UInt8]) -> Bool {
        let name = inside.dropFirst("devices/".count)
        return name.hasSuffix(".json") && !name.dropLast(5).contains(where: { $0 == "/" || $0 == " " })
            && DeviceID(String(name.dropLast(5))) != nil && (try? JSONParser.parse(bytes)) != nil
    }

    /// A member removed by an owner's device that a recovery removed at the same time: the
    /// removal counts only if stamped before the device's own removal, which the clocks decide.
    /// Where the household kept the member, the run does too.
    func excuseRemovalsByRemovedOwnerDevices() {
        guard devices.contains(where: \.deviceRemoved),
            let bytes = try? owner.fileSystem.read(SimSyncTool.root + "/" + zone + "/participants.json", limit: Int.max),
            let state = try? StampedDocument.decodeManifest(bytes, modifiedMillis: 0).state
        else { return }
        let manifest = ParticipantManifest(state)
        for device in devices where device.removed && !device.left && device.joined && membershipStatus(device) == .active {
            guard manifest.participants[device.identity.participantID]?.status == .active else { continue }
            device.removed = false
            count("removalsByRemovedDevices")
        }
    }

    /// Each person's devices as the manifest says: active ones, then removed ones.
    func deviceLists(_ manifest: ParticipantManifest) -> [String] {
        manifest.participants.keys.sorted().map { id in
            let removed = manifest.removedDevices.filter { manifest.deviceOwners[$0.key] == id }.keys.map(\.rawValue).sorted()
            return "\(id):\(manifest.participants[id]?.status.rawValue ?? "")["
                + manifest.activeDevices(of: id).map(\.rawValue).sorted().joined(separator: ",") + "] removed["
                + removed.joined(separator: ",") + "]"
        }
    }

    func isListed(_ device: SimDevice, in manifest: ParticipantManifest) -> Bool {
        manifest.lists(device.identity.deviceID, as: device.identity.participantID)
    }

    /// What the run did to devices is what the household says.
    func verifyDeviceModel(_ manifest: ParticipantManifest) {
        for device in devices where device.joined {
            let id = device.identity.deviceID
            if device.deviceRemoved {
                if manifest.removedDevices[id] == nil {
                    failures.append("device: device \(device.index) (\(device.name)) was removed, the household still lists it")
                }
                // Only an active membership learns of a removal (`LifecycleCheck`): a device
                // that left first keeps `left`, its membership having ended already.
                if membershipStatus(device) != .removed, !(device.left && membershipStatus(device) == .left) {
                    failures.append(
                        "device: device \(device.index) (\(device.name)) was removed and has not learnt it "
                            + "(\(membershipStatus(device).map { "\($0)" } ?? "no membership"))")
                }
                if ((try? device.device.replica(householdID).loadZone()) ?? nil) == nil {
                    failures.append("device: removed device \(device.index) (\(device.name)) kept no copy of the household")
                }
                continue
            }
            guard device.isActive, device.linked else { continue }
            if !isListed(device, in: manifest) {
                // Listing is the link code maker's work: a maker that stopped syncing never lists
                // it, nor does one the household does not list (taken off the list, or its own
                // listing set aside by every device, after it made the code).
                if let maker = linkMakers[device.index],
                    !devices[maker].isActive || !isListed(devices[maker], in: manifest)
                {
                    count("linksNeverListed")
                    continue
                }
                // Two devices claimed one code in two folder copies: the one the file ends naming
                // is listed, the other stays read-only (docs/FORMAT.md).
                if let code = linkClaims[device.index],
                    devices.contains(where: { other in
                        other.index != device.index && linkClaims[other.index] == code
                            && manifest.deviceOwners[other.identity.deviceID] == other.identity.participantID
                    })
                {
                    if !device.readOnly { failures.append("device: device \(device.index) lost its link claim and still writes") }
                    count("linkClaimsLost")
                    continue
                }
                failures.append(
                    "device: linked device \(device.index) is not listed as \(device.identity.name)'s "
                        + "(owner \(manifest.deviceOwners[id] ?? "none"), removed \(manifest.removedDevices[id].map { "\($0)" } ?? "no"))"
                )
            }
        }
    }
}
