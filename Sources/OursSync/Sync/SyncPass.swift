/// One pass of sync between a household's folder and this device's replica: read what changed,
/// merge it in, write back every record whose merged state differs from its file, restore
/// missing files, and remove conflict copies once their content is safely in the record.
///
/// Absence is never deletion: a file that vanished is written again; a missing folder stops
/// the pass before anything is touched.
///
/// A pass runs in phases, each a method of its own over one `PassState` handed on `inout`:
/// open the folder (membership, documents), refilter the replica if the manifest's rules
/// changed, scan the folder (a sweep saving records of types new to the replica as it reads
/// them, `saveOnRead`), merge what the scan decoded, plan and write back, then save the index
/// and the sync state.
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
    /// Whether a sweep saves records of types new to the replica as it reads them
    /// (`saveOnRead`). Off only to compare with a merge that reads everything first.
    var savesOnRead = true
    /// Whether the replica's flushes at the end of the pass — and the finishing of its last
    /// batch of in-place writes (`Replica.save(batch:finishingLater:)`) — are left for after
    /// it (`Outcome.unflushed`): a watcher publishes what it merged first, then flushes while
    /// it waits for the next poll. Until then the records are whole, only not yet durable, and
    /// the in-place batch is held by its journal, which the device lock's next holder finishes.
    var defersFlush = false

    /// The pass's report, and the folder index as it is now (to keep for the next pass).
    struct Outcome {
        var report: SyncReport
        var index: FolderIndex?
        /// The index changed and was not saved (`persistIndex` was off).
        var indexUnsaved = false
        /// Records in the replica, deleted ones excluded (only with `countRecords`).
        var records: Int?
        /// The replica waits to be flushed, and its in-place writes finished (`defersFlush`).
        var unflushed = false
    }

    func run() throws(OursError) -> Outcome {
        try context.device.withLock { () throws(OursError) -> Outcome in try runLocked() }
    }

    private func runLocked() throws(OursError) -> Outcome {
        var report = SyncReport()
        report.startedAt = context.device.clock.nowMillis()
        guard let folder = try openFolder(&report) else { return Outcome(report: report, index: index) }
        var pass = try startPass(folder.layout, canWriteFolder: folder.canWriteFolder, report: report)
        pass.holdsRejected = folder.manifestUnread
        try refilterIfRulesChanged(&pass)
        try scanFolder(&pass)
        // A folder that went away while it was read (moved, unmounted) looked empty from then
        // on: the pass stops before it merges or writes anything on that view. What the scan
        // saved as it read stays in the replica; the next pass reads the folder again.
        _ = try context.requireFolder()
        try mergeDecoded(&pass)
        let plan = try planWrites(pass)
        let records = countRecords ? try countLiveRecords(pass, replicaKeys: plan.replicaKeys) : nil
        if pass.canWriteRecords { try writeBack(plan, &pass) } else { try dropUnsendable(&pass) }
        if mode == .sweep { removeLeftovers(pass) }
        syncAttachments(&pass)
        var outcome = try finish(&pass, records: records)
        outcome.unflushed = pass.flushDeferred
        return outcome
    }

    /// The household's folder, once this device's membership allows a pass and the folder's
    /// `zone.json` and `participants.json` are merged; `nil` when the pass ends there (private
    /// data, or the documents said this device's membership ended).
    /// - Throws: `.notPermitted` for a membership that had already ended; `.folderUnavailable`.
    private func openFolder(
        _ report: inout SyncReport
    ) throws(OursError) -> (layout: ZoneLayout, canWriteFolder: Bool, manifestUnread: Bool)? {
        guard let initial = context.membership else { return nil }
        if initial.status != .active {
            // Its documents may say otherwise now (see `LifecycleCheck.reconsider`).
            report.correction = try? context.reconsiderEndedMembership()
        }
        if let ended = context.membership, ended.status != .active {
            try? context.deliverAfterMembershipEnded(learntNow: false)
            throw .notPermitted(
                report.correction?.message(household: ended.name) ?? LifecycleEvent(ended.status).message(household: ended.name),
                hint: "It stays listable: `ours --household \"\(ended.name)\" record list TYPE`.")
        }
        let layout = try context.requireFolder()
        let canWriteFolder = context.fileSystem.isWritableDirectory(layout.zone)
        let documents = try DocumentSync(context: context, layout: layout, canWriteFolder: canWriteFolder).run(into: &report)
        let learnt = try LifecycleCheck(context: context).apply(
            folderWritable: canWriteFolder, ownRefusals: documents.ownRefusals)
        report.correction = report.correction ?? learnt.correction
        if let event = learnt.event {
            report.lifecycle = event
            if event != .dissolved { try? context.deliverAfterMembershipEnded(learntNow: true) }
            report.durationMillis = context.device.clock.nowMillis() - report.startedAt
            return nil
        }
        if canWriteFolder {
            LinkCompletion(context: context).run()
            try? SetAsideMarking(context: context).run(documents.setAside)
            LinkClaimKeeper(context: context).run()
            context.refreshDeviceNote()
            report.copiesRemoved += context.removeDeviceNoteCopies()
        }
        return (layout, canWriteFolder, documents.untouchable.contains(.manifest))
    }

    /// The folders (relative to the household's) that held a file with a problem at the last
    /// pass: a stat pass lists them even if unchanged, so what it reports of them stands.
    static func foldersWithProblems(_ state: SyncState, layout: ZoneLayout) -> Set<String> {
        var folders = Set(state.problems.compactMap { $0.recordsPath(inHousehold: layout.directoryName).map(parentPath) })
        for count in state.moreProblems {
            if let folder = count.recordsFolder(inHousehold: layout.directoryName) { folders.insert(folder) }
        }
        return folders
    }

    /// The pass's state before the scan: the manifest, and the sync state the last pass saved.
    private func startPass(_ layout: ZoneLayout, canWriteFolder: Bool, report: SyncReport) throws(OursError) -> PassState {
        var pass = PassState(
            layout: layout, canWriteFolder: canWriteFolder,
            canWriteRecords: canWriteFolder && context.membership?.canWrite == true, manifest: try context.manifest(),
            me: try context.device.requireIdentity().deviceID, report: report)
        pass.syncState = try context.replica.loadSyncState()
        if let lost = pass.syncState.unreadable { pass.report.problems.append(lost) }
        return pass
    }

    /// Reads what changed in the folder since the index (the watcher's, or the replica's copy).
    /// A sweep saves the records of types the replica holds none of as it reads them
    /// (`saveOnRead`).
    private func scanFolder(_ pass: inout PassState) throws(OursError) {
        let previous: FolderIndex
        if let index {
            previous = index
        } else {
            let (saved, damage) = context.replica.loadFolderIndex()
            previous = saved
            if let damage {
                pass.report.problems.append(
                    Problem(
                        .unreadableStateFile, path: context.replica.folderIndexFile,
                        "this device's index of the folder could not be read back (\(damage)): every file was read "
                            + "again, and the index written anew"))
            }
        }
        // A device that writes no record files leaves in the folder the changes it read and
        // ignored; rules changed since (a removal set aside, say) may admit them, and an index
        // that says those files were read would keep them out for good. So it reads every file
        // again when the rules change, and once more when it starts writing (its listing came):
        // what it ignored then it now merges, or writes back without.
        let rereadAll =
            pass.syncState.rejectionPolicy != nil && ((pass.policyChanged && !pass.canWriteRecords) || pass.startsWriting)
        var scanner = FolderScanner(
            fileSystem: context.fileSystem, layout: pass.layout, previous: rereadAll ? FolderIndex() : previous, mode: mode,
            progress: progress,
            reread: reread, settling: settling)
        scanner.listAnyway = SyncPass.foldersWithProblems(pass.syncState, layout: pass.layout)
        scanner.settledBefore = context.fileSystem.timestampNow().map { $0 - FolderScanner.stampTick } ?? .max
        let started = context.device.clock.nowMillis()
        if mode == .sweep, savesOnRead {
            let held = try heldTypes()
            context.replica.removeSummaries(besides: held)
            pass.heldTypes = held
            scanner.saveOnRead = saveOnRead(held: held, pass, horizon: started + HybridLogicalClock.maximumDriftMillis)
        }
        pass.scan = scanner.scan()
        pass.report.filesScanned = pass.scan.filesScanned
        pass.report.filesRead = pass.scan.filesRead
        pass.report.problems += pass.scan.problems
        pass.now = max(started, context.device.clock.nowMillis())
    }
}
