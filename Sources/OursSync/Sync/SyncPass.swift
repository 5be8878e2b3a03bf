/// One pass of sync between a household's folder and this device's replica: read what changed,
/// merge it in, write back every record whose merged state differs from its file, restore
/// missing files, and remove conflict copies once their content is safely in the record.
///
/// Absence is never deletion: a file that vanished is written again; a missing folder stops
/// the pass before anything is touched.
struct SyncPass {
    let context: SyncContext
    let mode: FolderScanner.Mode
    var progress: SyncProgressHandler?
    /// How many of the records a pass decoded are read from the replica at a time, in parallel.
    static let readAhead = 4096
    /// The folder index a long-running watcher keeps in memory; read from the replica when `nil`.
    var index: FolderIndex?
    /// Folders to read in full even in a quick pass (a rolling sweep).
    var reread: (@Sendable (String) -> Bool)?
    /// Broken files that may still be being written by a sync tool (see `FolderScanner`).
    var settling: (@Sendable (String, FileStat) -> Bool)?
    /// Whether a changed folder index is saved in the replica. A watcher keeps its index in
    /// memory and saves it now and then (it is only a cache): at 100,000 records it is a 15 MB
    /// file, too much to write on every pass that sees a change.
    var persistIndex = true
    /// Whether the outcome counts the records the replica holds (deleted ones excluded), from
    /// the states the pass has in hand: a join reports it without reading every file again.
    var countRecords = false

    /// The pass's report, and the folder index as it is now (to keep for the next pass).
    struct Outcome {
        var report: SyncReport
        var index: FolderIndex?
        /// The index changed and was not saved (`persistIndex` was off).
        var indexUnsaved = false
        /// Records in the replica, deleted ones excluded (only with `countRecords`).
        var records: Int?
    }

    func run() throws(OursError) -> Outcome {
        try context.device.withLock { () throws(OursError) -> Outcome in try runLocked() }
    }

