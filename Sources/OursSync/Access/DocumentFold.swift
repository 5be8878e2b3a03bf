/// The replay behind `Admission.admitDocuments`: every write of either document, in causal
/// order, judged against what was admitted before it.
struct DocumentFold {
    typealias Document = AdmittedDocuments.Document

    /// One write of one field, as some copy holds it.
    struct Candidate {
        var document: Document
        /// The field's name in its document (`<participant>.<field>` in the manifest).
        var name: String
        var entry: FieldEntry

        /// The participant a manifest field belongs to, and the field within the entry.
        var participantField: (participant: String, field: String) {
            guard let dot = name.firstIndex(of: ".") else { return (name, "") }
            return (String(name[..<dot]), String(name[name.index(after: dot)...]))
        }
    }

    /// Everything one device wrote with one stamp, in either document.
    struct Write {
        var stamp: Stamp
        var seen = VersionVector()
        var candidates: [Candidate] = []
    }

    enum Verdict: Equatable {
        case accept
        case reject(String)
        case wait(String)
    }

    let code: (String) -> ShareCode?
    let zoneDirectory: String
    let fixedOwner: String?
    /// Every write, in the order they are judged.
    let writes: [Write]
    /// Who owns each device id, from every listing in every copy (see `ParticipantManifest`).
    let deviceOwners: [DeviceID: String]
    /// The household's creator: the device that wrote `zone.json`'s `id`, which no one writes
    /// again (before households kept the whole history of ownership, a hand-over could shed
    /// the creator's `owner`); else the device that wrote the earliest known `owner`.
    let firstOwnerDevice: DeviceID?
    var zone: RecordState?
    var manifest: RecordState
    /// Whether any copy of the manifest was given.
    let hasManifest: Bool
    /// The set-aside devices each copy of the manifest carries (see `SetAsideDevices`).
    let carriedSetAside: [[DeviceID: String]]
    var waiting: RecordState
    /// The admitted manifest so far, read.
    var view = ParticipantManifest()
    private var cachedOwnerDevices: Set<DeviceID>?
    /// Devices whose joining waits: their later writes wait too.
    var waitingDevices: Set<DeviceID> = []
    var result = AdmittedDocuments()
    private var codes: [String: ShareCode?] = [:]

    init(
        zone zoneStates: [RecordState], manifest manifestStates: [RecordState], code: @escaping (String) -> ShareCode?,
        zoneDirectory: String, fixedOwner: String?
    ) {
        self.code = code
        self.zoneDirectory = zoneDirectory
        self.fixedOwner = fixedOwner
        let candidates = Self.candidates(zoneStates, .zone) + Self.candidates(manifestStates, .manifest)
        writes = Self.causalOrder(candidates)
        var listings: [(participant: String, stamp: Stamp, devices: [DeviceID])] = []
        for candidate in candidates where candidate.document == .manifest && candidate.participantField.field == "devices" {
            let entry = candidate.entry
            listings.append((candidate.participantField.participant, entry.stamp, ParticipantManifest.deviceList(entry.value)))
        }
        deviceOwners = ParticipantManifest.deviceOwners(listings)
        firstOwnerDevice = Self.creatorDevice(writes)
        zone = zoneStates.first.map { Self.emptyCopy(of: zoneStates, key: $0.key) }
        let manifestKey = manifestStates.first?.key ?? RecordKey(unchecked: StampedDocument.manifestType, id: "")
        manifest = Self.emptyCopy(of: manifestStates, key: manifestKey)
        hasManifest = !manifestStates.isEmpty
        carriedSetAside = manifestStates.map(SetAsideDevices.carried)
        waiting = RecordState(key: manifestKey)
    }

    /// See `firstOwnerDevice`.
    private static func creatorDevice(_ writes: [Write]) -> DeviceID? {
        let devices = writes.lazy.filter { !$0.stamp.device.isHandEdit }
        for field in ["id", "owner"] {
            let first = devices.first { write in write.candidates.contains { $0.document == .zone && $0.name == field } }
            if let first { return first.stamp.device }
        }
        return nil
    }

    /// Hand-overs refused whole because, once every write was judged, some of their fields
    /// had lost to a later write made at the same time (see `partialHandOver`): stamp → why.
    var refusedHandOvers: [Stamp: String] = [:]
    /// The hand-overs admitted so far, in the order judged.
    var admittedHandOvers: [Write] = []
    /// Writes refused because, once every write was judged, their device's removal came before
    /// them (see `writeAfterRemoval`): stamp → why.
    var refusedAfterRemoval: [Stamp: String] = [:]
    /// Every write admitted so far, whole or in part: its stamp and what it had seen.
    var admittedWrites: [(stamp: Stamp, seen: VersionVector)] = []

    /// Judges every write. A hand-over is taken whole or not at all: when, at the end, one that
    /// was admitted does not show in some field it set (a write made at the same time, judged
    /// after it or before, holds a later stamp there), it is refused and every write judged
    /// again without it — at most once per hand-over, the same on every device. So is a write
    /// admitted before its device's removal was judged, when that removal comes before it: a
    /// hand-over waits for the writes made at the same time, so its writer's later writes can
    /// be judged after writes stamped after them.
    mutating func run() -> AdmittedDocuments {
        let initial = self
        while true {
            for write in writes { fold(write) }
            // A write found here was admitted, so it is not refused yet: each is found once.
            var (handOvers, afterRemoval) = (refusedHandOvers, refusedAfterRemoval)
            if let (partial, why) = partialHandOver() {
                handOvers[partial.stamp] = why
            } else if let (stamp, why) = writeAfterRemoval() {
                afterRemoval[stamp] = why
            } else {
                break
            }
            self = initial
            (refusedHandOvers, refusedAfterRemoval) = (handOvers, afterRemoval)
        }
        result.zone = zone
        if hasManifest {
            let found = SetAsideDevices.found(in: writes, rejected: result.rejected, view: view)
            result.setAside = SetAsideDevices.kept(found: found, carried: carriedSetAside, view: view)
            let keyCarried = manifest.extraMetadata[SetAsideDevices.key] != nil
            manifest.setExtraMetadata(SetAsideDevices.key, SetAsideDevices.value(result.setAside, keyCarried: keyCarried))
            result.manifest = manifest
        }
        if !waiting.fields.isEmpty { result.waiting = waiting }
        return result
    }

