import OursSync

/// A clock the harness moves by hand, given to a `Watcher`: each poll runs when the harness
/// wakes the watcher, so every pass can be timed exactly, from the wake to the watcher's next
/// sleep, and the schedule (quick pass, sweep slice, stat pass) follows virtual time.
///
/// Passes do real I/O on real folders; only the wait between polls is skipped.
final class StepClock: Clock, Sendable {
    struct Instant: InstantProtocol {
        var offset: Duration
        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct State {
        var now = Instant(offset: .zero)
        /// The watcher, asleep until `deadline`.
        var sleeper: (deadline: Instant, continuation: CheckedContinuation<Void, any Error>)?
        /// When the watcher last went to sleep (real time), not yet seen by the harness.
        var sleptAt: ContinuousClock.Instant?
        /// The harness, waiting for the watcher to go to sleep.
        var waiter: CheckedContinuation<ContinuousClock.Instant, Never>?
    }

    private let state = Locked(State())

    var now: Instant { state.withLock { $0.now } }
    var minimumResolution: Duration { .nanoseconds(1) }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let at = ContinuousClock.now
                let waiter = state.withLock { state -> CheckedContinuation<ContinuousClock.Instant, Never>? in
                    state.sleeper = (deadline, continuation)
                    if let waiter = state.waiter {
                        state.waiter = nil
                        return waiter
                    }
                    state.sleptAt = at
                    return nil
                }
                waiter?.resume(returning: at)
                if Task.isCancelled { cancelSleeper() }
            }
        } onCancel: {
            cancelSleeper()
        }
    }

    private func cancelSleeper() {
        state.withLock { state -> CheckedContinuation<Void, any Error>? in
            defer { state.sleeper = nil }
            return state.sleeper?.continuation
        }?.resume(throwing: CancellationError())
    }

    /// Waits until the watcher has finished its poll and gone to sleep.
    /// - Returns: when it went to sleep.
    func nextSleep() async -> ContinuousClock.Instant {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> ContinuousClock.Instant? in
                if let at = state.sleptAt {
                    state.sleptAt = nil
                    return at
                }
                state.waiter = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    /// Moves time to the sleeping watcher's deadline and wakes it: the next poll starts.
    /// - Returns: when it was woken, and the virtual time of the poll.
    @discardableResult
    func wake() -> (at: ContinuousClock.Instant, virtual: Duration) {
        let (sleeper, virtual) = state.withLock { state -> (CheckedContinuation<Void, any Error>?, Duration) in
            guard let sleeper = state.sleeper else { return (nil, state.now.offset) }
            state.sleeper = nil
            state.now = max(state.now, sleeper.deadline)
            return (sleeper.continuation, state.now.offset)
        }
        let at = ContinuousClock.now
        sleeper?.resume()
        return (at, virtual)
    }
}
