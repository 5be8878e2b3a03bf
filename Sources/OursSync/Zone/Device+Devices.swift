/// One of a person's devices, as a household's participant list shows it.
public struct PersonDevice: Sendable, Equatable {
    /// The device's id, as in its stamps.
    public var id: DeviceID
    /// Whether it is the device running this.
    public var isThisDevice: Bool
    /// When it was removed (`nil` while it counts).
    public var removedAt: String?
    /// Whether it was removed because the only write that listed it was set aside (its recovery
    /// or its link did not take effect, see `SetAsideDevices`): it never counted.
    public var setAside = false
    /// What it calls itself, and when it last synced (its note; `nil` before it wrote one).
    public var name: String?
    /// When it last synced, as `UTCTime.iso8601(millis:)` writes it (UTC); a device refreshes
    /// it about once an hour, so it may be that much behind. `nil` before it wrote a note.
    public var lastSeen: String?
}

/// A person's devices: listed, and a lost or sold one removed (see `DeviceRemoval`).
extension Device {
    /// This person's devices in a household's participant list, the removed ones last.
    public func personDevices(in zone: Zone) throws(OursError) -> [PersonDevice] {
        let identity = try requireIdentity()
        let manifest = try zone.manifest()
        let active = manifest.activeDevices(of: identity.participantID).map {
            PersonDevice(id: $0, isThisDevice: $0 == identity.deviceID, removedAt: nil)
        }
        let removed = manifest.removedDevices.filter { manifest.deviceOwners[$0.key] == identity.participantID }
            .sorted { $0.value < $1.value }
            .map {
                PersonDevice(
                    id: $0.key, isThisDevice: $0.key == identity.deviceID, removedAt: UTCTime.iso8601(millis: $0.value.millis),
                    setAside: SetAsideMarking.isSetAside($0.value))
            }
        guard let layout = zone.layout else { return active + removed }
        return (active + removed).map { device in
            var device = device
            let note = DeviceNote.load(device.id, in: layout, fileSystem: fileSystem)
            device.name = note?.name
            device.lastSeen = note?.lastSeen
            return device
        }
    }

    /// Takes one of this person's other devices off their list in every household this device
    /// is active in: from now on every device ignores its changes, and it keeps a read-only copy.
    /// - Returns: the households changed.
    /// - Throws: `.usage` for this device itself, `.notFound` for a device that is not this
    ///   person's, `.folderUnavailable` when a household's folder is missing (the others are changed).
    public func removeDevice(_ text: String) throws(OursError) -> [String] {
        let identity = try requireIdentity()
        guard let target = DeviceID(text.lowercased()) else {
            throw .usage("\"\(text)\" is not a device id (8 characters, as `ours devices` shows)")
        }
        guard target != identity.deviceID else {
            throw .usage("this is the device you are using", hint: "Remove it from another of your devices.")
        }
        var changed: [String] = []
        var known = false
        var failure: OursError?
        for membership in try memberships() where membership.status == .active {
            let zone = Zone(device: self, membership: membership)
            let manifest = try zone.manifest()
            guard manifest.deviceOwners[target] == identity.participantID else { continue }
            known = true
            if manifest.removedDevices[target] != nil { continue }
            do {
                try zone.context.changeDocuments(computed: { state, stamp in
                    [
                        identity.participantID + ".devices": ParticipantManifest.devicesValue(
                            of: identity.participantID, in: state, removing: [target], at: stamp)
                    ]
                })
                _ = try? SyncPass(context: zone.context, mode: .quick).run()
                changed.append(membership.name)
            } catch {
                failure = failure ?? error
            }
        }
        guard known else {
            throw .notFound("device \(target) is not one of your devices", hint: "`ours devices` lists them.")
        }
        if let failure { throw failure }
        return changed
    }
}