    private func runLocked() throws(OursError) -> Outcome {
        let device = context.device
        let replica = context.replica
        let fileSystem = context.fileSystem
        var report = SyncReport()
        report.startedAt = device.clock.nowMillis()
        guard let initial = context.membership else { return Outcome(report: report, index: index) }
        guard initial.status == .active else {
            try? context.deliverAfterMembershipEnded(learntNow: false)
            throw .notPermitted(
                LifecycleEvent(initial.status).message(household: initial.name),
                hint: "It stays listable: `ours --household \"\(initial.name)\" record list TYPE`.")
        }
        let layout = try context.requireFolder()
        let canWriteFolder = fileSystem.isWritableDirectory(layout.zone)

        try DocumentSync(context: context, layout: layout, canWriteFolder: canWriteFolder).run(into: &report)
        if let event = try LifecycleCheck(context: context).apply(folderWritable: canWriteFolder) {
            report.lifecycle = event
            if event != .dissolved { try? context.deliverAfterMembershipEnded(learntNow: true) }
            report.durationMillis = device.clock.nowMillis() - report.startedAt
            return Outcome(report: report, index: index)
        }
        let canWriteRecords = canWriteFolder && context.membership?.canWrite == true
        let manifest = try context.manifest()
        let me = try device.requireIdentity().deviceID

        let previous: FolderIndex
        if let index { previous = index } else { previous = try replica.loadFolderIndex() }
        var scan = FolderScanner(
            fileSystem: fileSystem, layout: layout, previous: previous, mode: mode, progress: progress, reread: reread,
            settling: settling
        ).scan()
        report.filesScanned = scan.filesScanned
        report.filesRead = scan.filesRead
        report.problems += scan.problems

        var states: [RecordKey: RecordState] = [:]
        var digests: [RecordKey: UInt64] = [:]  // of the bytes saved in the replica: the folder's file is compared to it
        var blocked: Set<RecordKey> = []
        var arrived: Set<RecordKey> = []  // new to this replica in this pass: nothing to restore
        var farFuture: [SyncState.FarFutureStamp] = []
        var latest: Stamp?  // the latest merged stamp the clock may absorb (a far-future one may not)
        let now = device.clock.nowMillis()
        var syncState = try replica.loadSyncState()
        let policy = Admission.rejectionPolicy(manifest)
        let policyChanged = syncState.rejectionPolicy != policy
        if policyChanged, syncState.rejectionPolicy ?? "" != policy {
            try refilter(manifest: manifest, keeping: me, states: &states, digests: &digests, report: &report)
        }
        // The replica's copies of the decoded records are read ahead, a few thousand at a time,
        // on all cores. A first sync decodes every file of a household the replica does not
        // hold yet: once 256 were found missing, one listing of the replica saves a failed open
        // for each of the rest. (A burst of changes to records it holds never lists it.)
        var held: Set<RecordKey>?
        var missed = 0
        var saving: [(key: RecordKey, bytes: [UInt8], replacing: Bool)] = []  // saved in batches
        var unflushed = report.recordsMerged > 0  // the refilter saved records
        var prefetched: [RecordKey: RecordState?] = [:]  // the replica's copies, read ahead in parallel
        for (done, decoded) in scan.decoded.enumerated() {
            if done % 1000 == 999 { progress?(SyncProgress(phase: .merging, done: done + 1, total: scan.decoded.count)) }
            if done % SyncPass.readAhead == 0 {
                if held == nil, missed >= 256 { held = Set(try replica.keys()) }
                let upcoming = scan.decoded[done..<min(done + SyncPass.readAhead, scan.decoded.count)].map(\.file.state.key)
                    .filter { states[$0] == nil && held?.contains($0) ?? true }
                prefetched = try replica.load(many: upcoming)
            }
            let key = decoded.file.state.key
            let shown = layout.directoryName + "/" + decoded.relativePath
            let admission = Admission.admitRecord(decoded.file.state, manifest: manifest)
            if !admission.unknown.isEmpty {
                blocked.insert(key)
                scan.index.setEntry(nil, at: decoded.relativePath)  // read again next time
                let devices = admission.unknown.map(\.rawValue).sorted().joined(separator: ", ")
                report.problems.append(
                    Problem(
                        .unknownWriter, path: shown,
                        "changed by device \(devices), not in the participant manifest (yet); waiting before merging it"))
                continue
            }
            for why in admission.rejections {
                report.problems.append(Problem(.ignoredChange, path: shown, "change ignored: \(why)"))
            }
            report.handEdits += decoded.file.handEditedFields.isEmpty ? 0 : 1
            let before: RecordState?
            if let cached = states[key] {
                before = cached
            } else if let ahead = prefetched[key] {
                before = ahead
            } else {
                before = nil  // neither held (per the listing) nor read ahead
            }
            if before == nil {
                arrived.insert(key)
                missed += 1
            }
            // What the manifest now rejects leaves the replica too (merged before a removal was known).
            let kept = before.map { Admission.withoutRejected($0, manifest: manifest, keeping: me) }
            let merged = kept.map { $0.merging(admission.admitted) } ?? admission.admitted
            for (field, register) in admission.admitted.fields {
                for entry in register.entries where entry.stamp.millis > now + HybridLogicalClock.maximumDriftMillis {
                    farFuture.append(SyncState.FarFutureStamp(record: key.description, field: field, stamp: entry.stamp))
                }
            }
            let absorbable = admission.admitted.allStamps.filter { $0.millis <= now + HybridLogicalClock.maximumDriftMillis }
            if let top = absorbable.max(), latest.map({ top > $0 }) ?? true { latest = top }
            states[key] = merged
            if merged != before {
                let bytes = RecordFile.encode(merged)
                saving.append((key, bytes, before != nil))
                digests[key] = Digest.of(bytes)
                report.recordsMerged += 1
                // A first sync writes a whole household: the disk starts on it meanwhile, so
                // the flush below waits for little.
                if saving.count == 4096 {
                    if try !replica.save(batch: saving) { unflushed = true }
                    saving.removeAll(keepingCapacity: true)
                    fileSystem.beginFlush(replica.directory)
                }
                if let change = RecordChange.between(before, merged, manifest: manifest) { report.changes.append(change) }
            }
        }
        if try !replica.save(batch: saving) { unflushed = true }
        if let latest { try device.receive(latest) }
        if unflushed { try context.flush(replica.directory) }
        context.noteChanges(report.changes, origin: .folder)  // for watchers, in this process or another

        // Everything that may need writing: merged records, local changes, vanished files.
        let pending = Set(try replica.pendingKeys())
        let delivered = Set(try replica.deliveredKeys())
        var missing = scan.vanished
        var replicaKeys: [RecordKey]?
        if mode == .sweep {
            let present = Set(
                scan.index.allEntries.compactMap { path, entry -> RecordKey? in
                    if case .record(let key) = entry.content, path == "records/" + ZoneLayout.relativePath(of: key) { return key }
                    return nil
                })
            replicaKeys = try replica.keys()
            for key in replicaKeys ?? [] where !present.contains(key) { missing.insert(key) }
        }
        var records: Int?
        if countRecords {
            var live = 0
            let keys: [RecordKey]
            if let replicaKeys { keys = replicaKeys } else { keys = try replica.keys() }
            for key in keys {
                let state: RecordState?
                if let cached = states[key] { state = cached } else { state = try replica.load(key) }
                if let state, !state.isDeleted { live += 1 }
            }
            records = live
        }
        // A file put back as this device last read it holds less than the replica if the replica
        // moved on since (a write-through): compared, and written again if so.
        let toWrite = Set(states.keys).union(pending).union(delivered).union(missing).union(scan.rewritten).subtracting(blocked)
        let restoring = missing.subtracting(pending).subtracting(arrived)
        var correct: Set<RecordKey> = []
        if canWriteRecords {
            try writeBack(
                toWrite.sorted(), restoring: restoring, states: states, digests: digests, scan: &scan, correct: &correct,
                report: &report, layout: layout)
            for key in correct where pending.contains(key) { try replica.clearPending(key) }
            for key in correct where delivered.contains(key) { try replica.clearDelivered(key) }
            removeStrays(scan: &scan, correct: correct, states: states, report: &report, layout: layout)
        }
        if mode == .sweep {
            let leftovers = LeftoverTemporaryFiles(context: context)
            leftovers.removeFromDevice()
            if canWriteFolder { leftovers.removeStale(from: layout, candidates: scan.temporaryFiles, now: now) }
        }

        let saveIndex = index == nil || (scan.changed && persistIndex)
        if saveIndex { try replica.saveFolderIndex(scan.index) }
        syncState.rejectionPolicy = policy
        try saveState(
            syncState, report: &report, farFuture: farFuture, now: now,
            busy: scan.changed || !report.changes.isEmpty || policyChanged)
        return Outcome(report: report, index: scan.index, indexUnsaved: scan.changed && !saveIndex, records: records)
    }

