/// The second half of linking a device (see `Device.link`): the device that made a link code
/// finds it claimed and lists the new device among its person's devices in every household
/// it is active in — a write of its own person's list, which every version of Ours admits.
/// A code left unclaimed two days past its expiry is removed (a claim made in time by a clock
/// behind this one's may still be on its way). Runs in every sync pass, and costs one
/// file read per outstanding code.
struct LinkCompletion {
    let context: SyncContext

    func run() {
        let device = context.device
        guard let layout = context.layout, let pending = try? device.loadPendingLinks(), !pending.isEmpty else { return }
        var remaining: [String] = []
        for code in pending {
            guard let link = try? device.loadLink(code, in: layout.root) else {
                remaining.append(code)  // another folder's, or not there yet
                continue
            }
            let now = device.clock.nowMillis()
            if let claimed = link.claimedBy, let at = link.claimedAt.flatMap(UTCTime.parseISO8601),
                let expiry = UTCTime.parseISO8601(link.expiresAt), at <= expiry
            {
                if list(claimed) {
                    try? device.fileSystem.remove(device.linkPath(code, in: layout.root))
                } else {
                    remaining.append(code)
                }
            } else if link.isExpired(atMillis: now - LinkCode.claimGraceMillis) {
                try? device.fileSystem.remove(device.linkPath(code, in: layout.root))
            } else {
                remaining.append(code)
            }
        }
        if remaining != pending { try? device.savePendingLinks(remaining) }
    }

    /// Lists `newDevice` in every household this device is active in.
    /// - Returns: whether every one of them lists it now.
    private func list(_ newDevice: DeviceID) -> Bool {
        let device = context.device
        guard let identity = try? device.requireIdentity(), let memberships = try? device.memberships() else { return false }
        var done = true
        for membership in memberships where membership.status == .active {
            let household =
                membership.id == context.opened?.id
                ? context
                : SyncContext(device: device, replica: device.replica(membership.id), opened: membership)
            let manifest = (try? household.manifest()) ?? ParticipantManifest()
            if manifest.deviceOwners[newDevice] == identity.participantID { continue }
            do {
                try household.changeDocuments(computed: { state, _ in
                    [
                        identity.participantID + ".devices": ParticipantManifest.devicesValue(
                            of: identity.participantID, in: state, adding: [newDevice])
                    ]
                })
            } catch {
                done = false
            }
        }
        return done
    }
}
