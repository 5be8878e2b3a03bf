/// A device whose membership ended — it left, dissolved the household, or learnt it was
/// removed — still follows the household's documents while their folder is there: when a
/// membership action taken at the same time on a device it had not seen came first, what every
/// device admits may say otherwise (a removal before its leave, the removal of the device that
/// dissolved, a recovery that removed the device that removed it). Then the device takes the
/// documents' word, says so, and, if it is a member again, syncs again.
extension LifecycleCheck {
    /// Follows what the household's documents (as admitted) say of this device's membership,
    /// for a membership that had ended.
    /// - Parameter ownRefusals: this device's own writes every device sets aside, which give the
    ///   reason; empty when it no longer holds them.
    /// - Returns: the correction, when the membership's status changed.
    func reconsider(
        ownRefusals: [AdmittedDocuments.Refusal]
    ) throws(OursError)
        -> MembershipCorrection?
    {
        guard var membership = context.membership, membership.status != .active else { return nil }
        let identity = try context.device.requireIdentity()
        guard let zone = try context.zoneInfo() else { return nil }
        let manifest = try context.manifest()
        let me = manifest.participants[identity.participantID]
        let documented: Membership.Status
        var ended: LifecycleEvent?
        if zone.dissolvedAt != nil {
            (documented, ended) = (.dissolved, .dissolved)
        } else if manifest.removedDevices[identity.deviceID] != nil {
            (documented, ended) = (.removed, .deviceRemoved)
        } else if me?.status == .removed {
            (documented, ended) = (.removed, .removed)
        } else if me?.status == .left {
            (documented, ended) = (.left, .left)
        } else if let me, me.status == .active,
            !(try context.replica.hasRecoveryClaim())
                || manifest.deviceOwners[identity.deviceID] == me.id
        {
            // Its person is in; a device their list does not name yet reads until it does.
            documented = .active
        } else {
            return nil  // a recovery every device set aside, or nobody it knows: nothing to follow
        }
        guard documented != membership.status else { return nil }
        let was = membership.status
        membership.status = documented
        if documented == .active, let me {
            membership.role = zone.owner == me.id ? .owner : .member
            membership.permission = manifest.deviceOwners[identity.deviceID] == me.id ? me.permission : .readOnly
        }
        if was == .dissolved { try takeBackDissolvedCopies() }
        try context.device.upsert(membership, makeCurrent: false)
        if documented != .active { try context.device.clearCurrent(ifItIs: membership.id) }
        let reason = ownRefusals.first { $0.field == "dissolvedAt" || $0.field.hasSuffix(".status") }?.reason
        // Set aside, or followed by something new: a removal after this person left is news.
        let overruled =
            switch was {
            case .left: me?.status != .left
            case .removed: documented == .active
            case .dissolved, .active: true
            }
        return MembershipCorrection(
            was: was, now: documented, ended: ended, overruled: overruled,
            role: documented == .active ? membership.role : nil,
            owner: manifest.participants[zone.owner]?.name ?? zone.owner, reason: reason ?? "")
    }

    /// A dissolution that did not take effect gave this device's private data copies of the
    /// household's records: each copy the household's record holds all of goes (what was
    /// changed in private data since stays).
    private func takeBackDissolvedCopies() throws(OursError) {
        let personal = context.device.replica(Device.privateDataID)
        for key in try context.replica.keys() {
            guard let copy = try personal.load(key), let held = try context.replica.load(key),
                held.merging(copy) == held
            else { continue }
            try personal.remove(key)
        }
    }
}

extension SyncContext {
    /// For a membership that had ended: merges the household's documents from the folder (when
    /// it is there) and follows what they say of this device (see `LifecycleCheck.reconsider`).
    ///
    /// A dissolution set aside had removed the record files of the folder: a device that is not
    /// a member again delivers every record the folder lacks, as one that has just learnt it left
    /// or was removed (a member again syncs, which writes them back anyway). The records hold
    /// others' writes and its own from before; every device admits each by its own stamp.
    func reconsiderEndedMembership() throws(OursError) -> MembershipCorrection? {
        guard let membership, membership.status != .active, let layout = try? requireFolder() else { return nil }
        let correction = try device.withLock { () throws(OursError) -> MembershipCorrection? in
            var report = SyncReport()
            let writable = fileSystem.isWritableDirectory(layout.zone)
            let outcome = try DocumentSync(
                context: self, layout: layout, canWriteFolder: writable && membership.permission == .readWrite
            ).run(into: &report)
            // Its read-only copy takes back what it set aside of its own that the documents now admit.
            if let me = try device.identity()?.deviceID { _ = try takeBackSetAsideOwn(manifest: try manifest(), me: me) }
            return try LifecycleCheck(context: self).reconsider(ownRefusals: outcome.ownRefusals)
        }
        if let correction, correction.was == .dissolved, correction.now == .left || correction.now == .removed {
            try? deliverAfterMembershipEnded(learntNow: true)
        }
        return correction
    }
}

extension Replica {
    var recoveryClaimFile: String { joinPath(directory, "recovery-claim") }

    /// Marks that this device became its person's by recovering the household: the recovery
    /// lists it, so a list that does not name it (and did not remove it) means every device set
    /// the recovery aside (`LifecycleCheck`). A linked device, which waits for another device
    /// to list it, has no such mark.
    func markRecoveryClaim() throws(OursError) { try write([], to: recoveryClaimFile) }

    func hasRecoveryClaim() throws(OursError) -> Bool { try exists(recoveryClaimFile) }
}
