/// The rules every device applies to changes it reads from the folder: who may change what.
///
/// These rules keep honest devices, buggy versions and careless hand edits in line. They are
/// not a defence against someone who can write the folder: stamps are not signatures. See
/// docs/THREAT-MODEL.md.
package enum Admission {
    package enum Verdict: Sendable, Equatable {
        case accept
        /// The writer is known and may not make this change.
        case reject(String)
        /// The writer is not in the manifest (yet): the change waits.
        case unknownDevice(DeviceID)
    }

    /// Whether a record change stamped `stamp` may be merged: not while its writer was away
    /// (removed, or left, until they rejoined) nor while they were read-only, by the spans of
    /// the manifest's history — a write made while away stays ignored after a rejoin.
    package static func recordVerdict(_ stamp: Stamp, manifest: ParticipantManifest) -> Verdict {
        if stamp.device.isHandEdit { return .accept }
        guard let participant = manifest.participant(forDevice: stamp.device) else { return .unknownDevice(stamp.device) }
        if participant.status == .pending { return .reject("\(participant.name) has not finished joining") }
        if let removal = manifest.removedDevices[stamp.device], stamp > removal {
            return .reject("\(participant.name)'s device \(stamp.device) was removed before this change")
        }
        if let away = participant.inactiveSpans.first(where: { $0.contains(stamp) }) {
            let what = away.state == Participant.Status.left.rawValue ? "left" : "was removed"
            return .reject("\(participant.name) \(what) before this change")
        }
        if participant.readOnlySpans.contains(where: { $0.contains(stamp) }) {
            return .reject("\(participant.name) is a read-only member")
        }
        return .accept
    }

    /// What of the manifest decides which record changes are rejected: when each participant
    /// was away or read-only (`inactiveSpans`, `readOnlySpans`), with the devices they own.
    /// When it changes, changes merged before may now be rejected, so every record is filtered
    /// again (see `SyncPass`).
    package static func rejectionPolicy(_ manifest: ParticipantManifest) -> String {
        manifest.participants.values.sorted { $0.id < $1.id }.compactMap { participant -> String? in
            var rules = (participant.inactiveSpans + participant.readOnlySpans).map(\.description)
            if participant.status == .pending { rules.append("pending") }
            for (device, removal) in manifest.removedDevices.sorted(by: { $0.key < $1.key })
            where manifest.deviceOwners[device] == participant.id {
                rules.append("device \(device) removed@\(removal)")
            }
            guard !rules.isEmpty else { return nil }
            let devices = manifest.deviceOwners.filter { $0.value == participant.id }.keys.map(\.rawValue).sorted()
            return "\(participant.id)[\(devices.joined(separator: ","))] " + rules.joined(separator: " ")
        }.joined(separator: "; ")
    }

    /// Filters an incoming record state down to the changes that may be merged.
    /// - Returns: the admitted state, the reasons for rejected changes, and unknown writers.
    package static func admitRecord(
        _ state: RecordState, manifest: ParticipantManifest
    )
        -> (admitted: RecordState, rejections: [String], unknown: Set<DeviceID>)
    {
        // Nearly always every stamp is accepted: the state is admitted as it is, not rebuilt.
        let everyStamp =
            state.fields.values.allSatisfy { $0.entries.allSatisfy { isAccepted($0.stamp, manifest) } }
            && state.deletions.allSatisfy { isAccepted($0.stamp, manifest) }
        if everyStamp { return (state, [], []) }
        var rejections: Set<String> = []
        var unknown: Set<DeviceID> = []
        let admitted = state.filtered { stamp in
            switch recordVerdict(stamp, manifest: manifest) {
            case .accept: return true
            case .reject(let why): rejections.insert(why); return false
            case .unknownDevice(let device): unknown.insert(device); return false
            }
        }
        return (admitted, rejections.sorted(), unknown)
    }

    private static func isAccepted(_ stamp: Stamp, _ manifest: ParticipantManifest) -> Bool {
        if case .accept = recordVerdict(stamp, manifest: manifest) { return true }
        return false
    }

    /// A state without the changes the manifest now rejects: a change merged here before this
    /// device learnt that its writer had been removed leaves the replica once it knows. The
    /// changes of `own` stay (a removed member's device keeps what they typed).
    package static func withoutRejected(
        _ state: RecordState, manifest: ParticipantManifest, keeping own: DeviceID?
    )
        -> RecordState
    {
        state.filtered { stamp in
            if stamp.device != own, case .reject = recordVerdict(stamp, manifest: manifest) { return false }
            return true
        }
    }

    static func describe(_ device: DeviceID, _ manifest: ParticipantManifest) -> String {
        if let participant = manifest.participant(forDevice: device) { return "\(participant.name)'s device \(device)" }
        return "unknown device \(device)"
    }
}
