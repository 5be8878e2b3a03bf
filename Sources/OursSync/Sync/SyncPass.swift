/// One pass of sync between a household's folder and this device's replica: read what changed,
/// merge it in, write back every record whose merged state differs from its file, restore
/// missing files, and remove conflict copies once their content is safely in the record.
///
/// Absence is never deletion: a file that vanished is written again; a missing folder stops
/// the pass before anything is touched.
struct SyncPass {
    let household: Household
    let mode: FolderScanner.Mode
    var progress: SyncProgressHandler?

    func run() throws(OursError) -> SyncReport {
        try household.device.withLock { () throws(OursError) -> SyncReport in try runLocked() }
    }

    private func runLocked() throws(OursError) -> SyncReport {
        let device = household.device
        let replica = household.replica
        let fileSystem = household.fileSystem
        var report = SyncReport()
        report.startedAt = device.clock.nowMillis()
        guard let initial = household.membership else { return report }
        guard initial.status == .active else {
            throw .notPermitted(LifecycleEvent(initial.status).message(household: initial.name), hint: "It stays listable: `ours --household \"\(initial.name)\" record list TYPE`.")
        }
        let layout = try household.requireFolder()
        let canWriteFolder = fileSystem.isWritableDirectory(layout.zone)

        try DocumentSync(household: household, layout: layout, canWriteFolder: canWriteFolder).run(into: &report)
        if let event = try LifecycleCheck(household: household).apply(folderWritable: canWriteFolder) {
            report.lifecycle = event
            report.durationMillis = device.clock.nowMillis() - report.startedAt
            return report
        }
        let canWriteRecords = canWriteFolder && household.membership?.canWrite == true
        let manifest = try household.manifest()

        let previous = try replica.loadFolderIndex()
        var scan = FolderScanner(fileSystem: fileSystem, layout: layout, previous: previous, mode: mode, progress: progress).scan()
        report.filesScanned = scan.filesScanned
        report.filesRead = scan.filesRead
        report.problems += scan.problems

        var states: [RecordKey: RecordState] = [:]
        var blocked: Set<RecordKey> = []
        var farFuture: [SyncState.FarFutureStamp] = []
        var latest: Stamp?
        let now = device.clock.nowMillis()
        for (done, decoded) in scan.decoded.enumerated() {
            if done % 1000 == 999 { progress?(SyncProgress(phase: .merging, done: done + 1, total: scan.decoded.count)) }
            let key = decoded.file.state.key
            let shown = layout.directoryName + "/" + decoded.relativePath
            let admission = Admission.admitRecord(decoded.file.state, manifest: manifest)
            if !admission.unknown.isEmpty {
                blocked.insert(key)
                scan.index.entries[decoded.relativePath] = nil  // read again next time
                let devices = admission.unknown.map(\.rawValue).sorted().joined(separator: ", ")
                report.problems.append(
                    Problem(.unknownWriter, path: shown,
                            "changed by device \(devices), not in the participant manifest (yet); waiting before merging it"))
                continue
            }
            for why in admission.rejections {
                report.problems.append(Problem(.ignoredChange, path: shown, "change ignored: \(why)"))
            }
            report.handEdits += decoded.file.handEditedFields.isEmpty ? 0 : 1
            let before: RecordState?
            if let cached = states[key] { before = cached } else { before = try replica.load(key) }
            let merged = before.map { $0.merging(admission.admitted) } ?? admission.admitted
            for (field, register) in admission.admitted.fields {
                for entry in register.entries where entry.stamp.millis > now + HybridLogicalClock.maximumDriftMillis {
                    farFuture.append(SyncState.FarFutureStamp(record: key.description, field: field, stamp: entry.stamp))
                }
            }
            if let top = admission.admitted.allStamps.max(), latest.map({ top > $0 }) ?? true { latest = top }
            states[key] = merged
            if merged != before {
                try replica.save(merged, durability: .deferred)
                report.recordsMerged += 1
                if let change = RecordChange.between(before, merged, manifest: manifest) { report.changes.append(change) }
            }
        }
        if let latest { try device.receive(latest) }
        if report.recordsMerged > 0 { try household.flush(replica.directory) }

        // Everything that may need writing: merged records, local changes, vanished files.
        let pending = Set(try replica.pendingKeys())
        var missing = scan.vanished
        if mode == .sweep {
            let present = Set(scan.index.entries.values.compactMap { entry -> RecordKey? in
                if case .record(let key) = entry.content { return key } else { return nil }
            })
            for key in try replica.keys() where !present.contains(key) { missing.insert(key) }
        }
        let toWrite = Set(states.keys).union(pending).union(missing).subtracting(blocked)
        let restoring = missing.subtracting(pending)
        var correct: Set<RecordKey> = []
        if canWriteRecords {
            try writeBack(
                toWrite.sorted(), restoring: restoring, states: states, scan: &scan, correct: &correct, report: &report,
                layout: layout)
            for key in correct { try replica.clearPending(key) }
            removeStrays(scan: &scan, correct: correct, states: states, report: &report, layout: layout)
        }

        try replica.saveFolderIndex(scan.index)
        var syncState = try replica.loadSyncState()
        syncState.lastSyncMillis = now
        syncState.problems = report.problems.filter { $0.kind != .restoredFile }
        syncState.farFuture = try stillFarFuture(syncState.farFuture + farFuture, now: now)
        report.durationMillis = device.clock.nowMillis() - report.startedAt
        var summary = report.json.objectValue ?? [:]
        summary["changes"] = nil
        summary["problems"] = nil
        syncState.lastReport = summary
        try replica.saveSyncState(syncState)
        try household.flush(replica.directory)
        return report
    }

