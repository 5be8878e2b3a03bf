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
    /// - Returns: the event that ended this device's membership, if one did now.
    func apply(folderWritable: Bool) throws(OursError) -> LifecycleEvent? {
        guard var membership = context.membership else { return nil }
        let identity = try context.device.requireIdentity()
        guard let zone = try context.zoneInfo() else { return nil }
        let manifest = try context.manifest()
        let me = manifest.participants[identity.participantID]
        var event: LifecycleEvent?
        // The name people see follows zone.json, which only the owner's devices change.
        if !zone.name.isEmpty { membership.name = zone.name }
        if zone.dissolvedAt != nil, membership.status == .active {
            membership.status = .dissolved
            event = .dissolved
        } else if manifest.removedDevices[identity.deviceID] != nil, membership.status == .active {
            membership.status = .removed
            event = .deviceRemoved
        } else if let me, me.status == .removed || me.status == .left, membership.status == .active {
            membership.status = me.status == .removed ? .removed : .left
            event = me.status == .removed ? .removed : .left
        }
        if let me, membership.status == .active {
            membership.role = zone.owner == me.id ? .owner : .member
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
        return event
    }

    private func refreshLastSeen(_ me: Participant) throws(OursError) {
        let now = context.device.clock.nowMillis()
        if let seen = me.lastSeen.flatMap(UTCTime.parseISO8601), now - seen < LifecycleCheck.lastSeenIntervalMillis { return }
        try context.changeDocuments(manifest: [me.id + ".lastSeen": .string(UTCTime.iso8601(millis: now))])
    }
}
