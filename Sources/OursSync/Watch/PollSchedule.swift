/// Decides, poll by poll, how deep to look and how long to wait. Pure — time comes in as an
/// argument — so every rule is tested without waiting.
///
/// - The first pass, and the first after the folder comes back, is a full sweep: every file
///   is read, every missing one restored.
/// - Then a stat pass every `statInterval`, quick passes in between.
/// - Every `sliceInterval` a pass also re-reads one slice of the folders (a rolling sweep), so
///   every file is read once per `sweepPeriod` without a spike of reading.
/// - While passes fail, the wait before the next pass doubles from `interval` up to
///   `maximumBackoff` (polls in between only read the replica's journal).
/// - While change hints are healthy (`hinted`), polls come every `hintedInterval`, stat
///   passes every `hintedStatInterval` and the rolling sweep takes `hintedSweepPeriod`
///   (never more often than without hints).
struct PollSchedule {
    struct Plan: Equatable {
        var mode: FolderScanner.Mode
        /// The rolling-sweep slice this pass re-reads, if one is due.
        var slice: Int?
    }

    let policy: WatchPolicy
    private var needsSweep = true
    private var lastThorough: Duration?
    private var nextSliceAt: Duration?
    private var nextSlice = 0
    private var backoff: Duration?
    /// Whether change hints are healthy: the poll may slow down.
    var hinted = false {
        didSet { nextSlice %= sliceCount }
    }

    init(policy: WatchPolicy) { self.policy = policy }

    /// Time between two polls.
    var pace: Duration { policy.pollInterval(hinted: hinted) }

    /// Time between two stat passes.
    var statInterval: Duration { policy.statPassInterval(hinted: hinted) }

    /// Time between two slices: never shorter than a poll, so a long interval stretches no cycle.
    var sliceSpacing: Duration { max(policy.sliceInterval, pace) }

    /// How many slices the folders are split into.
    var sliceCount: Int { max(1, Int((policy.sweepPeriod(hinted: hinted) / sliceSpacing).rounded(.down))) }

    /// Whether the rolling sweep puts a folder (`records/item/3f`) in `slice`.
    func folder(_ relativePath: String, isIn slice: Int) -> Bool {
        Int(Digest.of(relativePath.utf8) % UInt64(sliceCount)) == slice
    }

    /// What the pass about to start should do.
    func plan(now: Duration) -> Plan {
        if needsSweep { return Plan(mode: .sweep, slice: nil) }
        let statDue = lastThorough.map { now - $0 >= statInterval } ?? true
        let sliceDue = nextSliceAt.map { now >= $0 } ?? true
        return Plan(mode: statDue ? .stat : .quick, slice: sliceDue ? nextSlice : nil)
    }

    /// Records a pass that completed.
    mutating func succeeded(_ plan: Plan, now: Duration) {
        if plan.mode != .quick { lastThorough = now }
        if plan.mode == .sweep {
            needsSweep = false
            nextSliceAt = now + sliceSpacing  // everything was just read: the rolling cycle starts afresh
        }
        if let slice = plan.slice {
            nextSlice = (slice + 1) % sliceCount
            nextSliceAt = now + sliceSpacing
        }
        backoff = nil
    }

    /// Records a pass that failed.
    /// - Parameter folderMissing: the folder was unavailable; its return is met with a sweep.
    /// - Returns: how long to wait before trying another pass.
    mutating func failed(folderMissing: Bool) -> Duration {
        if folderMissing { needsSweep = true }
        let ceiling = max(policy.maximumBackoff, policy.interval)
        let next = min((backoff ?? policy.interval) * 2, ceiling)
        backoff = next
        return next
    }
}