    // MARK: Judging

    private mutating func fold(_ write: Write) {
        let device = write.stamp.device
        var admitted: [Candidate] = []
        if device.isHandEdit {
            for candidate in write.candidates {
                let why =
                    candidate.document == .zone
                    ? "zone.json was edited by hand (\(candidate.name)); only the owner's devices change it"
                    : "participants.json was edited by hand (\(candidate.name)); only devices change it"
                refuse(candidate, .reject(why))
            }
        } else if let why = refusedAfterRemoval[write.stamp] {
            for candidate in write.candidates { refuse(candidate, .reject(why)) }
        } else if let removal = view.removedDevices[device], Self.isAfter(write.stamp, write.seen, removal) {
            for candidate in write.candidates {
                refuse(candidate, .reject("\(describe(device)) was removed before this change"))
            }
        } else if let why = raceRefusal(write) {
            for candidate in write.candidates { refuse(candidate, .reject(why)) }
        } else if ownerDevices.contains(device) || recovers(write) {
            admitted = write.candidates
        } else {
            let members = write.candidates.filter { $0.document == .manifest }
            for candidate in write.candidates where candidate.document == .zone {
                refuse(candidate, .reject("zone.json changed by \(describe(device)), who is not the owner"))
            }
            if waitingDevices.contains(device) {
                let why = "\(describe(device)) has not finished joining (its share code is not in the folder yet)"
                for candidate in members { refuse(candidate, .wait(why)) }
            } else {
                admitted = judgeMembers(members, of: write)
            }
        }
        if write.handsOverOwnership, !admitted.isEmpty { admittedHandOvers.append(write) }
        if !admitted.isEmpty { admittedWrites.append((write.stamp, write.seen)) }
        for candidate in admitted {
            if candidate.document == .zone {
                zone?.insert(candidate.entry, field: candidate.name)
            } else {
                manifest.insert(candidate.entry, field: candidate.name)
            }
        }
        // The view is read again only when a write changed what the rules look at: most
        // writes are someone's last-seen time.
        if admitted.contains(where: { $0.document == .zone || !Self.inert.contains($0.participantField.field) }) {
            view = ParticipantManifest(manifest)
            cachedOwnerDevices = nil
        }
    }

    /// Records a write that was not admitted.
    mutating func refuse(_ candidate: Candidate, _ verdict: Verdict) {
        let stamp = candidate.entry.stamp
        switch verdict {
        case .accept: return
        case .reject(let why):
            result.rejected.append(.init(document: candidate.document, field: candidate.name, stamp: stamp, reason: why))
        case .wait(let why):
            result.waits.append(.init(document: candidate.document, field: candidate.name, stamp: stamp, reason: why))
            waiting.insert(candidate.entry, field: candidate.name)
            waitingDevices.insert(stamp.device)
        }
    }

    /// Who owns the household now: `zone.json`'s `owner` as admitted so far (before any, the
    /// participant whose device wrote the earliest known one), and anyone whose role is owner.
    var owners: Set<String> {
        var owners = Set(view.participants.values.filter { $0.role == .owner }.map(\.id))
        if let fixedOwner {
            owners.insert(fixedOwner)
        } else if let owner = zone?.fields["owner"]?.winner.value?.stringValue {
            owners.insert(owner)
        } else if let first = firstOwnerDevice, let owner = deviceOwners[first] {
            owners.insert(owner)
        }
        return owners
    }

    /// Manifest fields no rule looks at (messages name people by their name, read anew).
    static let inert: Set<String> = ["lastSeen", "email"]

    /// The devices whose writes are the owner's, as of the writes judged so far.
    var ownerDevices: Set<DeviceID> {
        mutating get {
            if let cachedOwnerDevices { return cachedOwnerDevices }
            let devices = currentOwnerDevices
            cachedOwnerDevices = devices
            return devices
        }
    }

    private var currentOwnerDevices: Set<DeviceID> {
        let owners = owners
        var devices = Set(deviceOwners.filter { owners.contains($0.value) }.keys)
        if zone?.fields["owner"] == nil, fixedOwner == nil, let first = firstOwnerDevice { devices.insert(first) }
        return devices
    }

    func describe(_ device: DeviceID) -> String {
        if let owner = deviceOwners[device], let participant = view.participants[owner] {
            return "\(participant.name)'s device \(device)"
        }
        return Admission.describe(device, view)
    }

    /// A share code file, read once per replay.
    mutating func shareCode(_ text: String) -> ShareCode? {
        if let known = codes[text] { return known }
        let found = code(text)
        codes[text] = found
        return found
    }

    /// A state with no fields, carrying the keys newer versions wrote in any copy.
    private static func emptyCopy(of states: [RecordState], key: RecordKey) -> RecordState {
        var result = RecordState(key: key)
        for state in states { result.merge(RecordState(key: key, extraMetadata: state.extraMetadata)) }
        return result
    }
}
