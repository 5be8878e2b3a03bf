/// The two ways a share code changes who this device is in a household: joining (or joining
/// again), and a read-only member becoming read-write. Both write this person's entry with one
/// stamp, judged first as every other device will judge it (`SyncContext.requireAdmitted`),
/// then count one use of the code.
extension Device {
    /// Records this device as a member: the household's documents (this device's earlier ones,
    /// if it belonged before, and the folder's, as the rules admit them) and this person's
    /// entry in the replica, the membership, and (when the folder is writable) one use of the code.
    /// - Returns: the household, and a problem when the code's use could not be counted in its file.
    /// - Throws: `.notPermitted` when every other device would ignore this entry (an old code
    ///   after a removal, say): nothing is changed.
    func becomeMember(
        _ invitation: Invitation, zone folderZone: RecordState, manifest folderManifest: RecordState,
        identity: DeviceIdentity, name: String?, now: Int64
    ) throws(OursError) -> (Zone, Problem?) {
        let layout = invitation.layout
        let writable = fileSystem.isWritableDirectory(layout.zone)
        let permission: Participant.Permission = writable ? invitation.shareCode.permission : .readOnly
        let household = Zone(
            device: self,
            membership: Membership(
                id: folderZone.key.id, name: "", folder: layout.root, directory: layout.directoryName, role: .member,
                permission: permission, joinedAt: UTCTime.iso8601(millis: now)))
        return try withLock { () throws(OursError) -> (Zone, Problem?) in
            let replica = household.replica
            let codes = ShareCodeLookup(context: household.context, layout: layout)
            let admitted = Admission.admitDocuments(
                zone: [try replica.loadZone(), folderZone].compactMap { $0 },
                manifest: [try replica.loadManifest(), folderManifest].compactMap { $0 }, code: { codes($0) },
                zoneDirectory: layout.directoryName)
            if let unreadable = codes.unreadable { throw .io(unreadable.error) }
            guard let zone = admitted.zone, let info = ZoneInfo(zone), var manifest = admitted.manifest else {
                throw .failed("\(layout.directoryName)/zone.json names no owner", hint: "Ask the owner to run `ours sync`.")
            }
            try observeOwnStamps(in: manifest)
            var membership = Membership(
                id: info.id, name: info.name, folder: layout.root, directory: layout.directoryName, role: .member,
                permission: permission, joinedAt: UTCTime.iso8601(millis: now))
            // Seen now: the first sync that follows need not write the manifest again to say so.
            let me = Participant(
                id: identity.participantID, name: name ?? identity.name, email: identity.email, role: .member,
                permission: permission, status: .active, devices: [identity.deviceID], joinedAt: membership.joinedAt,
                code: invitation.code, lastSeen: membership.joinedAt)
            var changes = me.fields
            // Coming back keeps the person's other devices and removal marks (see `DeviceRemoval`).
            changes[me.id + ".devices"] = ParticipantManifest.devicesValue(
                of: me.id, in: manifest, adding: [identity.deviceID])
            if let earlier = ParticipantManifest(manifest).participants[me.id], earlier.status == .active {
                // An earlier attempt wrote this person's entry and failed after: it stands.
                let upgrade = permission == .readWrite && earlier.permission == .readOnly
                changes =
                    upgrade
                    ? [me.id + ".permission": .string(permission.rawValue), me.id + ".code": .string(invitation.code)] : [:]
                membership.permission = upgrade ? .readWrite : writable ? earlier.permission : .readOnly
            }
            if !changes.isEmpty {
                let stamp = try stamp()
                manifest.writeDocument(changes, at: stamp)
                try household.context.requireAdmitted(
                    stamp, zone: zone, manifest: manifest, layout: layout,
                    hint: "Ask \(ownerName(info, manifest)) for a new code.")
            }
            try replica.saveZone(zone)
            try replica.saveManifest(manifest)
            // The membership first, the code's use after: a failure in between leaves a member
            // whose entry names the code, which counts as a use wherever codes are checked.
            try upsert(membership, makeCurrent: true)
            return (household, writable ? countUse(of: invitation) : nil)
        }
    }

    /// A read-only member given a read-write code becomes read-write: the permission and the
    /// code in one write, which every device admits (see `Admission`); the code is used.
    /// Any other code leaves an active member as they are.
    func upgrade(_ existing: Membership, with invitation: Invitation) throws(OursError) -> JoinResult {
        let household = Zone(device: self, membership: existing)
        let unchanged = JoinResult(zone: household, alreadyMember: true)
        guard invitation.shareCode.permission == .readWrite, invitation.layout.directoryName == existing.directory,
            fileSystem.isWritableDirectory(invitation.layout.zone)
        else { return unchanged }
        let (_, me) = try household.activeSelf()
        guard me.permission == .readOnly else { return unchanged }
        let manifest = try household.replica.loadManifest()
        try Device.requireUsable(invitation, manifest: manifest, now: clock.nowMillis())
        try household.context.changeDocuments(
            manifest: [
                me.id + ".permission": .string(Participant.Permission.readWrite.rawValue),
                me.id + ".code": .string(invitation.code),
            ],
            hint: "Ask \((try? household.ownerName()).flatMap { $0 } ?? "the owner") for a new read-write code.")
        let problem = try withLock { () throws(OursError) -> Problem? in countUse(of: invitation) }
        var outcome = try SyncPass(context: household.context, mode: .quick).run()
        if let problem { outcome.report.problems.append(problem) }
        return JoinResult(zone: household, alreadyMember: false, upgraded: true, report: outcome.report)
    }

    /// Counts one use of the code in its file; a failure is reported, not thrown: the entry
    /// that names the code already counts as a use (`ParticipantManifest.uses(of:)`).
    private func countUse(of invitation: Invitation) -> Problem? {
        var shareCode = invitation.shareCode
        shareCode.uses += 1
        do { try invitation.store.save(shareCode) } catch {
            return Problem(
                .writeFailed, path: "codes/\(invitation.code).json",
                "this use of the code could not be counted in its file (\(error)); the participant list counts it")
        }
        return nil
    }

    private func ownerName(_ zone: ZoneInfo, _ manifest: RecordState) -> String {
        ParticipantManifest(manifest).participants[zone.owner]?.name ?? "the owner"
    }
}
