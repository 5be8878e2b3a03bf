/// The outcome of `link`.
public struct LinkResult: Sendable {
    /// This device's identity now: the linking person's participant id, name and email, with
    /// a new device id when the device was not set up before.
    public var identity: DeviceIdentity
    /// The households this device now belongs to through the link.
    public var zones: [Zone]
    /// The device that made the code: it lists this one at its next sync.
    public var linkedBy: DeviceID
    /// Problems of the first syncs (a household whose first sync failed, say).
    public var problems: [String] = []
}

/// Linking a new device to a person who already uses Ours on another one: the device that
/// makes the code (`makeLinkCode`) writes it to the shared folder; the new device claims it
/// (`link`) and takes the person's identity and households; the first device, at its next
/// sync, lists the new one among its person's devices in every household (`LinkCompletion`),
/// a write every version admits. Until then, the others hold the new device's changes back.
extension Device {
    var pendingLinksFile: String { joinPath(home, "links.json") }

    /// Makes a link code in every shared folder this device's active households are in.
    /// - Returns: the code as written (with the households of the first folder).
    public func makeLinkCode() throws(OursError) -> LinkCode {
        let identity = try requireIdentity()
        let active = try memberships().filter { $0.status == .active }
        guard !active.isEmpty else {
            throw .usage(
                "this device belongs to no household yet, so there is nothing to link",
                hint: "Create one with `ours household create`, or join one with `ours join`.")
        }
        // Only a device on its person's list can list another: the listing of one that is not
        // (linked itself and still waiting, or taken off the list) is set aside by every
        // device, and the new device would wait for good.
        let listed = active.filter { isListed(identity, in: $0) }
        guard !listed.isEmpty else {
            let household = active[0].name
            throw .notPermitted(
                "this device is not on \(identity.name)'s list of devices in \(household), so it cannot link another",
                hint: "Make the code on one of \(identity.name)'s devices that is on the list (`ours devices` shows them).")
        }
        let now = clock.nowMillis()
        let code = LinkCode.newCode()
        var written: LinkCode?
        for root in Set(listed.map(\.folder)).sorted() {
            let households = listed.filter { $0.folder == root }.map {
                LinkCode.Household(id: $0.id, name: $0.name, directory: $0.directory)
            }
            let link = LinkCode(
                code: code, participant: identity.participantID, name: identity.name, email: identity.email,
                createdBy: identity.deviceID, createdAt: UTCTime.iso8601(millis: now),
                expiresAt: UTCTime.iso8601(millis: now + LinkCode.lifetimeMillis), households: households)
            do { try saveLink(link, in: root) } catch  where written != nil { continue }
            if written == nil { written = link }
        }
        guard let written else { throw .failed("the link code could not be written") }
        for membership in listed { Zone(device: self, membership: membership).context.refreshDeviceNote(force: true) }
        try withLock { () throws(OursError) in
            var pending = try loadPendingLinks()
            pending.append(code)
            try savePendingLinks(pending)
        }
        return written
    }

    /// Whether the household's list, as this device holds it, names this device as its person's.
    private func isListed(_ identity: DeviceIdentity, in membership: Membership) -> Bool {
        let manifest = try? Zone(device: self, membership: membership).manifest()
        return manifest?.lists(identity.deviceID, as: identity.participantID) ?? false
    }

    func linkPath(_ code: String, in root: String) -> String { joinPath(root, "codes", LinkCode.fileName(code)) }

    func saveLink(_ link: LinkCode, in root: String) throws(OursError) {
        let path = linkPath(link.code, in: root)
        try io { () throws(FileSystemError) in
            if try fileSystem.stat(joinPath(root, "codes")) == nil { try fileSystem.createDirectory(joinPath(root, "codes")) }
            try fileSystem.requireNoLinks(path, under: root, creating: true)
            try fileSystem.writeAtomically(path, link.encode(), durability: .immediate)
        }
    }

    /// The link code file in `root`; `nil` when there is none.
    func loadLink(_ code: String, in root: String) throws(OursError) -> LinkCode? {
        let path = linkPath(code, in: root)
        guard let bytes = try Device.readDocument(path, fileSystem: fileSystem) else { return nil }
        return try LinkCode.decode(bytes, path: path)
    }

    func loadPendingLinks() throws(OursError) -> [String] {
        guard let bytes = try readIfPresent(pendingLinksFile) else { return [] }
        let reader = try JSONObjectReader(bytes, path: pendingLinksFile)
        return (reader.object["links"]?.arrayValue ?? []).compactMap(\.stringValue)
    }

    func savePendingLinks(_ codes: [String]) throws(OursError) {
        try writeState(stateFileBytes(["format": 1, "links": .array(codes.map { .string($0) })]), to: pendingLinksFile)
    }

