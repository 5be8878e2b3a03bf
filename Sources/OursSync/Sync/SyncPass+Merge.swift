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
    /// changed, and tells watchers. The records the scan saved as it read them come first (see
    /// `saveOnRead`); the other files are taken a few thousand at a time: the replica's copies
    /// are read ahead on all cores, each file is merged and encoded on all cores
    /// (`PreparedMerge`), then the pass takes them in, in order.
    func mergeDecoded(_ pass: inout PassState) throws(OursError) {
        var merging = Merging()
        for saved in pass.scan.savedOnRead {
            switch saved {
            case .asRead(let record): takeIn(record, into: &pass)
            case .merged(let file, let prepared): try merge(file, prepared: prepared, saved: true, into: &pass, &merging)
            }
        }
        if !pass.scan.savedOnRead.isEmpty { context.fileSystem.beginFlush(context.replica.directory) }
        pass.scan.savedOnRead = []
        let decoded = pass.scan.decoded
        var start = 0
        while start < decoded.count {
            let upcoming = decoded[start..<min(start + SyncPass.readAhead, decoded.count)]
            try readAhead(upcoming, states: pass.states, &merging)
            let prepared = prepare(upcoming, pass, merging)
            for (offset, file) in upcoming.enumerated() {
                let done = start + offset
                if done % 1000 == 999 { progress?(SyncProgress(phase: .merging, done: done + 1, total: decoded.count)) }
                try merge(file, prepared: prepared[offset], saved: false, into: &pass, &merging)
            }
            start = upcoming.endIndex
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

    /// The upcoming files merged and encoded on all cores, each into the replica's copy of its
    /// record as the pass holds it now. A file whose record another upcoming file also holds
    /// (a conflict copy) gets `nil`: it is merged in turn, into what the one before left.
    private func prepare(
        _ upcoming: ArraySlice<FolderScanner.DecodedFile>, _ pass: PassState, _ merging: Merging
    ) -> [PreparedMerge?] {
        var seen: [RecordKey: Int] = [:]
        for file in upcoming { seen[file.file.state.key, default: 0] += 1 }
        let work = upcoming.map { file -> (file: FolderScanner.DecodedFile, before: RecordState?)? in
            let key = file.file.state.key
            guard seen[key] == 1 else { return nil }
            switch replicaCopy(of: key, pass, merging) {
            case .state(let state): return (file, state.isEmpty ? nil : state)
            case .none: return (file, nil)
            case .tooLarge: return nil
            }
        }
        let (manifest, keeping, horizon) = (pass.manifest, pass.keptDevice, pass.horizon)
        return work.concurrentMap(spreadFrom: 64) { item -> PreparedMerge? in
            item.map { PreparedMerge($0.file, into: $0.before, manifest: manifest, keeping: keeping, horizon: horizon) }
        }
    }

    /// The replica's copy of a record as this pass holds it: merged earlier in the pass, or
    /// read ahead (`.none` when the replica holds none).
    private func replicaCopy(of key: RecordKey, _ pass: PassState, _ merging: Merging) -> Replica.Stored {
        pass.states[key].map(Replica.Stored.state) ?? merging.copies[key] ?? .none
    }

    /// Merges one decoded file into the replica's copy of its record (as this pass left it, or
    /// as read ahead), with the work done ahead when there is some; `saved` when that work
    /// saved the record too (`saveOnRead`).
    private func merge(
        _ file: FolderScanner.DecodedFile, prepared: PreparedMerge?, saved: Bool, into pass: inout PassState,
        _ merging: inout Merging
    ) throws(OursError) {
        let key = file.file.state.key
        let before: RecordState?
        switch replicaCopy(of: key, pass, merging) {
        case .state(let state): before = state.isEmpty ? nil : state
        case .tooLarge(let size):
            // Even the repair read cannot hold it: it is left as it is, here and in the folder.
            pass.blocked.insert(key)
            pass.report.problems.append(
                Problem(
                    .recordTooLarge, path: pass.shown(file.relativePath),
                    "this device's copy of \(key) is \(RecordState.describe(size: size)); it is not merged until "
                        + "`ours doctor --fix` sets it aside"))
            return
        case .none: before = nil
        }
        let prepared =
            prepared
            ?? PreparedMerge(file, into: before, manifest: pass.manifest, keeping: pass.keptDevice, horizon: pass.horizon)
        guard let merged = record(prepared.folding, of: file, into: &pass) else { return }
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
        guard let saving = prepared.saving,
            fit((saving.state, saving.bytes), of: key, before: before, at: file.relativePath, into: &pass) != nil
        else { return }
        if saved {
            pass.digests[key] = saving.digest
            pass.report.recordsMerged += 1
            pass.unflushed = true
        } else {
            try save(saving.bytes, digest: saving.digest, of: key, replacing: before != nil, into: &pass, &merging)
        }
        if let change = saving.change { pass.report.changes.append(change) }
    }

    /// A merged record within the size limit, and its bytes: `merged` itself, or with history
    /// shed (`RecordState.shedding`, the same on every device). `nil` when even that is not
    /// enough: the merge is not applied to this record — the replica keeps its state, nothing
    /// of it is written, and the problem is reported — until a change makes it smaller.
    func fit(
        _ merged: RecordState, of key: RecordKey, before: RecordState?, at relativePath: String,
        into pass: inout PassState
    ) -> (state: RecordState, bytes: [UInt8])? {
        fit(merged.shedding(), of: key, before: before, at: relativePath, into: &pass)
    }

    /// `fit` of a record already shed to fit.
    private func fit(
        _ shed: (state: RecordState, bytes: [UInt8]), of key: RecordKey, before: RecordState?, at relativePath: String,
        into pass: inout PassState
    ) -> (state: RecordState, bytes: [UInt8])? {
        let (state, bytes) = shed
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

    /// Adds a merged record to the batch being saved, and saves the batch once it is full.
    private func save(
        _ bytes: [UInt8], digest: UInt64, of key: RecordKey, replacing: Bool, into pass: inout PassState,
        _ merging: inout Merging
    ) throws(OursError) {
        merging.saving.append((key, bytes, replacing))
        pass.digests[key] = digest
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
        if try !context.replica.save(batch: saving, states: pass.states, finishingLater: defersFlush) {
            pass.unflushed = true
        }
        if let held = pass.heldTypes { writeNewSummaries(pass, held: held) }
        if pass.report.recordsMerged >= Merging.compactSummariesFrom {
            context.replica.compactSummaries(Set(pass.states.keys.map(\.type)))
        }
        if let latest = pass.latest { try context.device.receive(latest) }
        if pass.unflushed { try flushReplica(&pass) }
        context.noteChanges(pass.report.changes, origin: .folder)
    }
}
