/// The rules that decide membership actions taken at the same time on devices that had not
/// seen each other's — two phones in two pockets. Each refuses a write whole: a household never
/// keeps half of an action.
///
/// - After the household is dissolved, nothing but last-seen times and e-mail addresses
///   changes: a hand-over, a join or a recovery the dissolution did not see does not happen.
/// - A recovery is one write (the code's proof, the new code, the new device listed and the
///   owner's earlier devices removed): when its proof is not the current code's, issued to the
///   owner as of that write (spent by another recovery, or the owner changed), none of it stands.
/// - A hand-over of ownership to someone who left or was removed, by an action it had not seen,
///   does not take effect: the owner stays (hand-overs are judged after every concurrent write,
///   see `causalOrder`).
/// - A hand-over is taken whole or not at all: when a write made at the same time, already
///   admitted, holds a later stamp for a field the hand-over sets (the new owner's own rejoin
///   setting their role and permission, say), the hand-over would keep only some of its fields
///   — `zone.json` naming an owner whose entry says read-only member — so it does not take
///   effect, and the owner stays.
///   A hand-over whose `participants.json` half no copy holds any more (set aside on some
///   device, which then wrote the documents without it) is refused too: its `zone.json` half
///   alone would name an owner whose entry was never made one.
/// - Whoever owns the household is never marked gone: a leave or a removal that meets an owner
///   (made before the write that made them owner reached its writer) does not take effect.
///   Nor is an owner made a member, or read-only, but by a hand-over: a rejoin with a
///   read-only code, made after a leave that followed a hand-over that did not take effect
///   (so the owner never left), does not take effect either.
extension DocumentFold.Write {
    /// Whether this write hands the household to someone: it names `zone.json`'s `owner`, or
    /// gives a participant the role of owner.
    var handsOverOwnership: Bool { handOverTarget != nil }

    /// The participant this write makes the owner, if it makes one.
    var handOverTarget: String? {
        for candidate in candidates where candidate.document == .zone && candidate.name == "owner" {
            if let owner = candidate.entry.value?.stringValue { return owner }
        }
        for candidate in candidates where candidate.document == .manifest {
            let (participant, field) = candidate.participantField
            if field == "role", candidate.entry.value?.stringValue == Participant.Role.owner.rawValue { return participant }
        }
        return nil
    }

    /// Whether any field this write changes is one the rules look at.
    var changesAnythingButInertFields: Bool {
        candidates.contains { $0.document == .zone || !DocumentFold.inert.contains($0.participantField.field) }
    }
}

extension DocumentFold {
    /// Why a write is refused whole, by the rules above; `nil` when it is judged as usual.
    mutating func raceRefusal(_ write: Write) -> String? {
        let household = zone?.fields["name"]?.winner.value?.stringValue ?? "the household"
        if zone?.fields["dissolvedAt"]?.winner.value?.stringValue != nil, write.changesAnythingButInertFields {
            return "\(household) was dissolved before this change"
        }
        if write.candidates.contains(where: { $0.document == .zone && $0.name == "recoveryProof" }), !recovers(write) {
            return "the recovery of \(household) by \(describe(write.stamp.device)) did not take effect: the code it used "
                + "was already spent, or was issued to someone who no longer owned \(household)"
        }
        if let target = write.handOverTarget, let participant = view.participants[target],
            participant.status != .active || view.activeDevices(of: target).isEmpty
        {
            let gone = participant.status == .active ? "has no device left" : Self.departure(participant.status)
            return "\(household) was not handed to \(participant.name), who \(gone) by then"
        }
        if let why = refusedHandOvers[write.stamp] { return why }
        if let target = write.handOverTarget, target != deviceOwners[write.stamp.device],
            !write.candidates.contains(where: { $0.document == .manifest })
        {
            // Only zone.json's half is left: the other was set aside with it on some device.
            let name = view.participants[target]?.name ?? target
            return "\(household) was not handed to \(name): the hand-over's half in participants.json was set aside, "
                + "and a hand-over is taken whole or not at all"
        }
        if let lost = lostField(of: write) {
            return handOverNotWhole(write, lost: lost, household: household)
        }
        let owners = owners
        for candidate in write.candidates where candidate.document == .manifest {
            let (participant, field) = candidate.participantField
            guard owners.contains(participant) else { continue }
            let name = view.participants[participant]?.name ?? participant
            let value = candidate.entry.value?.stringValue
            if field == "status", let status = value.flatMap(Participant.Status.init(rawValue:)),
                status == .left || status == .removed
            {
                return "\(name) owns \(household) by then, and an owner cannot be marked \(status.rawValue): "
                    + "ownership is handed over first"
            }
            if !write.handsOverOwnership,
                (field == "role" && value != Participant.Role.owner.rawValue)
                    || (field == "permission" && value == Participant.Permission.readOnly.rawValue)
            {
                return "\(name) owns \(household) by then, and an owner's role and permission change only "
                    + "with a hand-over"
            }
        }
        return nil
    }

