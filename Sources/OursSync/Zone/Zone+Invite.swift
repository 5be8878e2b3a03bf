extension Zone {
    /// Makes a share code for this household.
    /// - Parameters:
    ///   - readOnly: whether people joining with it may only read.
    ///   - expiresInMillis: how long the code works (7 days when `nil`).
    ///   - maxUses: how many people may join with it (one when `nil`).
    /// - Throws: `.notPermitted` for read-only members, and for read-write codes made by
    ///   anyone but the owner; `.folderUnavailable` when the shared folder is missing or this
    ///   device cannot write it now (the code is a file in it).
    public func invite(readOnly: Bool, expiresInMillis: Int64? = nil, maxUses: Int? = nil) throws(OursError) -> ShareCode {
        guard let membership else {
            throw .notFound(
                "no household: private data cannot be shared",
                hint: "Create a household first: `ours household create NAME --folder PATH`.")
        }
        try requireWritable("invite people")
        let identity = try device.requireIdentity()
        if !readOnly, membership.role != .owner, try zoneInfo()?.membersMayInviteReadWrite != true {
            let owner = (try? ownerName()) ?? "the owner"
            throw .notPermitted(
                "only the owner can make read-write codes",
                hint:
                    "Make a read-only code with --read-only, or ask \(owner) (who can allow members to with `ours household allow-invites`)."
            )
        }
        if let maxUses, maxUses < 1 { throw .usage("--uses must be at least 1, got \(maxUses)") }
        if let expiresInMillis, expiresInMillis <= 0 { throw .usage("--expires must be a positive duration") }
        let layout = try context.requireFolder()
        guard fileSystem.isWritableDirectory(layout.root) else {
            throw .folderUnavailable(
                "the shared folder \(layout.root) cannot be written now, so no code can be made: a code is a file in it",
                hint: "Try again once this device can write it (a read-only mount, or the folder's permissions). "
                    + "Changes to records wait on this device meanwhile.")
        }
        let store = CodeStore(fileSystem: fileSystem, root: layout.root)
        let now = device.clock.nowMillis()
        var code = ShareCode.newCode()
        while try store.load(code) != nil { code = ShareCode.newCode() }
        let shareCode = ShareCode(
            code: code, zone: layout.directoryName, permission: readOnly ? .readOnly : .readWrite,
            createdBy: identity.participantID, createdAt: UTCTime.iso8601(millis: now),
            expiresAt: UTCTime.iso8601(millis: now + (expiresInMillis ?? 7 * 86_400_000)), maxUses: maxUses ?? 1)
        try store.save(shareCode)
        return shareCode
    }

    /// The household's codes (every code in the shared folder that points at it). A code's
    /// `uses` is at least the number of participants whose entry names it: a join whose device
    /// failed to count it in the file still used it.
    public func codes() throws(OursError) -> [ShareCode] {
        let layout = try context.requireFolder()
        let manifest = try manifest()
        return CodeStore(fileSystem: fileSystem, root: layout.root).all()
            .filter { $0.zone == layout.directoryName }
            .map { code in
                var counted = code
                counted.uses = max(code.uses, manifest.uses(of: code.code))
                return counted
            }
            .sorted { $0.createdAt > $1.createdAt }
    }
}
