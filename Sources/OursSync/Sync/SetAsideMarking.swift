/// An owner's device removes, for good, each device whose only listing every device set aside
/// (see `SetAsideDevices`): a mark in the participant's `devices` list that the refused listing
/// named, stamped at the start of time, so that every write the device made is ignored, as a
/// removed device's, on every device and by every version that reads removal marks. Runs in
/// every sync pass that can write the folder, on what its judging of the documents found, and
/// costs nothing while that is empty.
struct SetAsideMarking {
    let context: SyncContext

    /// The stamp of the marks: before any write a device can make.
    static func markStamp(by device: DeviceID) -> Stamp { Stamp(millis: 0, device: device) }

    /// Whether a device's removal is such a mark rather than a person's removal of it.
    static func isSetAside(_ removal: Stamp) -> Bool { removal.millis == 0 }

    func run(_ setAside: [DeviceID: String]) throws(OursError) {
        guard !setAside.isEmpty, let membership = context.membership, membership.status == .active,
            membership.role == .owner, membership.permission == .readWrite
        else { return }
        let me = try context.device.requireIdentity()
        let manifest = try context.manifest()
        guard manifest.deviceOwners[me.deviceID] == me.participantID, manifest.removedDevices[me.deviceID] == nil else { return }
        try context.changeDocuments(computed: { state, _ in
            let byParticipant = Dictionary(grouping: SetAsideDevices.carried(in: state), by: \.value)
            var values: [String: JSONValue?] = [:]
            for (participant, entries) in byParticipant {
                values[participant + ".devices"] = ParticipantManifest.devicesValue(
                    of: participant, in: state, removing: Set(entries.map(\.key)), at: Self.markStamp(by: me.deviceID))
            }
            return values
        })
    }
}
