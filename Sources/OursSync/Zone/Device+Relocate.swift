/// The outcome of `relocate`.
public struct RelocateResult: Sendable {
    /// The household, at its new place.
    public var zone: Zone
    /// Where this device looked for it before.
    public var previous: ZoneLayout
    /// Whether the place changed (`false`: the device already looked there).
    public var moved: Bool
    /// The first pass at the new place (`nil` for a read-only copy, which is not synced).
    public var report: SyncReport?
    /// Why that pass failed, when it did: the new place is recorded all the same.
    public var syncError: OursError?
}

/// Following a household whose folder moved: a sync tool's folder relocated, a new mount
/// point. The device checks that the folder it is pointed at
/// holds the same household (its id in `zone.json`), records the new place and syncs there;
/// nothing is joined again, and changes made while the folder was away are written there.
extension Device {
    /// Points this device at a household's new place.
    /// - Parameters:
    ///   - selector: the household's name or id; `nil` for the one in use.
    ///   - path: the shared folder holding the household's folder, or that folder itself.
    /// - Throws: `.folderUnavailable` when `path` is missing, not a folder or unreadable,
    ///   `.notFound` when it holds no household, `.failed` when it holds another household
    ///   (or a `zone.json` that cannot be read). Nothing is changed then.
    public func relocate(
        _ selector: String?, to path: String, progress: SyncProgressHandler? = nil
    ) throws(OursError) -> RelocateResult {
        var unlisted: Membership?
        if let selector { unlisted = try unlistedMembership(selector) }
        let found = try unlisted == nil ? membership(matching: selector) : unlisted
        guard let membership = found else {
            throw .usage("private data has no shared folder to move", hint: "Name the household with --household NAME.")
        }
        let layout =
            unlisted == nil
            ? try locateHousehold(membership, in: Device.absolutePath(path))
            : try locateUnlisted(membership, in: Device.absolutePath(path))
        let previous = membership.layout
        let moved = layout != previous
        var updated = membership
        updated.folder = layout.root
        updated.directory = layout.directoryName
        try withLock { () throws(OursError) in
            let (current, memberships) = try loadMemberships()
            let replaced = memberships.map { $0.id == membership.id ? updated : $0 } + (unlisted == nil ? [] : [updated])
            try saveMemberships(replaced, current: current ?? (unlisted == nil ? nil : updated.id))
            // What the index remembers of the old place says nothing of the new one: every
            // file there is read again, and every record this device holds is written where missing.
            if moved { try replica(membership.id).saveFolderIndex(FolderIndex()) }
        }
        let zone = Zone(device: self, membership: updated)
        var result = RelocateResult(zone: zone, previous: previous, moved: moved)
        guard updated.status == .active else { return result }
        do {
            result.report = try SyncPass(context: zone.context, mode: .sweep, progress: progress).run().report
        } catch {
            result.syncError = error
        }
        return result
    }

    /// The household's folder at `path`: `path` itself when it holds `zone.json`, else the
    /// folder of the household's name inside it. A household folder found under another name
    /// is refused: its share codes, and every member's device, know it by its name, and the
    /// joins those codes admitted would be ignored under another one.
    func locateHousehold(_ membership: Membership, in path: String) throws(OursError) -> ZoneLayout {
        try requireFolder(path)
        var layout = ZoneLayout(root: path, directoryName: membership.directory)
        if try hasZoneFile(joinPath(path, "zone.json")) {
            layout = ZoneLayout(root: parentPath(path), directoryName: lastComponent(path))
        } else if try !hasZoneFile(layout.zoneFile) {
            guard let renamed = renamedHousehold(membership, in: path) else {
                throw .notFound(
                    "\(path) holds no household folder: no zone.json in it, nor in a folder \(membership.directory) inside it",
                    hint: "Point at the shared folder that holds \(membership.name)'s folder, or at that folder itself. "
                        + "If your sync tool is still copying it, wait and try again. Nothing was changed.")
            }
            layout = renamed
        }
        try requireSameHousehold(membership, at: layout)
        guard layout.directoryName == membership.directory else {
            throw .failed(
                "\(layout.zone) holds \(membership.name), but its folder was renamed: it is \(membership.directory)",
                hint: "Rename it back to \(membership.directory): the household's share codes and every member's device "
                    + "know it by that name. Nothing was changed.")
        }
        return layout
    }

    /// A household this device holds a copy of in `replicas/` but does not list (its entry
    /// was lost with a damaged `households.json`, see `checkStateFiles`), named by its id;
    /// its place is found by `locateUnlisted`.
    private func unlistedMembership(_ id: String) throws(OursError) -> Membership? {
        guard id != Zone.privateID, try !loadMemberships().memberships.contains(where: { $0.id == id }) else { return nil }
        return rebuiltMembership(id, participant: try requireIdentity().participantID, salvage: MembershipSalvage([]))
    }

