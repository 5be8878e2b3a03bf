extension SyncContext {
    /// Takes back this device's own changes it set aside under earlier rules (see
    /// `Replica.keepSetAsideOwn`) that the rules now admit, into its copy, marked to be sent;
    /// a record whose own changes are all taken back is forgotten there.
    /// - Returns: the records taken back into, as saved.
    func takeBackSetAsideOwn(manifest: ParticipantManifest, me: DeviceID) throws(OursError) -> [RecordState] {
        var taken: [RecordState] = []
        for kept in replica.setAsideOwn() {
            let admitted = Admission.withoutRejected(kept, manifest: manifest, keeping: nil)
            let own = Set(kept.allStamps.filter { $0.device == me })
            let back = own.intersection(admitted.allStamps)
            let current = try replica.loadIfReadable(kept.key) ?? RecordState(key: kept.key)
            if !back.subtracting(current.allStamps).isEmpty {
                let merged = current.merging(admitted)
                try replica.save(RecordFile.encode(merged), of: kept.key, durability: .deferred)
                try replica.markPending(kept.key)
                taken.append(merged)
            }
            // Forgotten only once what it held is safely back.
            if back.count == own.count { replica.forgetSetAsideOwn(kept.key) }
        }
        return taken
    }
}
