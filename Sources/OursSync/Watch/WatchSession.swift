/// One watcher's state between polls — the folder index kept in memory, the schedule, the
/// files settling, the problems already told, the place in the journal — and the poll itself.
///
/// Synchronous and free of sleeping: `Watcher` runs it in a loop, tests call `poll()` step by
/// step with a clock they move by hand.
struct WatchSession {
    struct Outcome: Sendable {
        var events: [WatchEvent] = []
        /// Whether this poll made a sync pass (while backing off, polls only read the journal).
        var passed = false
        /// While passes fail: how long until the next one is tried.
        var backoff: Duration?
        /// Set when this device's membership ended: the watcher stops.
        var ended: LifecycleEvent?
        /// The pass left the replica to flush once its events are out (`flush()`).
        var unflushed = false
    }

    let household: Zone
    let policy: WatchPolicy
    private let now: @Sendable () -> Duration
    private var schedule: PollSchedule
    /// The folder index as the last pass left it: what the watcher has seen.
    private(set) var index: FolderIndex?
    private var tail: JournalTail
    private var problems = ProblemLog()
    let settling: SettlingFiles
    /// The first pass's progress, for a big household; dropped once a pass has run.
    var firstPassProgress: SyncProgressHandler?
    private let zoneDirectory: String
    /// The message of the folder outage or failure last published, so each is told once.
    private var outage: String?
    private var failure: OursError?
    /// While backing off, when the next pass may be tried.
    private var retryAt: Duration?
    /// The in-memory index has changes the replica's copy lacks (see `saveIndex()`).
    private var indexUnsaved = false

    /// - Parameter now: the watcher's monotonic time.
    init(household: Zone, policy: WatchPolicy, now: @escaping @Sendable () -> Duration) {
        self.household = household
        self.policy = policy
        self.now = now
        schedule = PollSchedule(policy: policy)
        tail = JournalTail(journal: household.replica.journal)
        let clock = household.device.clock
        settling = SettlingFiles(policy: policy, now: now, wallMillis: { clock.nowMillis() })
        zoneDirectory = household.layout?.directoryName ?? ""
    }

    /// One poll: a sync pass as deep as the schedule says, then what changed, from the journal.
    ///
    /// While passes fail (the folder is gone), passes are tried less and less often, but the
    /// journal is still read every poll: changes made on this device are published at once.
    mutating func poll() -> Outcome { poll(plan: nil) }

    /// Whether the next poll is a stat pass, which takes long in a big household (every file is
    /// stat-ed). The watcher then makes a quick pass first (`quickLook()`) and publishes what it
    /// found at once: a change that the folders' times show is not held back by the slower pass.
    var thoroughPassDue: Bool { retryAt == nil && schedule.plan(now: now()).mode == .stat }

    /// A quick pass, without the schedule's stat pass or sweep slice (see `thoroughPassDue`).
    /// - Parameter reread: folders to read in full all the same (a hint said a file in them was
    ///   written in place, which a quick pass would not see).
    mutating func quickLook(reread: Set<String> = []) -> Outcome {
        poll(plan: PollSchedule.Plan(mode: .quick, slice: nil), reread: reread)
    }

    /// A stat pass now, whatever the schedule: hints were lost (the queue overflowed).
    mutating func fullLook() -> Outcome { poll(plan: PollSchedule.Plan(mode: .stat, slice: nil)) }

    /// Whether change hints are healthy, so polls may come less often.
    var hinted: Bool {
        get { schedule.hinted }
        set { schedule.hinted = newValue }
    }

    /// How long until the next poll: the schedule's pace, or `interval` while passes fail
    /// (polls in between still read the journal, so local changes appear as before).
    var pace: Duration { retryAt == nil ? schedule.pace : policy.interval }

