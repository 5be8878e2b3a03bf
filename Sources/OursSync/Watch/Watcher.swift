import Dispatch

/// Keeps one household in sync while it runs: polls the shared folder, merges, writes back,
/// and publishes what changed — here, from other devices, and from other processes on this
/// device — as an `AsyncSequence` of `WatchEvent`s.
///
/// ```swift
/// let watcher = Watcher(household: household)
/// Task { for await event in watcher.events { show(event) } }
/// let end = try await watcher.run()   // until stop(), cancellation, or the membership ends
/// ```
///
/// Where the operating system says when the folder changes (inotify on Linux, on a local file
/// system), a change starts a quick pass at once and the poll slows down; elsewhere it polls,
/// because network mounts and sync tools do not deliver events reliably. The poll is the
/// source of truth either way. See `WatchPolicy` for how often it looks and how deep,
/// `WatchMode` for the modes, and `docs/ARCHITECTURE.md` ("Live sync").
///
/// One watcher per household and device: `run()` takes a lock file in the replica without
/// waiting and refuses to start when another watcher holds it. The device lock is held only
/// during each pass, so one-shot commands keep working in between.
public final class Watcher: Sendable {
    /// The household this watcher keeps in sync.
    public let household: Zone
    /// How often it looks, how deep, and whether it uses change hints.
    public let policy: WatchPolicy
    /// Every event, in order, until `run()` returns. Unbounded: a consumer that falls behind
    /// delays nothing, and a big batch of changes is one event.
    public let events: AsyncStream<WatchEvent>

    private let continuation: AsyncStream<WatchEvent>.Continuation
    private let now: @Sendable () -> Duration
    private let sleep: @Sendable (Duration) async throws -> Void
    private let control = Locked(Control())
    /// Called while the first pass reads and merges a big folder (later passes are small).
    private let firstPassProgress = Locked<SyncProgressHandler?>(nil)
    /// Passes run here: they do blocking file I/O and may wait for the device lock while a
    /// one-shot command holds it, which must not tie up a thread of Swift's cooperative pool.
    private let queue = DispatchQueue(label: "ours.watcher")
    private let hintProvider: HintProvider
    private let inbox = HintInbox()
    private let counts = Locked(PassCounts())

    private struct Control {
        var started = false
        var stopped = false
        /// The pause waiting for `stop()`, when one is.
        var pause: CheckedContinuation<Void, Never>?
    }

    /// How many passes the watcher made, and how many of them a hint started (for tests).
    struct PassCounts: Equatable {
        var all = 0
        var hinted = 0
    }

    /// What the watcher does next.
    private enum Step: Equatable {
        /// The scheduled poll.
        case poll
        /// A quick pass a hint asked for, reading these folders in full.
        case look(reread: Set<String>)
        /// A stat pass: hints were lost.
        case full
    }

    /// - Parameters:
    ///   - household: the household to keep in sync.
    ///   - policy: intervals, sweeps, backoff and hints.
    ///   - clock: where time and sleeping come from; tests pass one they move by hand.
    public convenience init<C: Clock>(household: Zone, policy: WatchPolicy = WatchPolicy(), clock: C)
    where C.Duration == Duration {
        self.init(household: household, policy: policy, clock: clock, hints: .system())
    }

    /// A watcher on the system's continuous clock, using the operating system's change hints
    /// where `policy` allows and they work. Nothing runs before `run()`.
    public convenience init(household: Zone, policy: WatchPolicy = WatchPolicy()) {
        self.init(household: household, policy: policy, clock: ContinuousClock())
    }

    /// Reports the first pass's progress (reading, merging, writing a big household): set it
    /// before `run()`.
    public func onFirstPassProgress(_ handler: @escaping SyncProgressHandler) {
        firstPassProgress.withLock { $0 = handler }
    }

    /// - Parameter hints: where change hints come from; tests pass their own.
    init<C: Clock>(household: Zone, policy: WatchPolicy, clock: C, hints: HintProvider) where C.Duration == Duration {
        self.household = household
        self.policy = policy
        hintProvider = hints
        (events, continuation) = AsyncStream.makeStream(of: WatchEvent.self, bufferingPolicy: .unbounded)
        let origin = clock.now
        now = { origin.duration(to: clock.now) }
        sleep = { duration in try await clock.sleep(for: duration) }
    }

    /// Polls until `stop()` is called, the task is cancelled, or this device's membership ends.
    /// A stop lets the current pass finish; locks are released and `events` finishes on return.
    /// - Returns: why it stopped.
    /// - Throws: `.failed` when another watcher is running for this household on this device
    ///   (or `run()` was called twice); `.notFound` for private data; `.notPermitted` for a
    ///   household this device no longer belongs to.
    public func run() async throws(OursError) -> WatchEnd {
        defer { continuation.finish() }
        let alreadyStarted = control.withLock { control -> Bool in
            defer { control.started = true }
            return control.started
        }
        if alreadyStarted { throw .failed("this watcher is already running; make a new one to watch again") }
        let lock = try WatcherLock.acquire(for: household)
        defer { WatcherLock.release(lock, for: household) }
        let hints = WatchHints(household: household, policy: policy, provider: hintProvider, inbox: inbox)
        defer { hints.stop() }
        continuation.yield(.started(hints.start()))
        var first = WatchSession(household: household, policy: policy, now: now)
        first.firstPassProgress = firstPassProgress.current
        let session = Locked(first)
        defer { queue.sync { session.withLock { $0.saveIndex() } } }
        var step = Step.poll
        var lastPoll = now()
        while !isStopping {
            if step == .poll {
                lastPoll = now()
                if session.withLock({ $0.thoroughPassDue }) {
                    if let ended = await perform(.look(reread: []), session, hints).ended { return .ended(ended) }
                    if isStopping { break }
                }
            }
            let (ended, next) = await perform(step, session, hints)
            if let ended { return .ended(ended) }
            if isStopping { break }
            if let next {
                step = next
            } else {
                step = await wait(after: lastPoll, session, hints)
            }
        }
        return .stopped
    }

