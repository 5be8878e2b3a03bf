/// Broken files a watcher has met, remembered so that one a sync tool is still writing is read
/// again on the next poll rather than reported as broken.
///
/// A file that fails to parse is *settling* while it is young (touched less than `settleTime`
/// ago when first seen), or while its size, times or inode keep changing, until it has been
/// unchanged for `settleTime` — measured on the watcher's clock, not the file's times, which
/// another machine wrote. A file broken long ago is reported at once; one that never stops
/// changing is reported after `maximumSettleTime`. Shared with the scanner's `settling` hook,
/// hence the lock.
final class SettlingFiles: Sendable {
    private struct Observation {
        var stat: FileStat
        var firstSeen: Duration
        var changedAt: Duration
        var seenThisPass = true
    }

    private struct State {
        var watching: [String: Observation] = [:]
        /// Files declared settled (and reported), with the stat they had: the same bytes met
        /// again are not "young" again just because a clock says so.
        var settled: [String: (stat: FileStat, seenThisPass: Bool)] = [:]
    }

    private let state = Locked(State())
    private let policy: WatchPolicy
    private let now: @Sendable () -> Duration
    private let wallMillis: @Sendable () -> Int64

    /// - Parameters:
    ///   - now: the watcher's monotonic time.
    ///   - wallMillis: the wall clock, to tell a young file from an old one at first sight.
    init(policy: WatchPolicy, now: @escaping @Sendable () -> Duration, wallMillis: @escaping @Sendable () -> Int64) {
        self.policy = policy
        self.now = now
        self.wallMillis = wallMillis
    }

    /// The scanner's hook: whether a file that did not parse may still be being written.
    /// - Parameters:
    ///   - path: relative to the household's folder (`records/item/3f/milk.json`).
    ///   - stat: the file's stat when it was read.
    func isSettling(_ path: String, _ stat: FileStat) -> Bool {
        let time = now()
        let wall = wallMillis()
        return state.withLock { state in
            if var seen = state.watching[path] {
                seen.seenThisPass = true
                if time - seen.firstSeen >= policy.maximumSettleTime
                    || (seen.stat == stat && time - seen.changedAt >= policy.settleTime)
                {
                    state.watching[path] = nil
                    state.settled[path] = (stat, true)
                    return false
                }
                if seen.stat != stat {
                    seen.stat = stat
                    seen.changedAt = time
                }
                state.watching[path] = seen
                return true
            }
            if let settled = state.settled[path], settled.stat == stat {
                state.settled[path]?.seenThisPass = true
                return false
            }
            let touchedMillis = max(stat.modifiedNanos, stat.changedNanos) / 1_000_000
            let age = Duration.milliseconds(wall - touchedMillis)
            if age >= policy.settleTime {
                state.settled[path] = (stat, true)
                return false  // broken long ago: a person's doing, reported now
            }
            state.watching[path] = Observation(stat: stat, firstSeen: time, changedAt: time)
            return true
        }
    }

    /// The folders holding settling files: the next pass must list and read them even if
    /// their stat is unchanged (a file written in place does not touch its folder).
    func foldersToReread() -> Set<String> {
        state.withLock { Set($0.watching.keys.map(parentPath)) }
    }

    /// Marks every file unseen before a pass.
    func beginPass() {
        state.withLock { state in
            for path in state.watching.keys { state.watching[path]?.seenThisPass = false }
            for path in state.settled.keys { state.settled[path]?.seenThisPass = false }
        }
    }

    /// Forgets files the pass did not meet broken: they parsed, or vanished. Settled files are
    /// forgotten only after a thorough pass, the only kind sure to have read them again.
    func endPass(thorough: Bool) {
        state.withLock { state in
            state.watching = state.watching.filter(\.value.seenThisPass)
            if thorough { state.settled = state.settled.filter(\.value.seenThisPass) }
        }
    }

    /// How many files are being watched settle (for tests and status).
    var count: Int { state.withLock { $0.watching.count } }
}
