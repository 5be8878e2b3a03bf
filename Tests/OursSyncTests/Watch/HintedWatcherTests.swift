import Foundation
import Testing

@testable import OursSync

/// A watcher with change hints from a source the test drives: when a hint brings a pass, when
/// the poll does, and what happens when hints are lost or fail. Time moves only on the test's
/// clock, so "the poll was not due" is a fact, not a race.
@Suite("Watcher: change hints under the poll")
struct HintedWatcherTests {
    let world = SharedFolderWorld()

    /// Mike's watcher with hints from the test; returns once its first sweep is done and it
    /// sleeps until the next poll (5 s while hints are healthy).
    func start(
        _ mike: Zone, _ manual: ManualHintsProvider, policy: WatchPolicy = WatchPolicy(), clock: TestClock
    ) async throws -> (Watcher, EventRecorder, Task<WatchEnd, any Error>) {
        let watcher = Watcher(household: mike, policy: policy, clock: clock, hints: manual.provider)
        let recorder = EventRecorder(watcher.events)
        let run = TestThreads.task { try await watcher.run() }
        try await clock.waitForSleep(of: policy.pollInterval(hinted: true))
        return (watcher, recorder, run)
    }

    @Test func aHintStartsAQuickPassAtOnceAndThePollSlowsDown() async throws {
        try await TestThreads.run {
            let (sarah, mike) = try world.couple()
            try sarah.put(type: "item", id: "milk", fields: ["name": "Milk"])
            let clock = TestClock()
            let manual = ManualHintsProvider()
            let (watcher, recorder, run) = try await start(mike, manual, clock: clock)
            #expect(recorder.events.first?.startedMode == .hints(source: "manual"))
            #expect(try manual.source.watched.isSuperset(of: ["", "records", "records/item"]), "the index's folders are offered")

            let eggs = try sarah.put(type: "item", id: "eggs", fields: ["name": "Eggs"])
            try manual.source.post(eggs)
            try await clock.waitForSleep(of: .milliseconds(5))  // gathering more hints
            try await clock.wakeSleeper()
            try await recorder.wait { $0.changes.contains { $0.change.key == eggs } }
            #expect(clock.now.offset == .milliseconds(5), "no poll was due: the hint brought the change")
            #expect(watcher.passCounts == Watcher.PassCounts(all: 2, hinted: 1))

            // The wait for the next poll goes on from where it was.
            try await clock.waitForSleep(of: .seconds(5) - .milliseconds(5))
            #expect(watcher.passCounts.all == 2, "the pass's own hints (none here) brought no other")
            watcher.stop()
            #expect(try await run.value == .stopped)
            #expect(try manual.source.isStopped)
        }
    }

    @Test func aChangeWhoseHintWasLostIsCaughtByThePoll() async throws {
        try await TestThreads.run {
            let (sarah, mike) = try world.couple()
            let clock = TestClock()
            let manual = ManualHintsProvider()
            let (watcher, recorder, run) = try await start(mike, manual, clock: clock)

            let eggs = try sarah.put(type: "item", id: "eggs", fields: ["name": "Eggs"])  // no hint comes
            try await clock.wakeSleeper()
            try await recorder.wait { $0.changes.contains { $0.change.key == eggs } }
            #expect(clock.now.offset == .seconds(5), "found by the poll, 5 s after the last")
            #expect(watcher.passCounts == Watcher.PassCounts(all: 2, hinted: 0))
            watcher.stop()
            _ = try await run.value
        }
    }

    @Test func aStormOfHintsIsOnePass() async throws {
        try await TestThreads.run {
            let (sarah, mike) = try world.couple()
            let clock = TestClock()
            let manual = ManualHintsProvider()
            let (watcher, recorder, run) = try await start(mike, manual, clock: clock)

            let keys = try (0..<40).map { try sarah.put(type: "item", id: "item-\($0)", fields: ["name": .string("Item \($0)")]) }
            try manual.source.post(keys[0])
            try await clock.waitForSleep(of: .milliseconds(5))
            for key in keys.dropFirst() { try manual.source.post(key) }  // the rest of the burst, meanwhile
            try await clock.wakeSleeper()
            let events = try await recorder.wait { $0.changes.count == 40 }
            #expect(events.filter { if case .changes = $0 { true } else { false } }.count == 1, "one change set")
            try await clock.waitForSleep(of: .seconds(5) - .milliseconds(5))
            #expect(watcher.passCounts == Watcher.PassCounts(all: 2, hinted: 1))
            watcher.stop()
            _ = try await run.value
        }
    }

