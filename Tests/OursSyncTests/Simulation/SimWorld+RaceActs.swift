@testable import OursSync

/// The racing actions themselves (see `SimWorld+Races`): each on its device, as a person would
/// do it from what that device shows; refusals are allowed, as the command would refuse.
extension SimWorld {
    /// Performs a prepared action. Returns whether it went through on its device.
    func act(_ ready: PreparedRace) -> (Bool, String) {
        let actor = ready.actor
        let allowed: Set<OursError.Kind> = [.folderUnavailable, .notPermitted, .notFound, .usage]
        var acted = false
        let note = attempt(
            "race: \(ready.action.rawValue)", on: actor, allowed: allowed,
            alsoAllowed: { SimWorld.isBrokenDocument($0) || $0.message.contains("damaged") }
        ) { () throws(OursError) -> String in
            let note = try perform(ready)
            acted = true
            return note
        }
        return (acted, note)
    }

    private func perform(_ ready: PreparedRace) throws(OursError) -> String {
        let actor = ready.actor
        switch ready.action {
        case .transfer:
            let target = try actor.zone(householdID).transfer(to: ready.target ?? "")
            if let device = devices.first(where: { $0.identity.participantID == target.id && $0.isActive }) {
                ownerIndex = device.index
            }
            count("transfers")
            return "handed to \(target.name)"
        case .remove:
            let target = try actor.zone(householdID).removeMember(ready.target ?? "")
            for device in devices where device.identity.participantID == target.id { device.removed = true }
            count("removals")
            return "removed \(target.name)"
        case .leave:
            try actor.zone(householdID).leave()
            actor.left = true
            count("leaves")
            return "left"
        case .dissolve:
            let kept = try actor.zone(householdID).dissolve()
            dissolvers.append(actor.index)
            count("dissolutions")
            return "dissolved; \(kept) records back in private data"
        case .removeDevice:
            let changed = try actor.device.removeDevice(ready.target ?? "")
            for device in devices where device.identity.deviceID.rawValue == ready.target { device.deviceRemoved = true }
            count("deviceRemovals")
            return "removed device \(ready.target ?? "") in \(changed.count) households"
        case .recover:
            let result = try actor.device.recover(code: ready.code ?? "", folder: SimSyncTool.root)
            actor.identity = result.identity
            actor.joined = true
            actor.linked = true
            actor.readOnly = false
            for other in devices where result.removedDevices.contains(other.identity.deviceID) { other.deviceRemoved = true }
            ownerIndex = actor.index
            recoveryCode = result.newCode
            issuedRecoveryCodes.append(result.newCode)
            count("recoveries")
            return "recovered; removed \(result.removedDevices.map(\.rawValue))"
        case .link:
            let report = try actor.zone(householdID).sync()
            let listed = try actor.zone(householdID).manifest().deviceOwners[
                DeviceID(ready.target ?? "") ?? actor.identity.deviceID]
            guard listed != nil else {
                throw .notFound("the maker's sync did not list the new device (\(report.problems.count) problems)")
            }
            count("links")
            return "listed device \(ready.target ?? "")"
        case .upgrade, .rejoin:
            let result = try actor.device.join(code: ready.code ?? "", folder: SimSyncTool.root)
            guard result.upgraded || !result.alreadyMember else { throw .notFound("the code changed nothing") }
            actor.left = false
            actor.removed = false
            actor.readOnly = result.zone.membership?.permission == .readOnly
            actor.tampered = false
            count(ready.action == .upgrade ? "upgrades" : "rejoins")
            return result.upgraded ? "upgraded" : "joined again"
        }
    }
}