    private func indexWritten(
        path: String, relative: String, digest: UInt64, key: RecordKey, scan: inout FolderScanner.Result
    ) throws(FileSystemError) {
        guard let stat = try context.fileSystem.stat(path) else { return }
        scan.index.setEntry(FolderIndex.Entry(stat: stat, digest: digest, content: .record(key)), at: relative)
        scan.changed = true
    }

    private func writeBack(
        _ keys: [RecordKey], restoring: Set<RecordKey>, states: [RecordKey: RecordState], digests: [RecordKey: UInt64],
        scan: inout FolderScanner.Result, correct: inout Set<RecordKey>, report: inout SyncReport, layout: ZoneLayout
    ) throws(OursError) {
        let fileSystem = context.fileSystem
        var written = 0
        for (done, key) in keys.enumerated() {
            if done % 1000 == 999 { progress?(SyncProgress(phase: .writing, done: done + 1, total: keys.count)) }
            let state: RecordState
            if let cached = states[key] {
                state = cached
            } else if let loaded = try context.replica.load(key) {
                state = loaded
            } else {
                try context.replica.clearPending(key)
                try context.replica.clearDelivered(key)
                continue
            }
            let relative = "records/" + ZoneLayout.relativePath(of: key)
            if scan.broken.contains(relative) { continue }  // a person's bytes: never overwritten while broken
            if scan.isUnreadable(relative) { continue }  // what was not read may hold changes not merged yet
            // A record merged in this pass was encoded once already, when it was saved.
            var encoded: [UInt8]?
            let digest: UInt64
            if let known = digests[key] {
                digest = known
            } else {
                encoded = RecordFile.encode(state)
                digest = Digest.of(encoded!)
            }
            if let entry = scan.index.entry(at: relative), entry.digest == digest {
                correct.insert(key)
                continue
            }
            let bytes = encoded ?? RecordFile.encode(state)
            let path = layout.path(of: key)
            do {
                try fileSystem.requireNoLinks(path, under: layout.zone, creating: true)  // a link would lead out
                try fileSystem.writeAtomically(path, bytes, durability: .deferred)
                try indexWritten(path: path, relative: relative, digest: digest, key: key, scan: &scan)
            } catch {
                report.problems.append(Problem(.writeFailed, path: layout.directoryName + "/" + relative, error.description))
                continue
            }
            written += 1
            correct.insert(key)
            if restoring.contains(key) {
                report.filesRestored += 1
                report.problems.append(
                    Problem(
                        .restoredFile, path: layout.directoryName + "/" + relative,
                        "was missing; written again from this device's copy (removing a file never deletes a record)"))
            }
        }
        if written > 0 { try context.flush(layout.zone) }
        report.filesWritten += written
    }

    /// Removes conflict copies and stray copies whose content is now durably in the record's
    /// own file (checked against what was just written, not assumed).
    private func removeStrays(
        scan: inout FolderScanner.Result, correct: Set<RecordKey>, states: [RecordKey: RecordState],
        report: inout SyncReport, layout: ZoneLayout
    ) {
        for (key, paths) in scan.strays where correct.contains(key) {
            for relative in paths {
                do {
                    try context.fileSystem.remove(joinPath(layout.zone, relative))
                    scan.index.setEntry(nil, at: relative)
                    scan.changed = true
                    report.copiesRemoved += 1
                } catch {
                    report.problems.append(Problem(.writeFailed, path: layout.directoryName + "/" + relative, error.description))
                }
            }
        }
    }
}