    @Test func anOverflowIsAStatPassThatSeesEvenAnInPlaceWrite() async throws {
        try await TestThreads.run {
            let (sarah, mike) = try world.couple()
            let milk = try sarah.put(type: "item", id: "milk", fields: ["name": "Milk"])
            let clock = TestClock()
            let manual = ManualHintsProvider()
            let (watcher, recorder, run) = try await start(mike, manual, clock: clock)

            try rewriteInPlace(mike.layout!.path(of: milk), "\"Milk\"", "\"Oat milk\"")
            try manual.source.inbox.overflow()
            try await clock.waitForSleep(of: .milliseconds(5))
            try await clock.wakeSleeper()
            let events = try await recorder.wait { $0.changes.contains { $0.change.kind == .updated } }
            #expect(
                events.changes.map(\.change).last == RecordChange(key: milk, kind: .updated, by: "a hand edit", fields: ["name"]))
            #expect(watcher.passCounts == Watcher.PassCounts(all: 2, hinted: 1))
            watcher.stop()
            _ = try await run.value
        }
    }

    /// A file written in place keeps its inode and leaves its folder's times alone, so a quick
    /// pass does not see it; a hint that names it has its folder read in full.
    @Test func aHintNamingAFileWrittenInPlaceHasItsFolderRead() async throws {
        try await TestThreads.run {
            let (sarah, mike) = try world.couple()
            let milk = try sarah.put(type: "item", id: "milk", fields: ["name": "Milk"])
            let clock = TestClock()
            let manual = ManualHintsProvider()
            let (watcher, recorder, run) = try await start(mike, manual, policy: WatchPolicy(hintDelay: .zero), clock: clock)

            try rewriteInPlace(mike.layout!.path(of: milk), "\"Milk\"", "\"Oat milk\"")
            watcher.hint()  // an app's hint, naming nothing: a quick pass, which misses it
            try await watcher.waitForPasses(2)
            #expect(try mike.get(milk)?.values["name"] == "Milk", "a quick pass does not see it")
            try manual.source.post(milk)
            try await recorder.wait { $0.changes.contains { $0.change.kind == .updated } }
            #expect(try mike.get(milk)?.values["name"] == "Oat milk")
            #expect(watcher.passCounts == Watcher.PassCounts(all: 3, hinted: 2))
            watcher.stop()
            _ = try await run.value
        }
    }

    @Test func aFailingHintSourceTurnsTheWatcherToPollingAndSaysSoOnce() async throws {
        try await TestThreads.run {
            let (sarah, mike) = try world.couple()
            let clock = TestClock()
            let manual = ManualHintsProvider()
            let (watcher, recorder, run) = try await start(mike, manual, policy: WatchPolicy(hintDelay: .zero), clock: clock)

            let limit = HintsUnavailable(.failed, "the system's limit of inotify watches was reached")
            try manual.source.failNextWatch(limit)
            let eggs = try sarah.put(type: "item", id: "eggs", fields: ["name": "Eggs"])  // a new folder to watch
            try manual.source.post(eggs)
            try await recorder.wait { $0.contains(.modeChanged(.poll(PollReason(limit)))) }
            #expect(try manual.source.isStopped)
            try await clock.waitForSleep(of: .seconds(1))  // polling every second again

            let bread = try sarah.put(type: "item", id: "bread", fields: ["name": "Bread"])
            try await clock.wakeSleeper()
            let events = try await recorder.wait { $0.changes.contains { $0.change.key == bread } }
            #expect(events.compactMap(\.changedMode).count == 1, "said once")
            #expect(events.changes.map(\.change.key) == [eggs, bread])
            watcher.stop()
            _ = try await run.value
        }
    }

    @Test func withHintsTurnedOffTheWatcherPollsAsBefore() async throws {
        try await TestThreads.run {
            let (sarah, mike) = try world.couple()
            let clock = TestClock()
            let manual = ManualHintsProvider()
            let watcher = Watcher(household: mike, policy: WatchPolicy(hints: false), clock: clock, hints: manual.provider)
            let recorder = EventRecorder(watcher.events)
            let run = TestThreads.task { try await watcher.run() }
            try await clock.waitForSleep(of: .seconds(1))
            #expect(recorder.events.first?.startedMode == .poll(PollReason(.requested, "change hints are turned off")))
            #expect(!manual.wasOpened)

            let eggs = try sarah.put(type: "item", id: "eggs", fields: ["name": "Eggs"])
            try await clock.wakeSleeper()
            try await recorder.wait { $0.changes.contains { $0.change.key == eggs } }
            #expect(clock.requestedSleeps.allSatisfy { $0 == .seconds(1) })
            watcher.stop()
            _ = try await run.value
        }
    }

    /// Rewrites a file in place: same inode, its folder untouched.
    func rewriteInPlace(_ path: String, _ old: String, _ new: String) throws {
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data(text.replacingOccurrences(of: old, with: new).utf8))
        try handle.close()
    }
}
