/// An owner who lost every device gets the household back with its recovery code (see
/// `Recovery`): the code is shown once when the household is made, and again whenever the
/// owner issues a new one, which replaces it.
extension Zone {
    /// Issues a new recovery code for the owner, replacing the one before.
    /// - Returns: the code, to show once; it is never stored readable.
    public func issueRecoveryCode() throws(OursError) -> String {
        let (membership, me) = try activeSelf()
        try requireOwner(membership, "issue a recovery code")
        let code = Recovery.newCode()
        try context.changeDocuments(zone: ["recovery": Recovery.record(code: code, participant: me.id)])
        return code
    }
}

/// The outcome of `recover`.
public struct RecoveryResult: Sendable {
    /// The household, active again on this device.
    public var zone: Zone
    /// This device's identity, now listed as the owner's device.
    public var identity: DeviceIdentity
    /// The new recovery code, replacing the one used: shown once.
    public var newCode: String
    /// The owner's earlier devices, now removed.
    public var removedDevices: [DeviceID]
}

extension Device {
    /// Makes this device the owner's in the household at `folder` whose recovery code `typed`
    /// is: it takes the owner's identity, writes the code's proof with a new code (a write every
    /// device admits as the owner's), and removes the owner's earlier devices (lost ones).
    /// - Throws: `.notFound` when no household in the folder has this code, `.notPermitted`
    ///   when it was issued to someone who no longer owns the household.
    public func recover(code typed: String, folder: String) throws(OursError) -> RecoveryResult {
        let code = try Recovery.normalize(typed)
        let root = try requireSharedFolder(folder, writable: true)
        let (layout, zoneState, manifestState, proof) = try findRecoverable(code, in: root)
        guard let info = ZoneInfo(zoneState), let participant = zoneState.values["recovery"]?["participant"]?.stringValue
        else { throw .failed("\(layout.zoneFile) is damaged") }
        guard info.owner == participant else {
            throw .notPermitted(
                "this recovery code was issued to someone who no longer owns \(info.name)",
                hint: "Only the current owner's code recovers the household.")
        }
        let owner = ParticipantManifest(manifestState).participants[participant]
        let link = LinkCode(
            code: "", participant: participant, name: owner?.name ?? "Owner", email: owner?.email,
            createdBy: DeviceID("00000000")!, createdAt: "", expiresAt: "", households: [])
        // What this device was, to go back to if the recovery is refused before it is written.
        let before = try withLock { () throws(OursError) in (try readIfPresent(identityFile), try loadMemberships()) }
        let identity = try takeIdentity(of: link, deviceName: nil)
        let membership = Membership(
            id: info.id, name: info.name, folder: root, directory: layout.directoryName, role: .owner,
            permission: .readWrite, joinedAt: UTCTime.iso8601(millis: clock.nowMillis()))
        let zone = Zone(device: self, membership: membership)
        try withLock { () throws(OursError) in
            try zone.replica.saveZone(zoneState)
            try zone.replica.saveManifest(manifestState)
            try upsert(membership, makeCurrent: true)
        }
        let earlier = ParticipantManifest(manifestState).activeDevices(of: participant).filter { $0 != identity.deviceID }
        let newCode = Recovery.newCode()
        do {
            try zone.replica.markRecoveryClaim()
            try zone.context.changeDocuments(
                zone: ["recoveryProof": .string(proof), "recovery": Recovery.record(code: newCode, participant: participant)],
                hint: "The household's documents in the folder may be damaged; `ours doctor` explains more.",
                computed: { state, stamp in
                    [
                        participant + ".devices": ParticipantManifest.devicesValue(
                            of: participant, in: state, adding: [identity.deviceID], removing: Set(earlier), at: stamp)
                    ]
                })
        } catch {
            // Refused before anything reached the folder (every other device would ignore it,
            // or the folder cannot be written): the device is left as it was, not the owner's
            // device of a household no one lets it into.
            if error.kind == .notPermitted || error.kind == .folderUnavailable {
                try? undoRecovery(of: info.id, identity: before.0, memberships: before.1)
            }
            throw error
        }
        _ = try SyncPass(context: zone.context, mode: .sweep).run()
        return RecoveryResult(zone: zone, identity: identity, newCode: newCode, removedDevices: earlier)
    }

    /// Puts back this device's identity file and households as they were before a recovery,
    /// and removes the household's copy the recovery had begun.
    private func undoRecovery(
        of household: String, identity: [UInt8]?, memberships: (current: String?, memberships: [Membership])
    ) throws(OursError) {
        try withLock { () throws(OursError) in
            if let identity {
                try writeState(identity, to: identityFile)
            } else {
                forgetHeldFiles()
                try io { () throws(FileSystemError) in try fileSystem.remove(identityFile) }
            }
            try saveMemberships(memberships.memberships, current: memberships.current)
            if !memberships.memberships.contains(where: { $0.id == household }) { try removeTree(replica(household).directory) }
        }
    }

    /// The household in `root` whose recovery code `code` is, its documents, and the code's proof.
    private func findRecoverable(
        _ code: String, in root: String
    ) throws(OursError) -> (ZoneLayout, RecordState, RecordState, String) {
        let entries = (try? fileSystem.list(root)) ?? []
        for entry in entries.sorted(by: { $0.name < $1.name }) where entry.kind == .directory {
            guard !FolderNames.isIgnored(entry.name), FolderNames.isPortable(entry.name), entry.name != "codes" else { continue }
            let layout = ZoneLayout(root: root, directoryName: entry.name)
            guard let bytes = try? Device.readDocument(layout.zoneFile, fileSystem: fileSystem),
                let zoneState = try? StampedDocument.decodeZone(bytes, modifiedMillis: 0).state,
                let record = zoneState.values["recovery"], let proof = Recovery.proof(of: code, for: record)
            else { continue }
            guard let manifestBytes = try Device.readDocument(layout.participantsFile, fileSystem: fileSystem),
                let manifest = try? StampedDocument.decodeManifest(manifestBytes, modifiedMillis: 0).state
            else {
                throw .folderUnavailable("\(layout.participantsFile) is missing or unreadable", hint: "Wait for it to sync.")
            }
            return (layout, zoneState, manifest, proof)
        }
        throw .notFound(
            "no household in \(root) has this recovery code",
            hint: "Check the code, and that \(root) is the shared folder and has finished syncing.")
    }
}
