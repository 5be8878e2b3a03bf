/// One household as this device sees it: its replica, and where its folder is. All record
/// reads and writes of the library go through here.
///
/// A device without any household keeps "private" data: records with no folder, which move
/// into the first household the device creates.
///
/// An app gets one from `Device.zone(_:)`, `createZone(name:folder:)` or `join(code:folder:)`.
/// Its calls block on files and the device lock: call them off the main thread, or through
/// `perform(_:)`.
public final class Zone: Sendable {
    /// The id of the private household: a device's records before it belongs to any.
    public static let privateID = Device.privateDataID

    /// What the engine below this API works on: the device, the replica, the membership.
    let context: SyncContext

    /// The household `membership` names on `device`, or the device's private data when `nil`.
    public init(device: Device, membership: Membership?) {
        context = SyncContext(device: device, replica: device.replica(membership?.id ?? Zone.privateID), opened: membership)
    }

    /// The device this household is opened on.
    public var device: Device { context.device }
    /// This device's copy of the household.
    public var replica: Replica { context.replica }

    /// This device's membership as currently recorded (`nil` for private data). Read afresh,
    /// because a sync may learn that this person was removed or the household dissolved.
    public var membership: Membership? { context.membership }

    /// The household's id (`Zone.privateID` for private data).
    public var id: String { context.opened?.id ?? Zone.privateID }
    /// The household's name, as this device last read it ("Private" for private data).
    public var name: String { membership?.name ?? "Private" }
    /// Whether this is the device's private data rather than a shared household.
    public var isPrivate: Bool { context.isPrivate }
    /// Where the household's files are in the shared folder; `nil` for private data.
    public var layout: ZoneLayout? { context.layout }
    var fileSystem: any FileSystem { context.fileSystem }

    /// Refuses a change unless this device may write this household's records.
    func requireWritable(_ action: String) throws(OursError) {
        guard let membership else { return }
        switch membership.status {
        case .active:
            // A device its person's list does not name cannot write, whatever its own state says
            // (a linked device's, edited to read-write): every other device would hold its
            // changes back, for good when the listing never comes.
            if let waiting = try? waitingToBeListed() { throw waiting }
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

    /// The refusal for a linked device its person's list does not name yet; `nil` otherwise.
    func waitingToBeListed() throws(OursError) -> OursError? {
        guard let identity = try device.identity() else { return nil }
        let manifest = try manifest()
        guard let me = manifest.participants[identity.participantID], manifest.deviceOwners[identity.deviceID] == nil,
            me.permission == .readWrite
        else { return nil }
        let household = membership?.name ?? "this household"
        if let maker = linkMaker(), maker != identity.deviceID, !manifest.lists(maker, as: me.id) {
            // The maker's listing would be set aside by every device: this one would wait for good.
            let why = manifest.removedDevices[maker] != nil ? "was taken off the list" : "is not on the list itself"
            return .notPermitted(
                "this device is not on \(me.name)'s list of devices in \(household), and device \(maker), which made "
                    + "its link code, \(why), so it cannot list this one",
                hint: "Make a new code on one of \(me.name)'s devices on the list (`ours device link` there), "
                    + "and link this one with it.")
        }
        return .notPermitted(
            "this device is not on \(me.name)'s list of devices in \(household) yet, so it cannot write",
            hint: "Sync the device that made the link code (`ours sync` there); then sync this one.")
    }

    /// The device that made the link code this device claimed in this household's folder, while
    /// it waits to be listed; `nil` when it remembers no claim there or the code's file is gone.
    private func linkMaker() -> DeviceID? {
        guard let folder = membership?.folder, let claims = try? device.loadLinkClaims() else { return nil }
        for claim in claims.reversed() where claim.folder == folder {
            if let link = try? device.loadLink(claim.code, in: folder) { return link.createdBy }
        }
        return nil
    }

    func ownerName() throws(OursError) -> String? {
        guard let zone = try replica.loadZone().flatMap(ZoneInfo.init) else { return nil }
        return try manifest().participants[zone.owner]?.name
    }

    /// The merged participant manifest from the replica.
    public func manifest() throws(OursError) -> ParticipantManifest { try context.manifest() }

    /// The household's `zone.json` as merged in the replica (its owner and rules); `nil` when
    /// this device holds none (private data, or a household not synced yet).
    public func zoneInfo() throws(OursError) -> ZoneInfo? { try context.zoneInfo() }
}
