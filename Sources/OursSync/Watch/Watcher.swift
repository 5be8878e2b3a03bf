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
/// Polling rather than file-system events, because network mounts and sync tools do not
/// deliver events reliably. See `WatchPolicy` for how often it looks and how deep, and
/// `docs/ARCHITECTURE.md` ("Live sync").
///
/// One watcher per household and device: `run()` takes a lock file in the replica without
/// waiting and refuses to start when another watcher holds it. The device lock is held only
/// during each pass, so one-shot commands keep working in between.
public final class Watcher: Sendable {
    public let household: Zone
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

    private struct Control {
        var started = false
        var stopped = false
        /// The pause waiting for `stop()`, when one is.
        var pause: CheckedContinuation<Void, Never>?
    }

    /// - Parameters:
    ///   - household: the household to keep in sync.
    ///   - policy: intervals, sweeps and backoff.
    ///   - clock: where time and sleeping come from; tests pass one they move by hand.
    public init<C: Clock>(household: Zone, policy: WatchPolicy = WatchPolicy(), clock: C) where C.Duration == Duration {
        self.household = household
        self.policy = policy
        (events, continuation) = AsyncStream.makeStream(of: WatchEvent.self, bufferingPolicy: .unbounded)
        let origin = clock.now
        now = { origin.duration(to: clock.now) }
        sleep = { duration in try await clock.sleep(for: duration) }
    }

    public convenience init(household: Zone, policy: WatchPolicy = WatchPolicy()) {
        self.init(household: household, policy: policy, clock: ContinuousClock())
    }

    /// Reports the first pass's progress (reading, merging, writing a big household): set it
    /// before `run()`.
    public func onFirstPassProgress(_ handler: @escaping SyncProgressHandler) {
        firstPassProgress.withLock { $0 = handler }
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
        continuation.yield(.started)
        var first = WatchSession(household: household, policy: policy, now: now)
        first.firstPassProgress = firstPassProgress.current
        let session = Locked(first)
        defer { queue.sync { session.withLock { $0.saveIndex() } } }
        while !isStopping {
            if session.withLock({ $0.thoroughPassDue }) {
                let early = await poll(session) { $0.quickLook() }
                for event in early.events { continuation.yield(event) }
                if let ended = early.ended { return .ended(ended) }
                if isStopping { break }
            }
            let outcome = await poll(session) { $0.poll() }
            for event in outcome.events { continuation.yield(event) }
            if let ended = outcome.ended { return .ended(ended) }
            if isStopping { break }
            await pause(policy.interval)
        }
        return .stopped
    }

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

    private func poll(
        _ session: Locked<WatchSession>, _ body: @escaping @Sendable (inout WatchSession) -> WatchSession.Outcome
    ) async -> WatchSession.Outcome {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: session.withLock { body(&$0) }) }
        }
    }

    /// Sleeps on the clock; `stop()` and task cancellation cut the sleep short. Structured (a
    /// task group, no unstructured task), so the sleep runs wherever the caller's task prefers.
    private func pause(_ delay: Duration) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { [sleep] in try? await sleep(delay) }
            group.addTask { [self] in await untilStopped() }
            await group.next()
            group.cancelAll()
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
