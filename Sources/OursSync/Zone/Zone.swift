/// One household as this device sees it: its replica, and where its folder is. All record
/// reads and writes of the library go through here.
///
/// A device without any household keeps "private" data: records with no folder, which move
/// into the first household the device creates.
public final class Zone: Sendable {
    public static let privateID = "private"

    public let device: Device
    public let replica: Replica
    private let initialMembership: Membership?

    public init(device: Device, membership: Membership?) {
        self.device = device
        self.initialMembership = membership
        self.replica = device.replica(membership?.id ?? Zone.privateID)
    }

    /// This device's membership as currently recorded (`nil` for private data). Read afresh,
    /// because a sync may learn that this person was removed or the household dissolved.
    public var membership: Membership? {
        guard let initial = initialMembership else { return nil }
        return (try? device.memberships().first { $0.id == initial.id }) ?? initial
    }

    public var id: String { initialMembership?.id ?? Zone.privateID }
    public var name: String { membership?.name ?? "Private" }
    public var isPrivate: Bool { initialMembership == nil }
    public var layout: ZoneLayout? { membership?.layout }
    var fileSystem: any FileSystem { device.fileSystem }

    /// Refuses a change unless this device may write this household's records.
    func requireWritable(_ action: String) throws(OursError) {
        guard let membership else { return }
        switch membership.status {
        case .active:
            guard membership.permission == .readWrite else {
                let owner = (try? ownerName()) ?? "the owner"
                throw .notPermitted(
                    "you have read-only access to \(membership.name), so you cannot \(action)",
                    hint: "Ask \(owner) (the owner) for a read-write code: `ours invite` on their device, then `ours join CODE`.")
            }
        case .left:
            throw .notPermitted(
                "you left \(membership.name); this is a read-only copy", hint: "Ask a member for a new code to join again.")
        case .removed:
            throw .notPermitted("you were removed from \(membership.name); this is a read-only copy")
        case .dissolved:
            throw .notPermitted("\(membership.name) was dissolved by its owner; this is a read-only copy")
        }
    }

    func ownerName() throws(OursError) -> String? {
        guard let zone = try replica.loadZone().flatMap(ZoneInfo.init) else { return nil }
        return try manifest().participants[zone.owner]?.name
    }

    /// The merged participant manifest from the replica.
    public func manifest() throws(OursError) -> ParticipantManifest {
        try replica.loadManifest().map(ParticipantManifest.init) ?? ParticipantManifest()
    }

    public func zoneInfo() throws(OursError) -> ZoneInfo? {
        try replica.loadZone().flatMap(ZoneInfo.init)
    }

    /// Whether the shared folder and this household's folder in it are where the device expects.
    /// - Throws: `.folderUnavailable` (exit 5) naming what is missing.
    func requireFolder() throws(OursError) -> ZoneLayout {
        guard let layout else { throw .failed("private data has no shared folder") }
        let root: FileStat?
        do { root = try fileSystem.stat(layout.root) } catch { throw .folderUnavailable(error.description) }
        guard let root, root.kind == .directory || root.kind == .symlink else {
            throw .folderUnavailable(
                "the shared folder \(layout.root) is not available",
                hint:
                    "Mount or reconnect it (or start your sync tool). Nothing was changed; local edits wait in this device's copy."
            )
        }
        let zone: FileStat?
        do { zone = try fileSystem.stat(layout.zone) } catch { throw .folderUnavailable(error.description) }
        guard let zone, zone.kind == .directory else {
            throw .folderUnavailable(
                "the household folder \(layout.zone) is missing from the shared folder",
                hint: "If the folder is still syncing, wait and try again. Nothing was deleted; this device keeps its copy. "
                    + "`ours doctor` explains more.")
        }
        return layout
    }
}