    /// Makes this device one of the person's who made the link code: their identity, and
    /// their households in the shared folder at `folder`, each synced a first time.
    /// - Throws: `.usage` for a malformed code or a device set up for someone else,
    ///   `.notFound` for an unknown code, `.notPermitted` for an expired or used one.
    public func link(code typed: String, folder: String, deviceName: String?) throws(OursError) -> LinkResult {
        let code = try LinkCode.normalize(typed)
        let root = try requireSharedFolder(folder, writable: true)
        guard var link = try loadLink(code, in: root) else {
            throw .notFound(
                "no link code \(code) in \(root) (\(linkPath(code, in: root)) does not exist)",
                hint: "Check the code, and that \(root) is the shared folder and has finished syncing.")
        }
        let now = clock.nowMillis()
        if let claimed = link.claimedBy, try identity()?.deviceID != claimed {
            throw .notPermitted("link code \(code) was already used by device \(claimed)", hint: "Make a new one.")
        }
        // The identity is written only once the claim holds: a refused claim (expired, or taken
        // by another device meanwhile) leaves the device as it was, not set up as someone
        // else, which a later `join` would then use.
        let (identity, changed) = try withLock { () throws(OursError) -> (DeviceIdentity, changed: Bool) in
            try linkedIdentity(for: link, deviceName: deviceName)
        }
        link = try claim(code, in: root, by: identity.deviceID, deviceName: deviceName, now: now)
        if changed {
            try withLock { () throws(OursError) in try writeState(stateFileBytes(identity.document), to: identityFile) }
        }
        try rememberLinkClaim(
            LinkClaim(
                code: code, folder: root, participant: link.participant,
                claimedAt: link.claimedAt ?? UTCTime.iso8601(millis: now), deviceName: link.deviceName))
        var result = LinkResult(identity: identity, zones: [], linkedBy: link.createdBy)
        for household in link.households {
            do {
                result.zones.append(try adopt(household, root: root, identity: identity, now: now))
            } catch {
                result.problems.append("\(household.name): \(error.message)")
            }
        }
        return result
    }

    /// Writes this device's claim into the code's file, unless another device's is there: read
    /// and written under a lock on the file, so two devices claiming at once in one folder
    /// cannot both win (two copies of a folder that a sync tool joins later can: then the
    /// file's `claimedBy` ends naming one, only that one is listed, and the other stays
    /// read-only; docs/FORMAT.md).
    /// - Returns: the code as claimed.
    private func claim(
        _ code: String, in root: String, by device: DeviceID, deviceName: String?, now: Int64
    ) throws(OursError) -> LinkCode {
        let lock = try? fileSystem.lock(linkPath(code, in: root), wait: true)
        defer { lock?.unlock() }
        guard var link = try loadLink(code, in: root) else {
            throw .notFound("link code \(code) went away from \(root) meanwhile", hint: "Make a new one: `ours device link`.")
        }
        if let claimed = link.claimedBy {
            guard claimed == device else {
                throw .notPermitted("link code \(code) was already used by device \(claimed)", hint: "Make a new one.")
            }
            return link
        }
        guard !link.isExpired(atMillis: now) else {
            throw .notPermitted("link code \(code) expired at \(link.expiresAt)", hint: "Make a new one: `ours device link`.")
        }
        link.claimedBy = device
        link.claimedAt = UTCTime.iso8601(millis: now)
        link.deviceName = deviceName
        try saveLink(link, in: root)
        return link
    }

    /// This device's identity as the link's person: set up now, or already theirs; a device
    /// set up for someone else who belongs to a household is refused.
    func takeIdentity(of link: LinkCode, deviceName: String?) throws(OursError) -> DeviceIdentity {
        try withLock { () throws(OursError) -> DeviceIdentity in
            let (identity, changed) = try linkedIdentity(for: link, deviceName: deviceName)
            if changed { try writeState(stateFileBytes(identity.document), to: identityFile) }
            return identity
        }
    }

    /// The identity this device would have as the link's person, and whether that differs from
    /// the one it has (nothing is written): its own when already theirs, its device id with the
    /// link's person when set up for someone in no household, a new one on a fresh device.
    private func linkedIdentity(for link: LinkCode, deviceName: String?) throws(OursError) -> (DeviceIdentity, changed: Bool) {
        guard var identity = try identity() else {
            var identity = DeviceIdentity(
                deviceID: .random(), participantID: link.participant, name: link.name, email: link.email,
                createdAt: UTCTime.iso8601(millis: clock.nowMillis()))
            identity.deviceName = deviceName
            return (identity, true)
        }
        if identity.participantID == link.participant { return (identity, false) }
        guard try memberships().isEmpty else {
            throw .usage(
                "this device is set up for \(identity.name) and belongs to households; a link would make it \(link.name)'s",
                hint: "Link a device that is new to Ours (or use another OURS_HOME).")
        }
        identity.participantID = link.participant
        identity.name = link.name
        identity.email = link.email
        identity.deviceName = deviceName ?? identity.deviceName
        return (identity, true)
    }

    /// One of the person's households: its documents from the folder, the membership, a first sync.
    private func adopt(
        _ household: LinkCode.Household, root: String, identity: DeviceIdentity, now: Int64
    ) throws(OursError) -> Zone {
        let layout = ZoneLayout(root: root, directoryName: household.directory)
        let membership = Membership(
            id: household.id, name: household.name, folder: root, directory: household.directory, role: .member,
            permission: .readOnly, joinedAt: UTCTime.iso8601(millis: now))
        let zone = Zone(device: self, membership: membership)
        try withLock { () throws(OursError) in
            guard let zoneBytes = try Device.readDocument(layout.zoneFile, fileSystem: fileSystem),
                let zoneState = try? StampedDocument.decodeZone(zoneBytes, modifiedMillis: 0).state,
                ZoneInfo(zoneState)?.id == household.id,
                let manifestBytes = try Device.readDocument(layout.participantsFile, fileSystem: fileSystem),
                let manifest = try? StampedDocument.decodeManifest(manifestBytes, modifiedMillis: 0).state
            else {
                throw .folderUnavailable("\(layout.zone) holds no readable household \(household.name)")
            }
            if try memberships().contains(where: { $0.id == household.id && $0.status == .active }) { return }
            try zone.replica.saveZone(zoneState)
            try zone.replica.saveManifest(manifest)
            try upsert(membership, makeCurrent: false)
        }
        _ = try SyncPass(context: zone.context, mode: .sweep).run()
        zone.context.refreshDeviceNote(force: true)
        return zone
    }
}
