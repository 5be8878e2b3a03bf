import Foundation
import Testing

@testable import OursSync

/// Monotonic time a test moves by hand, for driving a `WatchSession` poll by poll.
final class ManualTime: Sendable {
    private let value = Locked(Duration.zero)

    var now: @Sendable () -> Duration { { [value] in value.current } }

    func advance(_ duration: Duration) { value.withLock { $0 += duration } }
}

/// A clock whose time moves only when the test says, and that can tell when someone sleeps on
/// it: the test wakes the watcher for exactly one more poll, with no real waiting.
final class TestClock: Clock, Sendable {
    struct Instant: InstantProtocol {
        var offset: Duration

        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        var id: Int
        var deadline: Instant
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var sleepers: [Sleeper] = []
        var nextID = 0
        var cancelled: Set<Int> = []
        /// Every sleep asked for, in order.
        var requested: [Duration] = []
    }

    private let state = Locked(State())

    var now: Instant { state.current.now }
    var minimumResolution: Duration { .zero }
    var requestedSleeps: [Duration] { state.current.requested }
    var hasSleeper: Bool { !state.current.sleepers.isEmpty }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        let id = state.withLock { state -> Int in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome = state.withLock { state -> Result<Void, any Error>? in
                    if state.cancelled.contains(id) { return .failure(CancellationError()) }
                    if deadline <= state.now { return .success(()) }
                    state.requested.append(state.now.duration(to: deadline))
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                state.cancelled.insert(id)
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Waits (in real time, generously) until something sleeps on this clock.
    func waitForSleeper(sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let deadline = ContinuousClock.now + .seconds(60)
        while !hasSleeper {
            if ContinuousClock.now > deadline {
                Issue.record("nothing slept on the test clock within a minute", sourceLocation: sourceLocation)
                throw CancellationError()
            }
            try await Task.sleep(for: .milliseconds(2))
        }
    }

    /// Waits for a sleeper, then moves time to its deadline and wakes it: one more poll.
    func wakeSleeper(sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await waitForSleeper(sourceLocation: sourceLocation)
        let woken = state.withLock { state -> [Sleeper] in
            guard let first = state.sleepers.min(by: { $0.deadline < $1.deadline }) else { return [] }
            state.now = max(state.now, first.deadline)
            let due = state.sleepers.filter { $0.deadline <= state.now }
            state.sleepers.removeAll { $0.deadline <= state.now }
            return due
        }
        for sleeper in woken { sleeper.continuation.resume() }
    }
}

/// Collects what a watcher publishes, in the background, for tests to wait on.
final class EventRecorder: Sendable {
    private let collected = Locked<[WatchEvent]>([])
    private let finished = Locked(false)

    init(_ events: AsyncStream<WatchEvent>) {
        _ = TestThreads.task { [collected, finished] in
            for await event in events { collected.withLock { $0.append(event) } }
            finished.withLock { $0 = true }
        }
    }

    var events: [WatchEvent] { collected.current }
    var isFinished: Bool { finished.current }

    /// Waits (up to a generous minute of real time) until `condition` holds for what was published.
    @discardableResult
    func wait(
        sourceLocation: SourceLocation = #_sourceLocation, until condition: @Sendable ([WatchEvent]) -> Bool
    ) async throws -> [WatchEvent] {
        let deadline = ContinuousClock.now + .seconds(60)
        while !condition(events) {
            if ContinuousClock.now > deadline {
                Issue.record("the awaited events never came; got \(events)", sourceLocation: sourceLocation)
                return events
            }
            try await Task.sleep(for: .milliseconds(5))
        }
        return events
    }
}

extension Array where Element == WatchEvent {
    /// Every record change published, with its origin.
    var changes: [(origin: ChangeOrigin, change: RecordChange)] {
        flatMap { event -> [(origin: ChangeOrigin, change: RecordChange)] in
            guard case .changes(let set) = event else { return [] }
            return set.changes.map { (set.origin, $0) }
        }
    }

    var problems: [Problem] {
        compactMap { if case .problem(let problem) = $0 { problem } else { nil } }
    }

    func count(of wanted: WatchEvent) -> Int { filter { $0 == wanted }.count }

    var folderOutages: Int { filter { if case .folderUnavailable = $0 { true } else { false } }.count }
}

extension SharedFolderWorld {
    /// A second handle on a device's state directory: what another `ours` process is.
    func otherProcess(of household: Zone) throws -> Zone {
        try Device(home: household.device.home).zone(household.id)
    }

    /// The household's folder inside the shared folder.
    func zone(of household: Zone) -> String { household.layout!.zone }

    /// Hides the shared folder, as an unmounted drive or a stopped sync tool does.
    func unmount() throws { try FileManager.default.moveItem(atPath: shared, toPath: shared + ".away") }

    func remount() throws { try FileManager.default.moveItem(atPath: shared + ".away", toPath: shared) }
}
