import Foundation

extension Device {
    /// Creates a household in a shared folder, with this device's person as its owner, and
    /// moves the device's private data into it.
    /// - Parameters:
    ///   - name: what people call it ("Sarah & Mike's Home").
    ///   - folder: where this device mounts the shared folder.
    /// - Throws: `.usage` for an empty path or the file system's root, `.folderUnavailable`
    ///   when the folder is missing, `.notPermitted` when it is read-only.
    public func createZone(name: String, folder: String) throws(OursError) -> Zone {
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { throw .usage("the household needs a name") }
        let root = try requireSharedFolder(folder, writable: true, refusingRoot: true)
        let identity = try requireIdentity()
        let household = try withLock { () throws(OursError) -> Zone in
            let now = clock.nowMillis()
            let zoneID = "h" + RandomID.make(length: 15)
            let layout = ZoneLayout(root: root, directoryName: ZoneLayout.directoryName(forHouseholdNamed: name))
            let stamp = try stamp()
            var zone = RecordState(key: RecordKey(unchecked: StampedDocument.zoneType, id: zoneID))
            zone.write(
                ZoneInfo(id: zoneID, name: name, owner: identity.participantID, createdAt: UTCTime.iso8601(millis: now)).fields,
                at: stamp)
            var manifest = RecordState(key: RecordKey(unchecked: StampedDocument.manifestType, id: zoneID))
            let owner = Participant(
                id: identity.participantID, name: identity.name, email: identity.email, role: .owner, permission: .readWrite,
                status: .active, devices: [identity.deviceID], joinedAt: UTCTime.iso8601(millis: now))
            manifest.write(owner.fields, at: stamp)
            let membership = Membership(
                id: zoneID, name: name, folder: root, directory: layout.directoryName, role: .owner, permission: .readWrite,
                joinedAt: UTCTime.iso8601(millis: now))
            let household = Zone(device: self, membership: membership)
            let moved = try publish(household, membership, zone: zone, manifest: manifest, at: layout)
            // Private records were copied in before the household was recorded and are removed
            // from private data after: a failure in between leaves them in both places, never in neither.
            let privateData = replica(Zone.privateID)
            for key in moved { try io { () throws(FileSystemError) in try fileSystem.remove(privateData.path(of: key)) } }
            return household
        }
        try household.sync()
        return household
    }

    /// Makes a new household real: its folder is built under a name every reader ignores
    /// (`.ours-new-…`), this device's replica gets the documents and the private records, the
    /// folder is published under its own name with one rename, and only then is the membership
    /// recorded. A failure before that removes what this call made (nobody can know the new
    /// folder's name yet): no household nobody belongs to is left behind, and retrying makes
    /// no second one.
    /// - Returns: the private records copied in.
    private func publish(
        _ household: Zone, _ membership: Membership, zone: RecordState, manifest: RecordState, at layout: ZoneLayout
    ) throws(OursError) -> [RecordKey] {
        let staging = ZoneLayout(root: layout.root, directoryName: ZoneLayout.stagingPrefix + RandomID.make(length: 8))
        do throws(OursError) {
            try io { () throws(FileSystemError) in
                try fileSystem.createDirectory(staging.records)
                try fileSystem.writeAtomically(staging.zoneFile, StampedDocument.encodeZone(zone), durability: .immediate)
                try fileSystem.writeAtomically(
                    staging.participantsFile, StampedDocument.encodeManifest(manifest), durability: .immediate)
            }
            try household.replica.saveZone(zone)
            try household.replica.saveManifest(manifest)
            let moved = try copyPrivateData(into: household)
            try io { () throws(FileSystemError) in try fileSystem.rename(staging.zone, to: layout.zone) }
            do throws(OursError) { try upsert(membership, makeCurrent: true) } catch {
                // A write that reported a failure may still have happened: then the household is made.
                guard (try? memberships().contains { $0.id == membership.id }) == true else { throw error }
            }
            return moved
        } catch {
            // A rename that reported a failure may have happened too: whichever folder is there goes.
            discardNewFolder(staging)
            discardNewFolder(layout)
            try? removeTree(household.replica.directory)
            throw error
        }
    }

    /// Removes a household folder this device just made, if it still holds only what it made.
    func discardNewFolder(_ layout: ZoneLayout) {
        let made: Set<String> = ["zone.json", "participants.json", "records"]
        guard let entries = try? fileSystem.list(layout.zone),
            entries.allSatisfy({ made.contains($0.name) || TemporaryName.matches($0.name) }),
            ((try? fileSystem.list(layout.records)) ?? []).isEmpty
        else { return }
        for entry in entries { try? fileSystem.remove(joinPath(layout.zone, entry.name)) }
        try? fileSystem.remove(layout.zone)
    }

    /// Copies records made before any household existed into `household`, keeping their
    /// stamps, and makes the copies durable; returns their keys.
    func copyPrivateData(into household: Zone) throws(OursError) -> [RecordKey] {
        let source = replica(Zone.privateID)
        let keys = try source.keys()
        guard !keys.isEmpty else { return [] }
        for key in keys {
            guard let state = try source.load(key) else { continue }
            try household.replica.markPending(key)
            try household.replica.save(state, durability: .deferred)
        }
        try household.context.flush(household.replica.directory)
        return keys
    }

    /// Checks that a shared folder exists (and is writable when needed) and makes its path absolute.
    /// - Parameter refusingRoot: whether the file system's root is refused (a new household
    ///   would put its folder and `codes/` at the top of the file system).
    /// - Throws: `.usage` for an empty path (it would mean the current directory, which nobody
    ///   means by saying nothing), and for the root when refused.
    func requireSharedFolder(_ folder: String, writable: Bool, refusingRoot: Bool = false) throws(OursError) -> String {
        guard !folder.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw .usage("the shared folder's path is empty", hint: "Give the folder's path (`.` for the current one).")
        }
        let absolute = Device.absolutePath(folder)
        if refusingRoot, absolute == "/" || fileSystem.realPath(absolute) == "/" {
            throw .usage(
                "the shared folder \(folder) is the root of the file system (/), where no household is made",
                hint:
                    "Give the folder you share, such as ~/Dropbox/Ours or an NFS mount point: the household's folder goes inside it."
            )
        }
        let stat: FileStat?
        do { stat = try fileSystem.stat(absolute) } catch { throw .folderUnavailable(error.description) }
        guard let stat else {
            throw .folderUnavailable(
                "the shared folder \(absolute) does not exist",
                hint: "Check the path, or mount the folder (or start your sync tool) first.")
        }
        guard stat.kind == .directory || (stat.kind == .symlink && fileSystem.realPath(absolute) != nil) else {
            throw .folderUnavailable("\(absolute) is not a folder")
        }
        if writable, !fileSystem.isWritableDirectory(absolute) {
            throw .notPermitted(
                "this device cannot write to \(absolute)", hint: "Check the folder's permissions or sharing settings.")
        }
        return absolute
    }

    static func absolutePath(_ path: String) -> String {
        var result = path
        if !result.hasPrefix("/") {
            result = joinPath(FileManagerCompat.currentDirectory(), result)
        }
        var parts: [Substring] = []
        for part in result.split(separator: "/") {
            if part == "." { continue }
            if part == "..", !parts.isEmpty { parts.removeLast(); continue }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }
}

enum FileManagerCompat {
    static func currentDirectory() -> String { FileManager.default.currentDirectoryPath }
}
