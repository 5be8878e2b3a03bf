extension SyncPass {
    /// Filters every record of the replica by the manifest's rejection rules, which changed
    /// since the last pass (someone left, was removed or made read-only). A change such a
    /// member stamped after that point may have been merged here before it was known; it leaves
    /// the replica now, and the record's file is written again without it (what it replaced
    /// comes back, see `RecordState.filtered`). Without this, a record nobody touches again
    /// would keep such a change for ever. The records this changes join `states` so the rest
    /// of the pass merges into them and writes them back.
    func refilter(
        manifest: ParticipantManifest, keeping me: DeviceID, states: inout [RecordKey: RecordState],
        digests: inout [RecordKey: UInt64], report: inout SyncReport
    ) throws(OursError) {
        let replica = context.replica
        for key in try replica.keys() {
            guard let state = try replica.load(key) else { continue }
            let kept = Admission.withoutRejected(state, manifest: manifest, keeping: me)
            guard kept != state else { continue }
            let bytes = RecordFile.encode(kept)
            try replica.save(bytes, of: key, durability: .deferred)
            states[key] = kept
            digests[key] = Digest.of(bytes)
            report.recordsMerged += 1
            if let change = RecordChange.between(state, kept, manifest: manifest) { report.changes.append(change) }
        }
    }
}
