extension Zone {
    /// Leaves the household (members only). This device keeps a read-only copy and goes back
    /// to private data.
    /// - Throws: `.notPermitted` for the owner, who must hand over ownership first.
    public func leave() throws(OursError) {
        let (membership, me) = try activeSelf()
        if membership.role == .owner {
            throw .notPermitted(
                "the owner cannot leave \(membership.name)",
                hint:
                    "Hand over ownership first with `ours household transfer MEMBER`, or end the household with `ours household dissolve`."
            )
        }
        // What this device wrote reaches the folder first: records only it holds, waiting changes.
        if let event = try sync().lifecycle { throw .notPermitted(event.message(household: membership.name)) }
        try context.changeDocuments(manifest: [me.id + ".status": .string(Participant.Status.left.rawValue)])
        try retire(as: .left)
        // What the sync could not deliver (its file in the folder was broken or half-synced)
        // waits in the outbox, and goes out at a later `sync` once the file can be read.
        try? context.deliverAfterMembershipEnded(learntNow: true)
    }

    /// Removes a member (owner only). Their devices notice on their next sync, stop syncing and
    /// keep a read-only copy; every device ignores their changes made after this.
    @discardableResult
    public func removeMember(_ selector: String) throws(OursError) -> Participant {
        let (membership, me) = try activeSelf()
        try requireOwner(membership, "remove members")
        let target = try participant(selector) { $0.status == .active || $0.status == .pending }
        if target.id == me.id {
            throw .usage("you cannot remove yourself", hint: "Hand over ownership first, or dissolve the household.")
        }
        try context.changeDocuments(manifest: [target.id + ".status": .string(Participant.Status.removed.rawValue)])
        return target
    }

    /// Hands ownership to an active member (owner only); the old owner stays a read-write member.
    @discardableResult
    public func transfer(to selector: String) throws(OursError) -> Participant {
        let (membership, me) = try activeSelf()
        try requireOwner(membership, "hand over ownership")
        let target = try participant(selector) { $0.status == .active }
        if target.id == me.id { throw .usage("you already own \(membership.name)") }
        try context.changeDocuments(
            zone: ["owner": .string(target.id)],
            manifest: [
                target.id + ".role": .string(Participant.Role.owner.rawValue),
                target.id + ".permission": .string(Participant.Permission.readWrite.rawValue),
                me.id + ".role": .string(Participant.Role.member.rawValue),
            ])
        var updated = membership
        updated.role = .member
        try device.upsert(updated, makeCurrent: false)
        return target
    }

    /// Ends the household (owner only): `zone.json` is marked dissolved and kept, so members
    /// who are offline learn it later; the record files are removed from the folder; the
    /// owner's records come back to their private data; every device keeps a read-only copy.
    /// Files that are not records this device could read (a broken file, another tool's) stay.
    /// - Returns: how many records came back to private data.
    @discardableResult
    public func dissolve() throws(OursError) -> Int {
        let (membership, _) = try activeSelf()
        try requireOwner(membership, "dissolve the household")
        try sync()  // everything the others wrote comes back to the owner, not just what this device saw
        try context.changeDocuments(zone: ["dissolvedAt": .string(UTCTime.iso8601(millis: device.clock.nowMillis()))])
        let layout = try context.requireFolder()
        let keys = try replica.keys()
        try device.withLock { () throws(OursError) in
            let personal = device.replica(Zone.privateID)
            for key in keys {
                guard let state = try replica.load(key), !state.isDeleted else { continue }
                let merged = try personal.load(key).map { $0.merging(state) } ?? state
                try personal.save(merged, durability: .deferred)
            }
            try context.flush(personal.directory)
            for key in keys where try folderFileIsHeld(key, layout: layout) { try? fileSystem.remove(layout.path(of: key)) }
        }
        try retire(as: .dissolved)
        return try device.replica(Zone.privateID).keys().count
    }

    /// Whether the folder's file of a record holds nothing this device's copy lacks, so that
    /// removing it loses nothing: a file that does not parse (a person's bytes, a half-synced
    /// download), a newer one, or one reached through a link stays.
    private func folderFileIsHeld(_ key: RecordKey, layout: ZoneLayout) throws(OursError) -> Bool {
        let path = layout.path(of: key)
        // Never through a link: it could lead to someone else's file outside the folder.
        guard (try? fileSystem.requireNoLinks(path, under: layout.zone, creating: false)) != nil,
            let modified = (try? fileSystem.stat(path))??.modifiedMillis,
            let bytes = try? fileSystem.read(path, limit: RecordFile.maximumSize),
            let file = SyncContext.decodeFolderRecord(bytes, key: key, modifiedMillis: modified),
            let held = try replica.load(key)
        else { return false }
        return held.merging(file) == held
    }

    /// Revokes a share code of this household (its creator or the owner).
    @discardableResult
    public func revokeCode(_ typed: String) throws(OursError) -> ShareCode {
        let code: String
        do { code = try ShareCode.normalize(typed) } catch { throw .usage(error.description) }
        let (membership, me) = try activeSelf()
        let layout = try context.requireFolder()
        let store = CodeStore(fileSystem: fileSystem, root: layout.root)
        guard var shareCode = try store.load(code), shareCode.zone == layout.directoryName else {
            throw .notFound("no share code \(code) for \(membership.name)", hint: "`ours codes` lists them.")
        }
        guard membership.role == .owner || shareCode.createdBy == me.id else {
            throw .notPermitted("only the owner or whoever made code \(code) can revoke it")
        }
        if shareCode.revokedAt == nil {
            shareCode.revokedAt = UTCTime.iso8601(millis: device.clock.nowMillis())
            try store.save(shareCode)
        }
        return shareCode
    }

    /// Lets members (not just the owner) make read-write codes, or stops them (owner only).
    public func allowMembersToInviteReadWrite(_ allowed: Bool) throws(OursError) {
        let (membership, _) = try activeSelf()
        try requireOwner(membership, "change who may invite")
        try context.changeDocuments(zone: ["membersMayInviteReadWrite": .bool(allowed)])
    }

    func activeSelf() throws(OursError) -> (Membership, Participant) {
        guard var membership else {
            throw .notFound(
                "no household: this is private data, not a shared household",
                hint: "Create one with `ours household create`.")
        }
        guard membership.status == .active else {
            throw .notPermitted(LifecycleEvent(membership.status).message(household: name))
        }
        try refreshDocuments()
        if let current = self.membership, current.status != .active {
            throw .notPermitted(LifecycleEvent(current.status).message(household: name))
        }
        membership = self.membership ?? membership
        let identity = try device.requireIdentity()
        guard let me = try manifest().participants[identity.participantID] else {
            // Its person's entry has not reached this device: a join or a link still arriving.
            throw .notFound(
                "\(membership.name)'s participant list on this device does not name its person yet "
                    + "(their joining, or this device's link, has not reached it)",
                hint: "Run `ours sync` once the shared folder has synced, then try again.")
        }
        return (membership, me)
    }

    func requireOwner(_ membership: Membership, _ action: String) throws(OursError) {
        guard membership.role == .owner else {
            let owner = (try? ownerName()) ?? "the owner"
            throw .notPermitted("only the owner can \(action)", hint: "Ask \(owner).")
        }
    }

    /// Marks this device's membership ended; commands go back to private data.
    func retire(as status: Membership.Status) throws(OursError) {
        guard var membership else { return }
        membership.status = status
        try device.upsert(membership, makeCurrent: false)
        try device.clearCurrent(ifItIs: membership.id)
    }
}
