/// One household on this device as the engine below the `Zone` API sees it: the device (its
/// lock, clock and memberships), the household's replica, and the membership it was opened
/// with, which says where its folder is.
///
/// Sync passes, write-through and changes to the household's documents work on this, never on
/// a `Zone`: the API sits on top and calls down, and nothing here calls back up.
struct SyncContext: Sendable {
    let device: Device
    let replica: Replica
    /// The membership as it was when the household was opened; `nil` for private data.
    let opened: Membership?

    var fileSystem: any FileSystem { device.fileSystem }
    var isPrivate: Bool { opened == nil }

    /// This device's membership as currently recorded (`nil` for private data). Read afresh,
    /// because a sync may learn that this person was removed or the household dissolved.
    var membership: Membership? {
        guard let opened else { return nil }
        return (try? device.memberships().first { $0.id == opened.id }) ?? opened
    }

    var layout: ZoneLayout? { membership?.layout }

    /// The merged participant manifest from the replica.
    func manifest() throws(OursError) -> ParticipantManifest {
        try replica.loadManifest().map(ParticipantManifest.init) ?? ParticipantManifest()
    }

    func zoneInfo() throws(OursError) -> ZoneInfo? {
        try replica.loadZone().flatMap(ZoneInfo.init)
    }

    /// Whether the shared folder and this household's folder in it are where the device expects.
    /// - Throws: `.folderUnavailable` (exit 5) naming what is missing.
    func requireFolder() throws(OursError) -> ZoneLayout {
        guard let layout else {
            throw .notFound(
                "no household: private data has no shared folder",
                hint: "Create one with `ours household create NAME --folder PATH`, or join one.")
        }
        let root: FileStat?
        do { root = try fileSystem.stat(layout.root) } catch { throw .folderUnavailable(error) }
        guard let root, root.kind == .directory || root.kind == .symlink else {
            throw .folderUnavailable(
                "the shared folder \(layout.root) is not available",
                hint:
                    "Mount or reconnect it (or start your sync tool). Nothing was changed; local edits wait in this device's copy."
            )
        }
        let zone: FileStat?
        do { zone = try fileSystem.stat(layout.zone) } catch { throw .folderUnavailable(error) }
        guard let zone, zone.kind == .directory else {
            throw .folderUnavailable(
                "the household folder \(layout.zone) is missing from the shared folder",
                hint: "If the folder is still syncing, wait and try again. Nothing was deleted; this device keeps its copy. "
                    + "`ours doctor` explains more.")
        }
        return layout
    }

    /// Makes a batch of deferred writes under `path` durable.
    func flush(_ path: String) throws(OursError) {
        do { try fileSystem.flush(path) } catch {
            if error.reason == .notFound { return }  // nothing was written there
            throw .io(error)
        }
    }

    /// Notes changes to the replica in its journal, so a watcher — in this process or another
    /// one using the same state directory — publishes them. Call under the device lock.
    ///
    /// Never fails the change itself: the journal only tells listeners, and the records are
    /// already safe in the replica.
    func noteChanges(_ changes: [RecordChange], origin: ChangeOrigin, device writer: DeviceID? = nil) {
        guard !isPrivate, !changes.isEmpty else { return }
        try? replica.journal.append(changes, origin: origin, device: writer, at: device.clock.nowMillis())
        replica.markSummariesCurrent()
    }
}