    /// A field a hand-over sets that would not show once admitted (a write admitted before
    /// holds a later value for it); `nil` for any other write, or when every field would show.
    func lostField(of write: Write) -> Candidate? {
        guard write.handsOverOwnership else { return nil }
        return firstLostField(of: write, admitting: true)
    }

    /// Whether a write stamped `stamp`, having seen `seen`, comes after a removal stamped
    /// `removal`: by its stamp, or by what it had seen — a device whose clock runs behind (a
    /// stamp too far ahead is never absorbed) can stamp a write below one it read.
    static func isAfter(_ stamp: Stamp, _ seen: VersionVector, _ removal: Stamp) -> Bool {
        stamp > removal || seen.covers(removal)
    }

    /// The first admitted write, in the order judged, whose device the documents as judged
    /// remove before it, and why it is refused.
    func writeAfterRemoval() -> (Stamp, String)? {
        for (stamp, seen) in admittedWrites {
            if let removal = view.removedDevices[stamp.device], Self.isAfter(stamp, seen, removal) {
                return (stamp, "\(describe(stamp.device)) was removed before this change")
            }
        }
        return nil
    }

    /// The first admitted hand-over that, with every write judged, does not show in a field it
    /// set, and why it is refused.
    func partialHandOver() -> (Write, String)? {
        let household = zone?.fields["name"]?.winner.value?.stringValue ?? "the household"
        for write in admittedHandOvers {
            if let lost = firstLostField(of: write, admitting: false) {
                return (write, handOverNotWhole(write, lost: lost, household: household))
            }
        }
        return nil
    }

    /// The first field of a write, last-seen times and e-mail aside, that a write it had not
    /// seen beats in the documents as judged so far — with the write's own entry added first
    /// when it is not admitted yet (`admitting`).
    private func firstLostField(of write: Write, admitting: Bool) -> Candidate? {
        write.candidates.first { candidate in
            guard !(candidate.document == .manifest && DocumentFold.inert.contains(candidate.participantField.field)),
                var register = (candidate.document == .zone ? zone : manifest)?.fields[candidate.name]
            else { return false }
            if admitting { register.insert(candidate.entry) }
            return Self.losesToConcurrentWrite(candidate.entry, in: register)
        }
    }

    /// Whether an entry is in a register without being its winner: a write that had not seen
    /// it holds a later stamp. (A write made after seeing it drops it from the register: that
    /// is a later change, not a race.)
    static func losesToConcurrentWrite(_ entry: FieldEntry, in register: FieldRegister) -> Bool {
        !register.winner.isSameWrite(as: entry) && register.entries.contains { $0.isSameWrite(as: entry) }
    }

    func handOverNotWhole(_ write: Write, lost: Candidate, household: String) -> String {
        let target = write.handOverTarget ?? ""
        let name = view.participants[target]?.name ?? target
        return "\(household) was not handed to \(name): a change made at the same time to \(lost.name) came later, "
            + "and a hand-over is taken whole or not at all"
    }

    static func departure(_ status: Participant.Status) -> String {
        switch status {
        case .left: "had left"
        case .removed: "had been removed"
        case .pending: "had not finished joining"
        case .active: "is active"
        }
    }
}
