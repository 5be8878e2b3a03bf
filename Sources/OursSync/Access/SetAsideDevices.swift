/// Devices whose only listing every device set aside: a recovery that did not take effect (the
/// code was spent, or the owner had changed) listed the device that made it, or a link whose
/// listing device was removed at the same time listed the new one. No admitted list names such
/// a device, so every device would hold its writes back as a stranger's, waiting for a listing
/// that never comes — and once some device wrote the documents back without the refused write,
/// nothing would say it had ever been refused.
///
/// So the refusal is kept as evidence: `participants.json`'s `_ours.setAside` maps each such
/// device to the participant its refused listing named. Every device adds what its own judging
/// finds and carries what any copy holds (older versions keep the key as they found it), and an
/// owner's device, reading it, writes a removal mark for the device in that participant's list
/// (`SetAsideMarking`), stamped before any write it could have made: from then on every device
/// ignores its writes, as a removed device's, and the device itself learns so. An entry goes
/// once the device is listed or removed by an admitted write.
enum SetAsideDevices {
    static let key = "setAside"

    /// The entries a copy of `participants.json` carries.
    static func carried(in state: RecordState) -> [DeviceID: String] {
        guard case .object(let object)? = state.extraMetadata[key] else { return [:] }
        var result: [DeviceID: String] = [:]
        for (name, value) in object {
            guard let device = DeviceID(name), let participant = value.stringValue else { continue }
            result[device] = participant
        }
        return result
    }

    /// Devices that a refused write listed in the `devices` of a participant `view` (the
    /// admitted manifest) names, with that participant; `kept` leaves out those an admitted
    /// write lists or removes. Hand edits count for nothing, here as anywhere in the documents.
    static func found(
        in writes: [DocumentFold.Write], rejected: [AdmittedDocuments.Refusal], view: ParticipantManifest
    ) -> [DeviceID: String] {
        let refused = Set(
            rejected.filter { $0.document == .manifest && $0.field.hasSuffix(".devices") }.map {
                RefusedField($0.stamp, $0.field)
            })
        guard !refused.isEmpty else { return [:] }
        var result: [DeviceID: String] = [:]
        for write in writes where !write.stamp.device.isHandEdit {
            for candidate in write.candidates where candidate.document == .manifest {
                let (participant, field) = candidate.participantField
                guard field == "devices", refused.contains(RefusedField(write.stamp, candidate.name)),
                    view.participants[participant] != nil
                else { continue }
                for device in ParticipantManifest.deviceList(candidate.entry.value) {
                    result[device] = min(result[device] ?? participant, participant)
                }
            }
        }
        return result
    }

    /// What the admitted manifest keeps: every entry found or carried, for a device still
    /// listed nowhere, of a participant it names (the smaller participant id when two differ).
    static func kept(
        found: [DeviceID: String], carried: [[DeviceID: String]], view: ParticipantManifest
    ) -> [DeviceID: String] {
        var result = found
        for entries in carried {
            for (device, participant) in entries { result[device] = min(result[device] ?? participant, participant) }
        }
        return result.filter { isUnlisted($0.key, view) && view.participants[$0.value] != nil }
    }

    /// The value of `_ours.setAside`: `nil` when there is nothing to keep and no copy had the
    /// key, `{}` when there is nothing to keep any more. An emptied key stays, as `{}`: an older
    /// version keeps whichever of two values a copy holds reads last as JSON text, which `{}`
    /// does, so it writes no entry back once every copy has none; without the key it would put
    /// back the entries its own copy still carries, again and again.
    static func value(_ entries: [DeviceID: String], keyCarried: Bool) -> JSONValue? {
        guard !entries.isEmpty else { return keyCarried ? .object([:]) : nil }
        return .object(Dictionary(uniqueKeysWithValues: entries.map { ($0.key.rawValue, JSONValue.string($0.value)) }))
    }

    private static func isUnlisted(_ device: DeviceID, _ view: ParticipantManifest) -> Bool {
        !device.isHandEdit && view.deviceOwners[device] == nil && view.removedDevices[device] == nil
    }

    private struct RefusedField: Hashable {
        var stamp: Stamp
        var field: String
        init(_ stamp: Stamp, _ field: String) { (self.stamp, self.field) = (stamp, field) }
    }
}
