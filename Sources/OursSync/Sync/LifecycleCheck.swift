/// What a sync pass learns about this device's own place in the household — dissolved by the
/// owner, removed, ownership handed over, permission changed — applied to the membership, so
/// the device stops syncing (keeping a read-only copy) the moment it learns it may not.
struct LifecycleCheck {
    let context: SyncContext
    /// How often a device updates its `lastSeen` in the manifest (it is a write every device reads).
    static let lastSeenIntervalMillis: Int64 = 60 * 60 * 1000

    /// Updates the membership from `zone.json` and `participants.json`, as admitted by the
    /// rules every device applies: this device's own writes the others would ignore (a rejoin
    /// or an upgrade they refuse) count for nothing here either.
    /// - Parameter ownRefusals: this device's own writes every device sets aside (see
    ///   `DocumentSync.Outcome`), which say why a hand-over of its did not take effect.
    /// - Returns: the event that ended this device's membership, if one did now, and the change
    ///   of its person's role, if ownership changed hands.
    func apply(
        folderWritable: Bool, ownRefusals: [AdmittedDocuments.Refusal] = []
    ) throws(OursError) -> (
        event: LifecycleEvent?, correction: MembershipCorrection?
    ) {
        guard var membership = context.membership else { return (nil, nil) }
        let identity = try context.device.requireIdentity()
        guard let zone = try context.zoneInfo() else { return (nil, nil) }
        let manifest = try context.manifest()
        let me = manifest.participants[identity.participantID]
        var event: LifecycleEvent?
        // The name people see follows zone.json, which only the owner's devices change.
        if !zone.name.isEmpty { membership.name = zone.name }
        if zone.dissolvedAt != nil, membership.status == .active {
            membership.status = .dissolved
            event = .dissolved
        } else if let removal = manifest.removedDevices[identity.deviceID], membership.status == .active {
            membership.status = .removed
            // A recovery every device set aside ends with its device removed from the start.
            let claimed = SetAsideMarking.isSetAside(removal) ? try context.replica.hasRecoveryClaim() : false
            event = claimed ? .recoveryRefused : .deviceRemoved
        } else if let me, me.status == .removed || me.status == .left, membership.status == .active {
            membership.status = me.status == .removed ? .removed : .left
            event = me.status == .removed ? .removed : .left
        } else if membership.status == .active, manifest.deviceOwners[identity.deviceID] != identity.participantID,
            try context.replica.hasRecoveryClaim()
        {
            // This device's recovery listed it as its person's; a list that does not name it
            // means every device set the recovery aside.
            membership.status = .removed
            event = .recoveryRefused
        }
        var correction: MembershipCorrection?
        if let me, membership.status == .active {
            let role: Participant.Role = zone.owner == me.id ? .owner : .member
            if role != membership.role {
                let reason = ownRefusals.first { $0.field == "owner" || $0.field.hasSuffix(".role") }?.reason ?? ""
                correction = MembershipCorrection(
                    was: .active, now: .active, ended: nil, overruled: false, role: role,
                    owner: manifest.participants[zone.owner]?.name ?? zone.owner, reason: reason)
            }
            membership.role = role
            // A linked device writes once its person's list names it: until then every device
            // would hold its changes back, and for ever if the list never names it (the device
            // that made the code was removed, or another device claimed the code at the same time).
            let listed = manifest.deviceOwners[identity.deviceID] == me.id
            // What this person may do comes from the household's documents alone: a folder this
            // device cannot write now (mounted read-only) is away for writing, so changes wait in
            // the outbox; it makes no one read-only.
            membership.permission = listed ? me.permission : .readOnly
        }
        if membership != context.membership {
            try context.device.upsert(membership, makeCurrent: false)
            if event != nil { try context.device.clearCurrent(ifItIs: membership.id) }
        }
        if event == nil, membership.status == .active, folderWritable, let me {
            // A courtesy: a participants.json someone broke (never overwritten) must not stop the pass.
            try? refreshLastSeen(me)
        }
        return (event, correction)
    }

    private func refreshLastSeen(_ me: Participant) throws(OursError) {
        let now = context.device.clock.nowMillis()
        if let seen = me.lastSeen.flatMap(UTCTime.parseISO8601), now - seen < LifecycleCheck.lastSeenIntervalMillis { return }
        try context.changeDocuments(manifest: [me.id + ".lastSeen": .string(UTCTime.iso8601(millis: now))])
    }
}
