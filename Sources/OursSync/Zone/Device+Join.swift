/// The outcome of `join`.
public struct JoinResult: Sendable {
    public var zone: Zone
    /// The device was already an active member; nothing changed.
    public var alreadyMember: Bool
    public var report: SyncReport?
    /// The records this device now holds, deleted ones excluded (counted by the first sync;
    /// `nil` when the device was already a member).
    public var records: Int?
}

extension Device {
    /// Joins a household with a share code.
    /// - Parameters:
    ///   - typed: the code as typed: any case, spaces and dashes ignored.
    ///   - folder: where this device mounts the shared folder.
    ///   - name: how to appear to the others (this device's name when `nil`).
    ///   - progress: called during the first sync of a big household.
    /// - Throws: `.usage` for a malformed code, `.notFound` for an unknown one, `.notPermitted`
    ///   for an expired, used-up or revoked code or a dissolved household, `.folderUnavailable`
    ///   when the folder or household is missing, `.failed` for a code that points outside the folder.
    public func join(
        code typed: String, folder: String, name: String? = nil, progress: SyncProgressHandler? = nil
    ) throws(OursError) -> JoinResult {
        let code: String
        do { code = try ShareCode.normalize(typed) } catch { throw .usage(error.description) }
        let root = try requireSharedFolder(folder, writable: false)
        let identity = try requireIdentity()
        let store = CodeStore(fileSystem: fileSystem, root: root)
        guard var shareCode = try store.load(code) else {
            throw .notFound(
                "no share code \(code) in \(root)",
                hint: "Check the code, and that \(root) is the shared folder and has finished syncing.")
        }
        let layout = try Device.validatedLayout(root: root, zone: shareCode.zone, fileSystem: fileSystem)
        let zoneBytes = try Device.readDocument(layout.zoneFile, fileSystem: fileSystem)
        let decodedZone = zoneBytes.map { bytes in
            Result { () throws(RecordFileError) in try StampedDocument.decodeZone(bytes, modifiedMillis: 0) }
        }
        if case .failure(let error)? = decodedZone, case .newerFormat = error {
            throw .failed("\(layout.directoryName)/zone.json was \(error)", hint: "Update Ours on this device, then join again.")
        }
        guard let zone = try? decodedZone?.get().state, let info = ZoneInfo(zone) else {
            throw .folderUnavailable(
                "the household folder \(layout.zone) for code \(code) is missing or its zone.json is unreadable",
                hint: "Wait for the folder to finish syncing and try again.")
        }
        if info.dissolvedAt != nil {
            throw .notPermitted("\(info.name) was dissolved by its owner; code \(code) no longer works")
        }
        if let existing = try memberships().first(where: { $0.id == info.id }), existing.status == .active {
            return JoinResult(zone: Zone(device: self, membership: existing), alreadyMember: true)
        }
        let now = clock.nowMillis()
        switch shareCode.status(nowMillis: now) {
        case .active: break
        case .revoked: throw .notPermitted("share code \(code) was revoked", hint: "Ask for a new code.")
        case .expired:
            throw .notPermitted("share code \(code) expired at \(shareCode.expiresAt ?? "?")", hint: "Ask for a new code.")
        case .used:
            throw .notPermitted(
                "share code \(code) has been used up (\(shareCode.uses) of \(shareCode.maxUses ?? 0))",
                hint: "Ask for a new code.")
        }
        // Joining starts from the household's manifest: one built without it would not know the
        // owner, and would refuse every other participant's entry as an intruder's, for good.
        guard let manifestBytes = try Device.readDocument(layout.participantsFile, fileSystem: fileSystem),
            let folderManifest = try? StampedDocument.decodeManifest(manifestBytes, modifiedMillis: 0).state
        else {
            throw .folderUnavailable(
                "the household folder \(layout.zone) for code \(code) has no readable participants.json",
                hint: "Wait for the folder to finish syncing and try again; a member's `ours sync` restores a missing one.")
        }
        let writable = fileSystem.isWritableDirectory(layout.zone)
        let permission: Participant.Permission = writable ? shareCode.permission : .readOnly
        let membership = Membership(
            id: info.id, name: info.name, folder: root, directory: layout.directoryName, role: .member,
            permission: permission, joinedAt: UTCTime.iso8601(millis: now))
        let household = Zone(device: self, membership: membership)
        try withLock { () throws(OursError) in
            try household.replica.saveZone(zone)
            try household.replica.saveManifest(folderManifest)
            var manifest =
                try household.replica.loadManifest()
                ?? RecordState(key: RecordKey(unchecked: StampedDocument.manifestType, id: info.id))
            try observeOwnStamps(in: manifest)
            let me = Participant(
                id: identity.participantID, name: name ?? identity.name, email: identity.email, role: .member,
                permission: permission, status: .active, devices: [identity.deviceID], joinedAt: membership.joinedAt, code: code)
            manifest.write(me.fields, at: try stamp())
            try household.replica.saveManifest(manifest)
            // The membership first, the code's use after: a failure in between leaves a member
            // whose next sync finishes joining, never a used-up code and no membership.
            try upsert(membership, makeCurrent: true)
            if writable {
                shareCode.uses += 1
                try store.save(shareCode)
            }
        }
        let outcome = try SyncPass(context: household.context, mode: .sweep, progress: progress, countRecords: true).run()
        return JoinResult(zone: household, alreadyMember: false, report: outcome.report, records: outcome.records)
    }

    /// A household document in the folder; `nil` when it is absent. Any other failure to read
    /// it is an error naming the file and the reason: a join must not start from a guess.
    static func readDocument(_ path: String, fileSystem: any FileSystem) throws(OursError) -> [UInt8]? {
        do { return try fileSystem.read(path, limit: RecordFile.maximumSize) } catch {
            if error.reason == .notFound { return nil }
            throw .io(error)
        }
    }

    /// The household folder a code points at, refusing anything that is not one plain folder
    /// name inside the shared folder: no `..`, no absolute path, no link.
    static func validatedLayout(root: String, zone: String, fileSystem: any FileSystem) throws(OursError) -> ZoneLayout {
        let refuse = { (why: String) -> OursError in
            .failed(
                "refused: the share code points at \"\(zone)\", \(why)",
                hint: "The code file may have been tampered with; ask for a new code.")
        }
        if zone.isEmpty || zone.contains("/") || zone.contains("\\") || zone == "." || zone == ".." || zone.contains("\0") {
            throw refuse("which is not a single folder name inside the shared folder")
        }
        if !FolderNames.isPortable(zone) || FolderNames.isIgnored(zone) {
            throw refuse("which is not a valid household folder name")
        }
        let layout = ZoneLayout(root: root, directoryName: zone)
        if let stat = try? fileSystem.stat(layout.zone), stat.kind != .directory {
            throw refuse(
                stat.kind == .symlink ? "a link (Ours never follows links out of the shared folder)" : "which is not a folder")
        }
        return layout
    }
}
