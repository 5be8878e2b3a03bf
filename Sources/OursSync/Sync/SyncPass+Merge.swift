extension SyncPass {
    /// What the merge phase keeps from one decoded file to the next.
    struct Merging {
        /// The replica's keys, listed once a first sync has found enough records missing.
        var held: Set<RecordKey>?
        /// Decoded records the replica did not hold.
        var missed = 0
        /// The replica's copies of the next records, read ahead.
        var copies: [RecordKey: Replica.Stored] = [:]
        /// Merged records not saved yet: they are saved a few thousand at a time.
        var saving: [(key: RecordKey, bytes: [UInt8], replacing: Bool)] = []
        /// How many merged records are saved at once.
        static let batchSize = 4096
        /// A pass that merged this many records (a first sync) compacts the summary logs it
        /// appended to (see `SummaryIndex`).
        static let compactSummariesFrom = 10_000
    }

    /// Merges every file the scan decoded into the replica's copy of its record, saves what
    /// changed, and tells watchers.
    func mergeDecoded(_ pass: inout PassState) throws(OursError) {
        let decoded = pass.scan.decoded
        var merging = Merging()
        for (done, file) in decoded.enumerated() {
            if done % 1000 == 999 { progress?(SyncProgress(phase: .merging, done: done + 1, total: decoded.count)) }
            if done % SyncPass.readAhead == 0 {
                try readAhead(decoded[done..<min(done + SyncPass.readAhead, decoded.count)], states: pass.states, &merging)
            }
            try merge(file, into: &pass, &merging)
        }
        try finishMerging(&pass, saving: merging.saving)
    }

    /// Reads the replica's copies of the upcoming records on all cores. A first sync decodes
    /// every file of a household the replica does not hold yet: once 256 were found missing,
    /// one listing of the replica saves a failed open for each of the rest. (A burst of changes
    /// to records it holds never lists it.)
    private func readAhead(
        _ upcoming: ArraySlice<FolderScanner.DecodedFile>, states: [RecordKey: RecordState], _ merging: inout Merging
    ) throws(OursError) {
        if merging.held == nil, merging.missed >= 256 { merging.held = Set(try context.replica.keys()) }
        let held = merging.held
        let keys = upcoming.map(\.file.state.key).filter { states[$0] == nil && held?.contains($0) ?? true }
        merging.copies = try context.replica.stored(many: keys)
    }

    /// Merges one decoded file into the replica's copy of its record (as this pass left it, or
    /// as read ahead).
    private func merge(_ file: FolderScanner.DecodedFile, into pass: inout PassState, _ merging: inout Merging) throws(OursError)
    {
        let key = file.file.state.key
        let before: RecordState?
        switch pass.states[key].map(Replica.Stored.state) ?? merging.copies[key] {
        case .state(let state)?: before = state.isEmpty ? nil : state
        case .tooLarge(let size)?:
            // Even the repair read cannot hold it: it is left as it is, here and in the folder.
            pass.blocked.insert(key)
            pass.report.problems.append(
                Problem(
                    .recordTooLarge, path: pass.shown(file.relativePath),
                    "this device's copy of \(key) is \(RecordState.describe(size: size)); it is not merged until "
                        + "`ours doctor --fix` sets it aside"))
            return
        case .none?, nil: before = nil  // neither held (per the listing) nor read ahead
        }
        guard let merged = fold(file, into: before, &pass) else { return }
        if before == nil {
            pass.arrived.insert(key)
            merging.missed += 1
        }
        guard merged != before else { return }
        if merged.isEmpty {
            // Every write of it ignored: it does not exist, and the replica does not keep it.
            // Write-back still writes the empty record over a file holding ignored writes.
            merging.saving.removeAll { $0.key == key }
            try forgetEmpty(key, was: before, into: &pass)
            return
        }
        guard let (fitting, bytes) = fit(merged, of: key, before: before, at: file.relativePath, into: &pass) else { return }
        try save(bytes, of: key, replacing: before != nil, into: &pass, &merging)
        if let change = RecordChange.between(before, fitting, manifest: pass.manifest) { pass.report.changes.append(change) }
    }

    /// A merged record within the size limit, and its bytes: `merged` itself, or with history
    /// shed (`RecordState.shedding`, the same on every device). `nil` when even that is not
    /// enough: the merge is not applied to this record — the replica keeps its state, nothing
    /// of it is written, and the problem is reported — until a change makes it smaller.
    func fit(
        _ merged: RecordState, of key: RecordKey, before: RecordState?, at relativePath: String,
        into pass: inout PassState
    ) -> (state: RecordState, bytes: [UInt8])? {
        let (state, bytes) = merged.shedding()
        guard bytes.count > RecordFile.maximumSize else {
            pass.states[key] = state
            return (state, bytes)
        }
        pass.states[key] = before
        pass.blocked.insert(key)
        pass.report.problems.append(
            Problem(
                .recordTooLarge, path: pass.shown(relativePath),
                "merging it into this device's copy of \(key) would make a record of "
                    + "\(RecordState.describe(size: bytes.count)) even without its history, more than a record may hold "
                    + "(\(RecordState.describe(size: RecordFile.maximumSize))); both are left as they are until a change "
                    + "makes it smaller (a large field set to null, or the record deleted)"))
        return nil
    }

    /// Removes from the replica a record that became empty (its writes, merged before the
    /// manifest said they would be ignored, are ignored now), and tells watchers it is gone.
    func forgetEmpty(_ key: RecordKey, was before: RecordState?, into pass: inout PassState) throws(OursError) {
        guard let before, !before.isEmpty else { return }
        try context.replica.remove(key)
        pass.unflushed = true
        pass.report.recordsMerged += 1
        if let change = RecordChange.between(before, RecordState(key: key), manifest: pass.manifest) {
            pass.report.changes.append(change)
        }
    }

    /// The merge step every file read from the folder goes through, whether the scan decoded
    /// it or write-back read it just before replacing it: what the manifest admits of it,
    /// merged into `before` (the replica's copy as this pass holds it). The result becomes the
    /// record's state in this pass. `nil` while the file waits for an unknown writer.
    func fold(_ file: FolderScanner.DecodedFile, into before: RecordState?, _ pass: inout PassState) -> RecordState? {
        let key = file.file.state.key
        guard let admitted = admit(file, into: &pass) else { return nil }
        pass.report.handEdits += file.file.handEditedFields.isEmpty ? 0 : 1
        // What the manifest now rejects leaves the replica too (merged before a removal was known).
        let kept = before.map { Admission.withoutRejected($0, manifest: pass.manifest, keeping: pass.keptDevice) }
        let merged = kept.map { $0.merging(admitted) } ?? admitted
        noteStamps(of: admitted, key: key, into: &pass)
        pass.states[key] = merged
        return merged
    }

    /// What the manifest admits of a decoded file, reporting what it ignores; `nil` while a
    /// device it does not list (yet) wrote to it: the file waits, and is read again next time.
    private func admit(_ file: FolderScanner.DecodedFile, into pass: inout PassState) -> RecordState? {
        let admission = Admission.admitRecord(file.file.state, manifest: pass.manifest)
        guard admission.unknown.isEmpty else {
            pass.blocked.insert(file.file.state.key)
            pass.scan.index.setEntry(nil, at: file.relativePath)  // read again next time
            let devices = admission.unknown.map(\.rawValue).sorted().joined(separator: ", ")
            pass.report.problems.append(
                Problem(
                    .unknownWriter, path: pass.shown(file.relativePath),
                    "changed by device \(devices), not in the participant manifest (yet); waiting before merging it"))
            return nil
        }
        for why in admission.rejections {
            pass.report.problems.append(Problem(.ignoredChange, path: pass.shown(file.relativePath), "change ignored: \(why)"))
        }
        return admission.admitted
    }

    /// Notes the stamps far ahead of the clock (for `ours status`) and the latest one the
    /// clock may absorb.
    private func noteStamps(of admitted: RecordState, key: RecordKey, into pass: inout PassState) {
        let horizon = pass.now + HybridLogicalClock.maximumDriftMillis
        for (field, register) in admitted.fields {
            for entry in register.entries where entry.stamp.millis > horizon {
                pass.farFuture.append(SyncState.FarFutureStamp(record: key.description, field: field, stamp: entry.stamp))
            }
        }
        let absorbable = admitted.allStamps.filter { $0.millis <= horizon }
        if let top = absorbable.max(), pass.latest.map({ top > $0 }) ?? true { pass.latest = top }
    }

    /// Adds a merged record to the batch being saved, and saves the batch once it is full.
    private func save(
        _ bytes: [UInt8], of key: RecordKey, replacing: Bool, into pass: inout PassState, _ merging: inout Merging
    ) throws(OursError) {
        merging.saving.append((key, bytes, replacing))
        pass.digests[key] = Digest.of(bytes)
        pass.report.recordsMerged += 1
        guard merging.saving.count == Merging.batchSize else { return }
        // A first sync writes a whole household: the disk starts on it meanwhile, so the
        // flush at the end waits for little.
        if try !context.replica.save(batch: merging.saving, states: pass.states) { pass.unflushed = true }
        merging.saving.removeAll(keepingCapacity: true)
        context.fileSystem.beginFlush(context.replica.directory)
    }

    /// Saves the rest of the batch, moves the clock past what was merged, makes the replica
    /// durable and journals the changes for watchers (in this process or another).
    private func finishMerging(
        _ pass: inout PassState, saving: [(key: RecordKey, bytes: [UInt8], replacing: Bool)]
    ) throws(OursError) {
        if try !context.replica.save(batch: saving, states: pass.states) { pass.unflushed = true }
        if pass.report.recordsMerged >= Merging.compactSummariesFrom {
            context.replica.compactSummaries(Set(pass.states.keys.map(\.type)))
        }
        if let latest = pass.latest { try context.device.receive(latest) }
        if pass.unflushed { try context.flush(context.replica.directory) }
        context.noteChanges(pass.report.changes, origin: .folder)
    }
}
