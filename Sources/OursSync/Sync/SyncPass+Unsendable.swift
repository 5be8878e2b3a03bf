extension SyncPass {
    /// A device that may not write records (read-only, as the manifest says) keeps in its
    /// outbox only changes some other device would merge. A change every device ignores — made
    /// while its device believed it could write (a read-only member who edited their own device
    /// state to read-write, say) — can never be delivered: it leaves the outbox, stays in this
    /// replica (a device keeps what its person typed), and is reported, rather than waiting
    /// to be sent for ever. A change every device takes — made while this person could still
    /// write, before a return with a read-only code or an owner's change made them read-only —
    /// is delivered now, as a removed member's device delivers what it made before the removal:
    /// no other device holds it.
    func dropUnsendable(_ pass: inout PassState) throws(OursError) {
        guard !pass.canWriteRecords, context.membership?.status == .active else { return }
        let replica = context.replica
        var madeWhileWriting: [RecordKey] = []
        for key in try replica.pendingKeys() {
            guard let state = try replica.loadIfReadable(key) else { continue }
            let verdicts = state.allStamps.filter { $0.device == pass.me }.map { stamp in
                if case .reject = Admission.recordVerdict(stamp, manifest: pass.manifest) { return false }
                return true
            }
            guard !verdicts.isEmpty else { continue }
            if verdicts.allSatisfy({ $0 }) {
                madeWhileWriting.append(key)
                continue
            }
            guard verdicts.allSatisfy({ !$0 }) else { continue }
            try replica.clearPending(key)
            pass.report.problems.append(
                Problem(
                    .ignoredChange, path: pass.shown("records/" + ZoneLayout.relativePath(of: key)),
                    "this device's changes to \(key) were made while it was read-only: every other device ignores them, "
                        + "so they are not sent (they stay on this device)"))
        }
        try context.writeThrough(madeWhileWriting, madeWhileWriting: true)
    }
}