    /// Where an unlisted household is: `path` itself when it holds its `zone.json`, else the
    /// folder inside it that does (its name is not known any more).
    private func locateUnlisted(_ membership: Membership, in path: String) throws(OursError) -> ZoneLayout {
        try requireFolder(path)
        var layout = ZoneLayout(root: parentPath(path), directoryName: lastComponent(path))
        if try !hasZoneFile(joinPath(path, "zone.json")) {
            guard let found = renamedHousehold(membership, in: path) else {
                throw .notFound(
                    "\(path) holds no folder of \(membership.name) (id \(membership.id)): no zone.json of it in it, "
                        + "nor in a folder inside it",
                    hint: "Point at the shared folder that holds \(membership.name)'s folder, or at that folder itself.")
            }
            layout = found
        }
        try requireSameHousehold(membership, at: layout)
        return layout
    }

    /// A folder inside `path` holding this household under another name, to say so.
    private func renamedHousehold(_ membership: Membership, in path: String) -> ZoneLayout? {
        let entries = (try? fileSystem.list(path)) ?? []
        for entry in entries.sorted(by: { $0.name < $1.name }) where entry.kind == .directory {
            guard !FolderNames.isIgnored(entry.name), FolderNames.isPortable(entry.name) else { continue }
            let layout = ZoneLayout(root: path, directoryName: entry.name)
            guard (try? hasZoneFile(layout.zoneFile)) == true, (try? zoneInfo(at: layout))?.id == membership.id else { continue }
            return layout
        }
        return nil
    }

    private func requireFolder(_ path: String) throws(OursError) {
        let stat: FileStat?
        do { stat = try fileSystem.stat(path) } catch { throw .folderUnavailable("\(path) cannot be read: \(error)") }
        guard let stat else {
            throw .folderUnavailable(
                "\(path) does not exist", hint: "Check the path, or mount the folder (or start your sync tool) first.")
        }
        guard stat.kind == .directory || (stat.kind == .symlink && fileSystem.realPath(path) != nil) else {
            throw .folderUnavailable("\(path) is not a folder")
        }
    }

    /// Whether a `zone.json` is at `path`; a link or anything but a plain file is refused (Ours
    /// never follows links inside the shared folder).
    private func hasZoneFile(_ path: String) throws(OursError) -> Bool {
        let stat: FileStat?
        do { stat = try fileSystem.stat(path) } catch { throw .folderUnavailable("\(path) cannot be read: \(error)") }
        guard let stat else { return false }
        guard stat.kind == .file else {
            throw .failed("refused: \(path) is not a plain file", hint: "Ours never follows links inside the shared folder.")
        }
        return true
    }

    /// Refuses a folder that is not a plain household folder, or holds another household.
    private func requireSameHousehold(_ membership: Membership, at layout: ZoneLayout) throws(OursError) {
        let name = layout.directoryName
        guard !FolderNames.isIgnored(name), FolderNames.isPortable(name) else {
            throw .failed("refused: \(layout.zone) is not a valid household folder name")
        }
        guard let stat = try? fileSystem.stat(layout.zone), stat.kind == .directory else {
            throw .failed(
                "refused: \(layout.zone) is a link, not a folder", hint: "Ours never follows links inside the shared folder.")
        }
        let info = try zoneInfo(at: layout)
        guard info.id == membership.id else {
            throw .failed(
                "\(layout.zoneFile) is the household \"\(info.name)\" (id \(info.id)), not \"\(membership.name)\" (id \(membership.id))",
                hint: "Point at the folder that holds \(membership.name). Nothing was changed.")
        }
    }

    /// What a household folder's `zone.json` says.
    private func zoneInfo(at layout: ZoneLayout) throws(OursError) -> ZoneInfo {
        let path = layout.zoneFile
        guard let bytes = try Device.readDocument(path, fileSystem: fileSystem) else {
            throw .notFound("\(path) does not exist")
        }
        let decoded: DecodedRecordFile
        do { decoded = try StampedDocument.decodeZone(bytes, modifiedMillis: 0) } catch {
            throw .failed(
                "\(path) cannot be read: \(error)",
                hint: "If your sync tool is still copying it, wait and try again. Nothing was changed.")
        }
        guard let info = ZoneInfo(decoded.state) else {
            throw .failed("\(path) names no household id", hint: "Nothing was changed.")
        }
        return info
    }
}