    /// Tells the watcher that the folder may have changed: it makes a quick pass now (after
    /// `WatchPolicy.hintDelay`) instead of at its next poll. For apps whose platform has
    /// notifications Ours does not read itself (FSEvents on macOS, `NSFilePresenter` for a
    /// file provider's folder); see docs/ARCHITECTURE.md, "Live sync".
    public func hint() { inbox.post([ChangeHint(folder: "", name: nil)]) }

    /// How many passes the watcher made (for tests).
    var passCounts: PassCounts { counts.current }

    /// Asks `run()` to return: the current pass finishes, the wait between polls does not.
    public func stop() {
        let pause = control.withLock { control -> CheckedContinuation<Void, Never>? in
            control.stopped = true
            defer { control.pause = nil }
            return control.pause
        }
        pause?.resume()
    }

    private var isStopping: Bool { control.withLock { $0.stopped } || Task.isCancelled }

    /// Makes a pass on the watcher's queue and publishes what it found; then judges the hints
    /// its own writes and anything else raised meanwhile.
    /// - Returns: the end of the membership, if the pass learnt of it; the next step, if the
    ///   hints ask for one at once.
    private func perform(
        _ step: Step, _ session: Locked<WatchSession>, _ hints: WatchHints
    ) async -> (ended: LifecycleEvent?, next: Step?) {
        let (outcome, next) = await onQueue { [counts] in
            session.withLock { session -> (WatchSession.Outcome, Step?) in
                var outcome: WatchSession.Outcome
                switch step {
                case .poll: outcome = session.poll()
                case .look(let reread): outcome = session.quickLook(reread: reread)
                case .full: outcome = session.fullLook()
                }
                if outcome.passed {
                    counts.withLock {
                        $0.all += 1; if step != .poll { $0.hinted += 1 }
                    }
                }
                hints.collect()
                let reached = outcome.passed && outcome.backoff == nil
                if let mode = hints.afterPass(index: session.index, reachedFolder: reached) {
                    outcome.events.append(.modeChanged(mode))
                }
                let (next, events) = Self.consider(hints.inbox.take(), &session, hints)
                outcome.events += events
                session.hinted = hints.healthy
                return (outcome, next)
            }
        }
        for event in outcome.events { continuation.yield(event) }
        if outcome.unflushed {
            // Once its changes are published: the next pass waits for it on the queue.
            queue.async { session.withLock { $0.flush() } }
        }
        return (outcome.ended, next)
    }

    /// What a batch of hints asks for; a failed source turns the watcher to polling.
    private static func consider(
        _ batch: HintInbox.Batch, _ session: inout WatchSession, _ hints: WatchHints
    ) -> (Step?, [WatchEvent]) {
        guard !batch.isEmpty else { return (nil, []) }
        if batch.overflowed || batch.hints.contains(where: { $0.name == nil }) { hints.rewatch() }
        let verdict = session.judge(batch)
        var events: [WatchEvent] = []
        if let failure = verdict.failure, let mode = hints.fail(failure) { events.append(.modeChanged(mode)) }
        session.hinted = hints.healthy
        if verdict.full { return (.full, events) }
        return (verdict.needsPass ? .look(reread: verdict.reread) : nil, events)
    }

    /// Waits for the next poll, `pace` after the last one; a hint cuts the wait short when it
    /// tells of something the last pass did not see.
    private func wait(after lastPoll: Duration, _ session: Locked<WatchSession>, _ hints: WatchHints) async -> Step {
        while !isStopping {
            let remaining = lastPoll + session.withLock { $0.pace } - now()
            if remaining <= .zero { return .poll }
            guard await pause(remaining, wakeOnHint: true) == .hinted else { continue }
            _ = await pause(policy.hintDelay, wakeOnHint: false)  // let a burst of hints gather
            if isStopping { break }
            let (next, events) = await onQueue {
                hints.collect()
                return session.withLock { Self.consider(hints.inbox.take(), &$0, hints) }
            }
            for event in events { continuation.yield(event) }
            if let next { return next }
        }
        return .poll
    }

    private func onQueue<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: body()) }
        }
    }

    private enum PauseEnd { case elapsed, stopped, hinted }

    /// Sleeps on the clock; `stop()`, task cancellation and (if asked) a hint cut the sleep
    /// short. Structured (a task group, no unstructured task), so the sleep runs wherever the
    /// caller's task prefers.
    private func pause(_ delay: Duration, wakeOnHint: Bool) async -> PauseEnd {
        await withTaskGroup(of: PauseEnd.self) { group in
            group.addTask { [sleep] in
                try? await sleep(delay)
                return .elapsed
            }
            group.addTask { [self] in
                await untilStopped()
                return .stopped
            }
            if wakeOnHint {
                group.addTask { [inbox] in
                    await inbox.wait()
                    return .hinted
                }
            }
            let first = await group.next() ?? .stopped
            group.cancelAll()
            return first
        }
    }

    /// Returns once `stop()` is called or the task is cancelled.
    private func untilStopped() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let waiting = control.withLock { control -> Bool in
                    if control.stopped || Task.isCancelled { return false }
                    control.pause = continuation
                    return true
                }
                if !waiting { continuation.resume() }
            }
        } onCancel: {
            let pause = control.withLock { control -> CheckedContinuation<Void, Never>? in
                defer { control.pause = nil }
                return control.pause
            }
            pause?.resume()
        }
    }
}
