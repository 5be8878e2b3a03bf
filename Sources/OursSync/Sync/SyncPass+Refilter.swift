extension SyncPass {
    /// When the manifest's rejection rules changed since the last pass (whose sync state the
    /// scan loaded), filters every record of the replica by them (`refilter`).
    func refilterIfRulesChanged(_ pass: inout PassState) throws(OursError) {
        pass.policy = SyncState.storedPolicy(Admission.rejectionPolicy(pass.manifest))
        pass.policyChanged = pass.syncState.rejectionPolicy != pass.policy
        if pass.policyChanged, pass.syncState.rejectionPolicy ?? "" != pass.policy { try refilter(&pass) }
        pass.unflushed = pass.report.recordsMerged > 0  // the refilter saved records
    }

    /// Filters every record of the replica by the manifest's rejection rules, which changed
    /// since the last pass (someone left, was removed or made read-only). A change such a
    /// member stamped after that point may have been merged here before it was known; it leaves
    /// the replica now, and the record's file is written again without it (what it replaced
    /// comes back, see `RecordState.filtered`). Without this, a record nobody touches again
    /// would keep such a change for ever. The records this changes join `states` so the rest
    /// of the pass merges into them and writes them back.
    private func refilter(_ pass: inout PassState) throws(OursError) {
        let replica = context.replica
        for merged in try context.takeBackSetAsideOwn(manifest: pass.manifest, me: pass.me) {
            pass.states[merged.key] = merged  // written back by this pass
            pass.digests[merged.key] = Digest.of(RecordFile.encode(merged))
            pass.report.recordsMerged += 1
        }
        for key in try replica.keys() {
            guard let state = try replica.loadIfReadable(key) else { continue }  // one too large is reported on write-back
            let kept = Admission.withoutRejected(state, manifest: pass.manifest, keeping: pass.keptDevice)
            guard kept != state else { continue }
            pass.states[key] = kept
            if !Set(state.allStamps.filter { $0.device == pass.me }).subtracting(kept.allStamps).isEmpty {
                pass.report.problems.append(
                    Problem(
                        .ignoredChange, path: pass.shown("records/" + ZoneLayout.relativePath(of: key)),
                        "this device's changes to \(key) were made while its person was away or read-only: every "
                            + "device ignores them, so this one no longer shows them either"))
                try replica.keepSetAsideOwn(state)
            }
            if kept.isEmpty {  // made only by writers now ignored: it does not exist
                try forgetEmpty(key, was: state, into: &pass)
                continue
            }
            let bytes = RecordFile.encode(kept)
            try replica.save(bytes, of: key, durability: .deferred)
            pass.digests[key] = Digest.of(bytes)
            pass.report.recordsMerged += 1
            if let change = RecordChange.between(state, kept, manifest: pass.manifest) { pass.report.changes.append(change) }
        }
    }
}