    private mutating func poll(plan forced: PollSchedule.Plan?, reread hinted: Set<String> = []) -> Outcome {
        let started = now()
        var outcome = Outcome()
        if let retryAt, started < retryAt {
            outcome.backoff = retryAt - started
            outcome.events = changeSets()
            return outcome
        }
        let plan = forced ?? schedule.plan(now: started)
        var passProblems: [Problem] = []
        outcome.passed = true
        settling.beginPass()
        do {
            let result = try pass(plan, reread: hinted)
            settling.endPass(thorough: plan.mode != .quick)
            index = result.index
            if result.indexUnsaved { indexUnsaved = true }
            if plan.mode != .quick { saveIndex() }
            schedule.succeeded(plan, now: started)
            retryAt = nil
            if outage != nil { outcome.events.append(.folderAvailable) }
            outage = nil
            failure = nil
            passProblems = problems.news(
                in: result.report.problems, thorough: plan.mode != .quick, index: result.index, zoneDirectory: zoneDirectory)
            outcome.ended = result.report.lifecycle
            outcome.unflushed = result.unflushed
        } catch {
            let backoff = schedule.failed(folderMissing: error.kind == .folderUnavailable)
            retryAt = started + backoff
            outcome.backoff = backoff
            if let status = household.membership?.status, status != .active {
                outcome.ended = LifecycleEvent(status)  // a one-shot command learnt it first
            } else if error.kind == .folderUnavailable {
                if outage == nil { outcome.events.append(.folderUnavailable(message: error.message)) }
                outage = error.message
            } else if failure != error {
                outcome.events.append(.failed(error))
                failure = error
            }
        }
        outcome.events += changeSets()
        outcome.events += passProblems.map(WatchEvent.problem)
        if let ended = outcome.ended { outcome.events.append(.ended(ended)) }
        return outcome
    }

    private mutating func pass(_ plan: PollSchedule.Plan, reread hinted: Set<String>) throws(OursError) -> SyncPass.Outcome {
        let schedule = self.schedule
        let rereadFolders = settling.foldersToReread().union(hinted)
        let reread: (@Sendable (String) -> Bool)?
        if let slice = plan.slice {
            reread = { folder in rereadFolders.contains(folder) || schedule.folder(folder, isIn: slice) }
        } else if !rereadFolders.isEmpty {
            reread = { folder in rereadFolders.contains(folder) }
        } else {
            reread = nil
        }
        let settling = self.settling
        let progress = firstPassProgress
        firstPassProgress = nil
        return try SyncPass(
            context: household.context, mode: plan.mode, progress: progress, index: index, reread: reread,
            settling: { path, stat in settling.isSettling(path, stat) }, persistIndex: false,
            defersFlush: true
        ).run()
    }

    /// Flushes the replica and finishes the batch of in-place writes a pass left (see
    /// `SyncPass.defersFlush`), under the device lock. A failure is left to the next holder
    /// of the lock, which finishes the batch before anything else, and to the next flush.
    func flush() {
        let replica = household.replica
        _ = try? household.device.withLock { () throws(OursError) in
            try io { () throws(FileSystemError) in
                try replica.finishInPlaceWrites()
                try replica.fileSystem.flush(replica.directory)
            }
        }
    }

    /// Saves the in-memory folder index in the replica when it has changed since it was last
    /// saved: after stat passes and sweeps, and when the watcher stops. It is only a cache (the
    /// next start reads every file anyway), so passes that see a change do not pay for writing it.
    mutating func saveIndex() {
        guard indexUnsaved, let index else { return }
        let household = self.household
        let saved: Void? = try? household.device.withLock { () throws(OursError) in try household.replica.saveFolderIndex(index) }
        if saved != nil { indexUnsaved = false }
    }

    /// What the journal gained since the last poll — changes merged by this watcher's pass and
    /// by any other process, and changes made on this device — as one change set per origin.
    private mutating func changeSets() -> [WatchEvent] {
        let batch = tail.read()
        guard !batch.entries.isEmpty || batch.gap else { return [] }
        let now = household.device.clock.nowMillis()
        var sets: [ChangeOrigin: ChangeSet] = [:]
        var manifest: ParticipantManifest?
        for var entry in batch.entries {
            if case .change(var change, let device?) = entry.content, change.by == nil {
                if manifest == nil { manifest = (try? household.manifest()) ?? ParticipantManifest() }
                change.by = manifest?.participant(forDevice: device)?.name
                entry.content = .change(change, device: device)
            }
            // In place: a set taken out and put back would copy every change before it.
            sets[entry.origin, default: ChangeSet(origin: entry.origin, changes: [], at: entry.at)].take(entry)
        }
        if batch.gap {
            // Some lines were lost; they may have been of either origin.
            for origin in [ChangeOrigin.local, .folder] {
                var set = sets[origin] ?? ChangeSet(origin: origin, changes: [], at: now)
                set.unlisted = nil
                sets[origin] = set
            }
        }
        return [ChangeOrigin.local, .folder].compactMap { sets[$0] }.map(WatchEvent.changes)
    }
}

extension ChangeSet {
    /// Adds one journal line of this set's origin.
    fileprivate mutating func take(_ entry: ChangeJournal.Entry) {
        at = max(at, entry.at)
        switch entry.content {
        case .change(let change, _):
            changes.append(change)
        case .unlisted(let count, let types):
            unlisted = unlisted.map { $0 + count }
            unlistedTypes = Array(Set(unlistedTypes + types)).sorted()
        }
    }
}
