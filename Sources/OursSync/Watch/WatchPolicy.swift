/// How often a watcher looks, and how deep. The defaults keep an idle household of 100,000
/// records nearly free (a quick poll stats folders, not files) while still reading every byte
/// every ten minutes, because no timestamp is trusted alone.
///
/// Where the operating system can say that the folder changed (`hints`), a change starts a
/// quick pass at once and the poll, still the source of truth, slows down to
/// `hintedInterval`, `hintedStatInterval` and `hintedSweepPeriod`: a hint names the file, and
/// one written in place (keeping its inode) is read in full by the pass it starts, so what
/// only the sweep would find is left to file systems whose times lie, which get no hints.
public struct WatchPolicy: Sendable, Equatable {
    /// Between two polls while all is well. Each poll is a quick pass: a `stat` per folder,
    /// reading only folders whose stat changed.
    public var interval: Duration
    /// How often a poll is a stat pass instead: every file is stat-ed, catching in-place
    /// writes that leave the folder's times alone.
    public var statInterval: Duration
    /// How long a rolling sweep takes to read every file once: catches edits that kept size
    /// and times, and file systems whose times lie (FAT's 2 s, SMB and NFS attribute caches).
    public var sweepPeriod: Duration
    /// How often a slice of the rolling sweep is read; the folders are split into
    /// `sweepPeriod / sliceInterval` slices, so no poll reads much.
    public var sliceInterval: Duration
    /// The longest wait between polls while the folder is missing or passes fail; the wait
    /// doubles from `interval` up to this.
    public var maximumBackoff: Duration
    /// A file that does not parse is read again rather than reported until it has stopped
    /// changing for this long (a sync tool may still be writing it).
    public var settleTime: Duration
    /// A broken file that keeps changing is reported after this long all the same.
    public var maximumSettleTime: Duration
    /// Whether to use change hints where the folder's file system is known to deliver them
    /// for every change (see `WatchMode`). Off: poll every `interval`, as `ours watch --no-hints`.
    public var hints: Bool
    /// Between two polls while hints are healthy (never shorter than `interval`): the safety
    /// net for a change a hint missed.
    public var hintedInterval: Duration
    /// How often a poll is a stat pass while hints are healthy (never shorter than
    /// `statInterval`).
    public var hintedStatInterval: Duration
    /// How long the watcher waits after a hint for more before it looks: a burst of hints
    /// (a sync tool writing many files) is one pass.
    public var hintDelay: Duration
    /// How long the rolling sweep takes while hints are healthy (never shorter than
    /// `sweepPeriod`).
    public var hintedSweepPeriod: Duration

    /// A policy; each argument sets the property of the same name. `ours watch` keeps every
    /// default but `interval` and `hints`, which its options set.
    public init(
        interval: Duration = .seconds(1), statInterval: Duration = .seconds(30), sweepPeriod: Duration = .seconds(600),
        sliceInterval: Duration = .seconds(5), maximumBackoff: Duration = .seconds(30), settleTime: Duration = .seconds(2),
        maximumSettleTime: Duration = .seconds(60), hints: Bool = true, hintedInterval: Duration = .seconds(5),
        hintedStatInterval: Duration = .seconds(300), hintDelay: Duration = .milliseconds(5),
        hintedSweepPeriod: Duration = .seconds(3600)
    ) {
        self.interval = interval
        self.statInterval = statInterval
        self.sweepPeriod = sweepPeriod
        self.sliceInterval = sliceInterval
        self.maximumBackoff = maximumBackoff
        self.settleTime = settleTime
        self.maximumSettleTime = maximumSettleTime
        self.hints = hints
        self.hintedInterval = hintedInterval
        self.hintedStatInterval = hintedStatInterval
        self.hintDelay = hintDelay
        self.hintedSweepPeriod = hintedSweepPeriod
    }

    /// The time between two polls: `interval`, or while hints are healthy `hintedInterval`
    /// (never shorter than `interval`).
    public func pollInterval(hinted: Bool) -> Duration { hinted ? max(hintedInterval, interval) : interval }

    /// The time between two stat passes: `statInterval`, or while hints are healthy
    /// `hintedStatInterval` (never shorter than `statInterval`).
    public func statPassInterval(hinted: Bool) -> Duration { hinted ? max(hintedStatInterval, statInterval) : statInterval }

    /// How long the rolling sweep takes: `sweepPeriod`, or while hints are healthy
    /// `hintedSweepPeriod` (never shorter than `sweepPeriod`).
    public func sweepPeriod(hinted: Bool) -> Duration { hinted ? max(hintedSweepPeriod, sweepPeriod) : sweepPeriod }
}
