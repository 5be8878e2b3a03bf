extension SyncPass {
    /// What the write-back phase looks at: every record whose file may differ from the replica.
    struct WritePlan {
        /// Local changes waiting in the outbox.
        var pending: Set<RecordKey>
        /// Local changes written straight to the folder since the last pass, to be confirmed.
        var delivered: Set<RecordKey>
        /// Merged records, local changes, vanished and rewritten files.
        var toWrite: Set<RecordKey>
        /// Records whose file went missing and is written again from the replica (reported).
        var restoring: Set<RecordKey>
        /// The replica's keys, when the pass listed them (a device that starts writing).
        var replicaKeys: [RecordKey]?
    }

    /// Everything that may need writing: merged records, local changes, vanished files.
    func planWrites(_ pass: PassState) throws(OursError) -> WritePlan {
        let replica = context.replica
        let pending = Set(try replica.pendingKeys())
        let delivered = Set(try replica.deliveredKeys())
        var missing = pass.scan.vanished
        var replicaKeys: [RecordKey]?
        if mode == .sweep {
            // One record at a time: at 100,000 records, a list of the keys would be a tenth
            // of a watcher's memory. Of the types the replica held none of, every record is
            // one this pass merged (in `states`, so planned) or saved from its canonical file.
            let types: [String]
            if let held = pass.heldTypes { types = held.sorted() } else { types = try replica.types() }
            for type in types {
                try replica.forEachKey(ofType: type) { key in
                    if !pass.scan.index.holdsCanonicalFile(of: key) { missing.insert(key) }
                }
            }
        }
        // A device that could not write records until now (read-only, a linked device not yet
        // listed, a read-only mount) may hold what the folder lacks: a hand edit it read in a
        // file that a writer replaced before reading it. Every record is compared once.
        if pass.startsWriting, replicaKeys == nil { replicaKeys = try replica.keys() }
        let promoted = pass.startsWriting ? replicaKeys ?? [] : []
        // A file put back as this device last read it holds less than the replica if the replica
        // moved on since (a write-through): compared, and written again if so.
        let toWrite = Set(pass.states.keys).union(pending).union(delivered).union(missing).union(pass.scan.rewritten)
            .union(promoted).subtracting(pass.blocked)
        let restoring = missing.subtracting(pending).subtracting(pass.arrived)
        return WritePlan(
            pending: pending, delivered: delivered, toWrite: toWrite, restoring: restoring, replicaKeys: replicaKeys)
    }

    /// The records the replica holds, deleted ones excluded, from what the pass has in hand
    /// where it has it. Of the types the replica held none of before a sweep, the pass has
    /// every record in hand (see `saveOnRead`): only the others are listed.
    func countLiveRecords(_ pass: PassState, replicaKeys: [RecordKey]?) throws(OursError) -> Int {
        var live = 0
        var keys: [RecordKey] = []
        if let replicaKeys {
            keys = replicaKeys
        } else if let held = pass.heldTypes {
            live += pass.states.count { !held.contains($0.key.type) && !$0.value.isDeleted && !$0.value.isEmpty }
            live += pass.savedAsRead.count { $0.value && pass.states[$0.key] == nil }
            for type in held.sorted() { keys += try context.replica.keys(ofType: type) }
        } else {
            keys = try context.replica.keys()
        }
        for key in keys {
            if let state = pass.states[key] {
                if !state.isDeleted, !state.isEmpty { live += 1 }
            } else if let isLive = pass.savedAsRead[key] {
                if isLive { live += 1 }
            } else if let state = try context.replica.loadIfReadable(key), !state.isDeleted {
                live += 1
            }
        }
        return live
    }

    /// Writes every planned record whose file differs, then forgets the local changes that
    /// reached the folder and removes the copies whose content is now in the record's file.
    func writeBack(_ plan: WritePlan, _ pass: inout PassState) throws(OursError) {
        var correct: Set<RecordKey> = []
        try writeRecords(plan.toWrite.sorted(), restoring: plan.restoring, into: &pass, correct: &correct)
        for key in correct where plan.pending.contains(key) { try context.replica.clearPending(key) }
        for key in correct where plan.delivered.contains(key) { try context.replica.clearDelivered(key) }
        removeStrays(correct: correct, from: &pass)
    }

    /// Writes the records whose file does not hold their state; `correct` gains every record
    /// whose file now does.
    private func writeRecords(
        _ keys: [RecordKey], restoring: Set<RecordKey>, into pass: inout PassState, correct: inout Set<RecordKey>
    ) throws(OursError) {
        var written = 0
        for (done, key) in keys.enumerated() {
            if done % 1000 == 999 { progress?(SyncProgress(phase: .writing, done: done + 1, total: keys.count)) }
            let relative = "records/" + ZoneLayout.relativePath(of: key)
            guard let state = try stateToWrite(key, at: relative, into: &pass) else { continue }
            if pass.scan.broken.contains(relative) { continue }  // a person's bytes: never overwritten while broken
            if pass.scan.isUnreadable(relative) { continue }  // what was not read may hold changes not merged yet
            guard let wrote = try write(state, of: key, at: relative, into: &pass) else { continue }
            correct.insert(key)
            guard wrote else { continue }
            written += 1
            if restoring.contains(key) {
                pass.report.filesRestored += 1
                pass.report.problems.append(
                    Problem(
                        .restoredFile, path: pass.shown(relative),
                        "was missing; written again from this device's copy (removing a file never deletes a record)"))
            }
        }
        if written > 0 { try context.flush(pass.layout.zone) }
        pass.report.filesWritten += written
    }

    /// The state of a record to write: as this pass holds it, or from the replica; `nil` when
    /// there is nothing to write (no record, or one that does not exist: nothing waits for it
    /// any more) or the replica's copy is too large to write (reported).
    private func stateToWrite(_ key: RecordKey, at relative: String, into pass: inout PassState) throws(OursError) -> RecordState?
    {
        if let cached = pass.states[key] { return cached }
        switch try context.replica.stored(key) {
        case .state(let state) where !state.isEmpty:
            return state
        case .tooLarge(let size):
            pass.report.problems.append(tooLarge(key, size: size, at: relative, pass))
            return nil
        default:
            try context.replica.clearPending(key)
            try context.replica.clearDelivered(key)
            return nil
        }
    }

    /// This device's copy of a record is larger than a record may hold (an earlier version let
    /// it grow): it is not written, and only it is left out.
    private func tooLarge(_ key: RecordKey, size: Int, at relative: String, _ pass: PassState) -> Problem {
        Problem(
            .recordTooLarge, path: pass.shown(relative),
            "this device's copy of \(key) is \(RecordState.describe(size: size)), more than a record may hold "
                + "(\(RecordState.describe(size: RecordFile.maximumSize))); it is not written until `ours doctor --fix` "
                + "makes it fit or sets it aside")
    }

    /// Writes one record's file unless it holds the state already. A file this pass has not
    /// read is read first (`verified`): what it holds now is merged in, never written over.
    /// - Returns: whether it was written; `nil` when it was left alone (a failed write is reported).
    private func write(
        _ given: RecordState, of key: RecordKey, at relative: String, into pass: inout PassState
    ) throws(OursError) -> Bool? {
        var state = given
        var (encoded, digest) = encoding(state, of: key, pass)
        if let entry = pass.scan.index.entry(at: relative), entry.digest == digest { return false }
        if mode != .sweep, !pass.wasRead(relative) {
            guard let checked = try verified(state, of: key, at: relative, into: &pass) else { return nil }
            if checked != state {
                state = checked
                (encoded, digest) = encoding(state, of: key, pass)
            }
            if let entry = pass.scan.index.entry(at: relative), entry.digest == digest { return false }
        }
        let bytes = encoded ?? RecordFile.encode(state)
        guard bytes.count <= RecordFile.maximumSize else {  // a copy an earlier version let grow: never written
            pass.report.problems.append(tooLarge(key, size: bytes.count, at: relative, pass))
            return nil
        }
        let path = pass.layout.path(of: key)
        let fileSystem = context.fileSystem
        do {
            try fileSystem.requireNoLinks(path, under: pass.layout.zone, creating: true)  // a link would lead out
            try fileSystem.writeAtomically(path, bytes, durability: .deferred)
            guard let stat = try fileSystem.stat(path) else { return true }
            pass.scan.index.setEntry(FolderIndex.Entry(stat: stat, digest: digest, content: .record(key)), at: relative)
            pass.scan.changed = true
        } catch {
            pass.report.problems.append(Problem(.writeFailed, path: pass.shown(relative), error.description, cause: error))
            return nil
        }
        return true
    }

    /// A record's bytes (`nil` when a merge in this pass encoded them already) and their digest.
    private func encoding(_ state: RecordState, of key: RecordKey, _ pass: PassState) -> ([UInt8]?, UInt64) {
        if let known = pass.digests[key] { return (nil, known) }
        let encoded = RecordFile.encode(state)
        return (encoded, Digest.of(encoded))
    }

    /// Removes conflict copies and stray copies whose content is now durably in the record's
    /// own file (checked against what was just written, not assumed).
    private func removeStrays(correct: Set<RecordKey>, from pass: inout PassState) {
        for (key, paths) in pass.scan.strays where correct.contains(key) {
            for relative in paths {
                do {
                    try context.fileSystem.remove(joinPath(pass.layout.zone, relative))
                    pass.scan.index.setEntry(nil, at: relative)
                    pass.scan.changed = true
                    pass.report.copiesRemoved += 1
                } catch {
                    pass.report.problems.append(
                        Problem(.writeFailed, path: pass.shown(relative), error.description, cause: error))
                }
            }
        }
    }

    /// Removes temporary files that writes cut short left behind (see `LeftoverTemporaryFiles`).
    func removeLeftovers(_ pass: PassState) {
        let leftovers = LeftoverTemporaryFiles(context: context)
        leftovers.removeFromDevice()
        if pass.canWriteFolder { leftovers.removeStale(from: pass.layout, candidates: pass.scan.temporaryFiles, now: pass.now) }
    }
}
