@testable import OursSync

/// Every write a run made that the app acknowledged (a `put`, `remove` or conflict resolution
/// that returned without error), and every hand edit a person saved, with its stamp.
struct SimLedger {
    struct Write {
        var key: RecordKey
        /// The fields it wrote (empty for a deletion).
        var fields: [String]
        var deletion: Bool
        var stamp: Stamp
        /// The device that wrote it; `nil` for a person's hand edit in a file.
        var writer: Int?
        var step: Int
        var what: String
        /// Why it need not survive: hand edits nobody had read when a person deleted their file,
        /// and writes a device made only because it edited its own state to say read-write.
        var voided: String?
        /// Each time a file that may have held it was lost (a person deleted it, a tool rolled it
        /// back): the devices whose replicas held the write then, and what happened. If none of
        /// them syncs to the end of the run, nothing could bring it back.
        var fileLosses: [(holders: Set<Int>, reason: String)] = []

        var description: String { "step \(step): \(what) @\(stamp)" }
    }

    var writes: [Write] = []

    /// The fields (and `deletion` for a deletion) of a write that a state neither holds nor
    /// has superseded by a write made after seeing it.
    ///
    /// A hand edit is identified by its pseudo-device, not its stamp: the same edited bytes
    /// (saved again, or made alike by two people) carry one pseudo-device, and the time each
    /// device stamps them with comes from whichever copy of the file it read — a save that
    /// left a file's bytes as they were, in a copy no device reads, changes nothing anyone sees.
    static func missing(_ write: Write, _ state: RecordState) -> [String] {
        var result = write.fields.filter { field in
            !(state.fields[field]?.entries.contains { holdsOrSupersedes($0, write) } ?? false)
        }
        if write.deletion, !state.deletions.contains(where: { $0.stamp == write.stamp || $0.supersedes(write.stamp) }) {
            result.append("deletion")
        }
        return result
    }

    static func keeps(_ write: Write, _ state: RecordState) -> Bool { missing(write, state).isEmpty }

    /// Whether a field entry is the write itself, or one made after seeing it.
    static func holdsOrSupersedes(_ entry: FieldEntry, _ write: Write) -> Bool {
        if entry.stamp == write.stamp || entry.supersedes(write.stamp) { return true }
        guard write.writer == nil else { return false }
        return entry.stamp.device == write.stamp.device || entry.seen.stamps[write.stamp.device] != nil
    }

    /// The entry of a field that is the write itself (for a hand edit: of its pseudo-device).
    static func entry(of write: Write, in register: FieldRegister) -> FieldEntry? {
        register.entries.first { $0.stamp == write.stamp || (write.writer == nil && $0.stamp.device == write.stamp.device) }
    }

    /// Whether any entry of a state carries the stamp itself.
    static func holds(_ stamp: Stamp, _ state: RecordState) -> Bool {
        state.allStamps.contains(stamp)
    }

    /// Checks every write against the converged records (`states`) and the final participant
    /// manifest. Returns what is wrong.
    func verify(
        states: [RecordKey: RecordState], manifest: ParticipantManifest, participantOf: (Int) -> String,
        elsewhere: [(String, Int?, [RecordKey: RecordState])]
    ) -> [String] {
        var failures: [String] = []
        // A write made while its writer was away (removed, or left, until a rejoin) or
        // read-only, by the final manifest's history: every device must ignore it.
        func endOfMembership(_ write: Write) -> (Participant, StampSpan)? {
            guard let writer = write.writer, let participant = manifest.participants[participantOf(writer)],
                let span = (participant.inactiveSpans + participant.readOnlySpans).first(where: { $0.contains(write.stamp) })
            else { return nil }
            return (participant, span)
        }
        // A write of a device after its person (or a recovery) took it off their list.
        func afterDeviceRemoval(_ write: Write) -> Stamp? {
            guard write.writer != nil, let removal = manifest.removedDevices[write.stamp.device], write.stamp > removal
            else { return nil }
            return removal
        }
        // A write of a device no list ever named (a linked device, read-only until listed, that
        // edited its own state to write, and whose listing never came): every device held it
        // back, and still does.
        func neverListed(_ write: Write) -> Bool {
            write.writer != nil && manifest.deviceOwners[write.stamp.device] == nil
                && manifest.removedDevices[write.stamp.device] == nil
        }
        let ignored = writes.filter { endOfMembership($0) != nil || afterDeviceRemoval($0) != nil || neverListed($0) }
        // Every device but the writer's own must ignore such a write (a device keeps what its
        // person typed): reports each place that kept it.
        func reportKept(_ write: Write, _ why: String) {
            for (place, device, states) in [("the folder", nil, states)] + elsewhere where device != write.writer {
                if let state = states[write.key], SimLedger.holds(write.stamp, state) {
                    failures.append("ignored write kept: \(write.description), \(why), is in \(place)")
                }
            }
        }
        for write in writes {
            if neverListed(write) {
                reportKept(write, "made by a device no list names")
                continue
            }
            if let removal = afterDeviceRemoval(write) {
                reportKept(write, "made after its device was removed at \(removal)")
                continue
            }
            if let (participant, span) = endOfMembership(write) {
                reportKept(write, "made while \(participant.name) was \(span.state) (\(span))")
                continue
            }
            if write.voided != nil { continue }  // it may be gone, but it must not be kept when ignored
            guard let state = states[write.key] else {
                failures.append("loss: \(write.description): record \(write.key) is gone")
                continue
            }
            // A member's own edit replaced by their own later edit that everyone ignores (made
            // after they were removed) went with it: they replaced it themselves.
            let missing = SimLedger.missing(write, state).filter { part in
                !ignored.contains { later in
                    later.writer == write.writer && later.key == write.key && later.stamp > write.stamp
                        && (part == "deletion" ? later.deletion : later.fields.contains(part))
                }
            }
            if !missing.isEmpty {
                failures.append(
                    "loss: \(write.description): \(missing.joined(separator: ", ")) neither in \(write.key) "
                        + "nor superseded by a write that saw it")
                continue
            }
            for field in write.fields {
                guard let register = state.fields[field], let entry = SimLedger.entry(of: write, in: register),
                    entry != register.winner, entry.value != register.winner.value
                else { continue }
                if !state.conflicts.contains(where: { $0.stamp == entry.stamp && $0.field == field }) {
                    failures.append(
                        "loss: \(write.description) lost field \(field) to a concurrent write and is not listed as a conflict")
                }
            }
        }
        return failures
    }
}
