/// The outcome of `join`.
public struct JoinResult: Sendable {
    /// The household joined.
    public var zone: Zone
    /// The device was already an active member; nothing changed.
    public var alreadyMember: Bool
    /// The device was a read-only member and the code made it read-write.
    public var upgraded = false
    /// The first sync's report; `nil` when no sync ran (the device was already a member).
    public var report: SyncReport?
    /// The records this device now holds, deleted ones excluded (counted by the first sync;
    /// `nil` when the device was already a member).
    public var records: Int?
    /// The device was a member whose first sync had not finished (the join was interrupted);
    /// this join finished it.
    public var resumed = false
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
        let invitation = try findInvitation(code, in: root)
        let (zone, info) = try readZone(of: invitation)
        if let existing = try memberships().first(where: { $0.id == info.id }), existing.status == .active {
            var result = try upgrade(existing, with: invitation)
            guard try firstSyncPending(info.id) else { return result }
            // An earlier join stopped before its first sync finished: finish it now.
            let outcome = try firstSync(result.zone, progress: progress)
            result.alreadyMember = false
            result.resumed = true
            result.records = outcome.records
            result.report = outcome.report
            return result
        }
        let now = clock.nowMillis()
        let manifest = try readManifest(of: invitation)
        try Device.requireUsable(invitation, manifest: manifest, now: now)
        try markFirstSyncPending(info.id)
        let (household, problem) = try becomeMember(
            invitation, zone: zone, manifest: manifest, identity: identity, name: name, now: now)
        var outcome = try firstSync(household, progress: progress)
        if let problem { outcome.report.problems.append(problem) }
        return JoinResult(zone: household, alreadyMember: false, report: outcome.report, records: outcome.records)
    }

    /// The note, in this device's state directory, that a join has begun and its first sync
    /// not yet finished. Written before the membership, removed once the first sync is done,
    /// so a join cut short anywhere between (Ctrl-C, a crash, a full disk) is finished by the
    /// same `ours join` run again.
    func firstSyncMarker(_ householdID: String) -> String {
        joinPath(home, "first-sync-\(householdID).pending")
    }

    func firstSyncPending(_ householdID: String) throws(OursError) -> Bool {
        do { return try fileSystem.stat(firstSyncMarker(householdID)) != nil } catch { throw .io(error) }
    }

    private func markFirstSyncPending(_ householdID: String) throws(OursError) {
        do { try fileSystem.writeAtomically(firstSyncMarker(householdID), Array("\n".utf8), durability: .immediate) } catch {
            throw .io(error)
        }
    }

    /// The first full sync of a household just joined; clears the pending note once it is done.
    /// - Throws: `.folderUnavailable` saying the join is unfinished when the folder went away
    ///   before the sync was done (the note stays, so the same join run again finishes it).
    private func firstSync(_ household: Zone, progress: SyncProgressHandler?) throws(OursError) -> SyncPass.Outcome {
        let outcome: SyncPass.Outcome
        do {
            outcome = try SyncPass(context: household.context, mode: .sweep, progress: progress, countRecords: true).run()
        } catch  where error.kind == .folderUnavailable {
            throw OursError(
                .folderUnavailable, "joining \(household.name) is unfinished: \(error.message)",
                hint: "Nothing is lost. Once the folder is back, run the same `ours join` again: it finishes the join.",
                cause: error.cause)
        }
        let marker = firstSyncMarker(household.id)
        do { try fileSystem.remove(marker) } catch  where error.reason == .notFound {} catch { throw .io(error) }
        return outcome
    }

    /// What a join found in the shared folder for a code, before it changes anything.
    struct Invitation {
        /// The code, normalized.
        var code: String
        var shareCode: ShareCode
        var store: CodeStore
        /// The household's folder the code points at.
        var layout: ZoneLayout
    }

    /// The share code's file and the household folder it points at.
    /// - Throws: `.notFound` for an unknown code, `.failed` for one that points outside the folder.
    func findInvitation(_ code: String, in root: String) throws(OursError) -> Invitation {
        let store = CodeStore(fileSystem: fileSystem, root: root)
        guard let shareCode = try store.load(code) else {
            throw .notFound(
                "no share code \(code) in \(root)",
                hint: "Check the code, and that \(root) is the shared folder and has finished syncing.")
        }
        let layout = try Device.validatedLayout(root: root, zone: shareCode.zone, fileSystem: fileSystem)
        return Invitation(code: code, shareCode: shareCode, store: store, layout: layout)
    }

    /// The household's `zone.json`, of a household that is not dissolved.
    /// - Throws: `.folderUnavailable` when it is missing or unreadable, `.failed` when a newer
    ///   version wrote it, `.notPermitted` when the household was dissolved.
    func readZone(of invitation: Invitation) throws(OursError) -> (RecordState, ZoneInfo) {
        let layout = invitation.layout
        let zoneBytes = try Device.readDocument(layout.zoneFile, fileSystem: fileSystem)
        let decodedZone = zoneBytes.map { bytes in
            Result { () throws(RecordFileError) in try StampedDocument.decodeZone(bytes, modifiedMillis: 0) }
        }
        if case .failure(let error)? = decodedZone, case .newerFormat = error {
            throw .failed("\(layout.directoryName)/zone.json was \(error)", hint: "Update Ours on this device, then join again.")
        }
        if case .success(let decoded)? = decodedZone { try Device.refuseHandEdits(decoded, "zone.json", invitation) }
        guard let zone = try? decodedZone?.get().state, let info = ZoneInfo(zone) else {
            throw .folderUnavailable(
                "the household folder \(layout.zone) for code \(invitation.code) is missing or its zone.json is unreadable",
                hint: "Wait for the folder to finish syncing and try again.")
        }
        if info.dissolvedAt != nil {
            throw .notPermitted("\(info.name) was dissolved by its owner; code \(invitation.code) no longer works")
        }
        return (zone, info)
    }

    /// - Parameter manifest: the household's participants, whose entries name the code each
    ///   joined with: a use the code's file failed to count still counts.
    /// - Throws: `.notPermitted` for a code that was revoked, expired or used up.
    static func requireUsable(_ invitation: Invitation, manifest: RecordState?, now: Int64) throws(OursError) {
        var shareCode = invitation.shareCode
        let code = invitation.code
        if let manifest { shareCode.uses = max(shareCode.uses, ParticipantManifest(manifest).uses(of: code)) }
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
    }

    /// The household's `participants.json`. Joining starts from it: a manifest built without it
    /// would not know the owner, and would refuse every other participant's entry as an
    /// intruder's, for good.
    private func readManifest(of invitation: Invitation) throws(OursError) -> RecordState {
        let layout = invitation.layout
        guard let manifestBytes = try Device.readDocument(layout.participantsFile, fileSystem: fileSystem),
            let decoded = try? StampedDocument.decodeManifest(manifestBytes, modifiedMillis: 0)
        else {
            throw .folderUnavailable(
                "the household folder \(layout.zone) for code \(invitation.code) has no readable participants.json",
                hint: "Wait for the folder to finish syncing and try again; a member's `ours sync` restores a missing one.")
        }
        try Device.refuseHandEdits(decoded, "participants.json", invitation)
        return decoded.state
    }

    /// Refuses to start from a household document a person edited by hand: every device
    /// ignores such an edit, and the value it replaced is no longer in the file, so this
    /// device could not know what the others hold until one of them writes the file again.
    private static func refuseHandEdits(_ decoded: DecodedRecordFile, _ name: String, _ invitation: Invitation) throws(OursError)
    {
        // An edit an older version took in is stamped by a hand-edit pseudo-device: the same.
        let kept = decoded.state.fields.filter { $0.value.winner.stamp.device.isHandEdit }.keys
        let edited = Set(decoded.handEditedFields).union(kept)
        guard !edited.isEmpty else { return }
        let fields = edited.sorted().joined(separator: ", ")
        throw .folderUnavailable(
            "\(invitation.layout.directoryName)/\(name) was edited by hand (\(fields)) and no member's device has put it right yet",
            hint: "Ask a member to run `ours sync` (their device writes it again as every device sees it), then join again.")
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