    private func writeBack(
        _ keys: [RecordKey], restoring: Set<RecordKey>, states: [RecordKey: RecordState], scan: inout FolderScanner.Result,
        correct: inout Set<RecordKey>, report: inout SyncReport, layout: ZoneLayout
    ) throws(OursError) {
        let fileSystem = household.fileSystem
        var written = 0
        for (done, key) in keys.enumerated() {
            if done % 1000 == 999 { progress?(SyncProgress(phase: .writing, done: done + 1, total: keys.count)) }
            let state: RecordState
            if let cached = states[key] { state = cached } else if let loaded = try household.replica.load(key) {
                state = loaded
            } else {
                try household.replica.clearPending(key)
                continue
            }
            let relative = "records/" + ZoneLayout.relativePath(of: key)
            if scan.broken.contains(relative) { continue }  // a person's bytes: never overwritten while broken
            let bytes = RecordFile.encode(state)
            let digest = Digest.of(bytes)
            if let entry = scan.index.entries[relative], entry.digest == digest {
                correct.insert(key)
                continue
            }
            let path = layout.path(of: key)
            do {
                if try fileSystem.stat(parentPath(path)) == nil { try fileSystem.createDirectory(parentPath(path)) }
                try fileSystem.writeAtomically(path, bytes, durability: .deferred)
                if let stat = try fileSystem.stat(path) {
                    scan.index.entries[relative] = FolderIndex.Entry(stat: stat, digest: digest, content: .record(key))
                }
            } catch {
                report.problems.append(Problem(.writeFailed, path: layout.directoryName + "/" + relative, error.description))
                continue
            }
            written += 1
            correct.insert(key)
            if restoring.contains(key) {
                report.filesRestored += 1
                report.problems.append(
                    Problem(.restoredFile, path: layout.directoryName + "/" + relative,
                            "was missing; written again from this device's copy (removing a file never deletes a record)"))
            }
        }
        if written > 0 { try household.flush(layout.zone) }
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
                    try household.fileSystem.remove(joinPath(layout.zone, relative))
                    scan.index.entries[relative] = nil
                    report.copiesRemoved += 1
                } catch {
                    report.problems.append(Problem(.writeFailed, path: layout.directoryName + "/" + relative, error.description))
                }
            }
        }
    }

    /// Keeps the far-future findings that are still in the replica and still ahead.
    private func stillFarFuture(_ findings: [SyncState.FarFutureStamp], now: Int64) throws(OursError)
        -> [SyncState.FarFutureStamp]
    {
        var result: Set<SyncState.FarFutureStamp> = []
        for finding in findings where finding.stamp.millis > now + HybridLogicalClock.maximumDriftMillis {
            let parts = finding.record.split(separator: "/").map(String.init)
            guard parts.count == 2, let key = try? RecordKey(type: parts[0], id: parts[1]),
                let state = try household.replica.load(key),
                state.fields[finding.field]?.entries.contains(where: { $0.stamp == finding.stamp }) == true
            else { continue }
            result.insert(finding)
        }
        return result.sorted { ($0.record, $0.field) < ($1.record, $1.field) }
    }
}

extension Household {
    /// One full sync pass: every file in the household's folder is read and compared.
    /// - Throws: `.folderUnavailable` when the shared folder or the household's folder is missing.
    /// - Parameter progress: called now and then during a long pass (a first sync of a big household).
    @discardableResult
    public func sync(progress: SyncProgressHandler? = nil) throws(OursError) -> SyncReport {
        try SyncPass(household: self, mode: .sweep, progress: progress).run()
    }

    /// A quick pass that trusts unchanged file stats; `sync()` is the thorough one.
    @discardableResult
    public func quickSync() throws(OursError) -> SyncReport {
        try SyncPass(household: self, mode: .quick).run()
    }
}
