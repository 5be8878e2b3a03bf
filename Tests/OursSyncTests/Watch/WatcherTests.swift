import Foundation
import Testing

@testable import OursSync

/// The public `Watcher`: its feed, its lock, stopping, and sharing a device with one-shot commands.
@Suite("Watcher: the live sync loop")
struct WatcherTests {
    let world = SharedFolderWorld()

    @Test func theFeedPublishesChangesAndStopEndsTheRun() async throws {
        try await TestThreads.run {
            let (sarah, mike) = try world.couple()
            let clock = TestClock()
            let watcher = Watcher(household: mike, policy: WatchPolicy(hints: false), clock: clock)
            let recorder = EventRecorder(watcher.events)
            let run = TestThreads.task { try await watcher.run() }
            try await clock.waitForSleeper()  // the first sweep is done

            let milk = try sarah.put(type: "item", id: "milk", fields: ["name": "Milk"])
            try await clock.wakeSleeper()
            let events = try await recorder.wait { !$0.changes.isEmpty }
            #expect(events.first == .started(.poll(PollReason(.requested, "change hints are turned off"))))
            #expect(events.changes.map(\.change) == [RecordChange(key: milk, kind: .inserted, by: "Sarah", fields: ["name"])])
            #expect(clock.requestedSleeps.allSatisfy { $0 == .seconds(1) }, "it sleeps an interval between polls")

            watcher.stop()
            #expect(try await run.value == .stopped)
            try await recorder.wait { _ in recorder.isFinished }
            #expect(recorder.isFinished, "the feed ends with the run")
        }
    }

    @Test func aSecondWatcherOnTheSameHouseholdAndDeviceIsRefused() async throws {
        try await TestThreads.run {
            let (_, mike) = try world.couple()
            let clock = TestClock()
            let first = Watcher(household: mike, policy: WatchPolicy(hints: false), clock: clock)
            let run = TestThreads.task { try await first.run() }
            try await clock.waitForSleeper()

            // Another process on the same device: its own handle on the same state directory.
            let second = Watcher(
                household: try world.otherProcess(of: mike), policy: WatchPolicy(hints: false), clock: TestClock())
            do throws(OursError) {
                _ = try await second.run()
                Issue.record("a second watcher ran")
            } catch {
                #expect(error.kind == .failed)
                #expect(error.message.contains("already running for Sarah & Mike's Home"))
            }

            first.stop()
            _ = try await run.value
            let third = Watcher(household: try world.otherProcess(of: mike), policy: WatchPolicy(hints: false), clock: clock)
            let thirdRun = TestThreads.task { try await third.run() }
            try await clock.waitForSleeper()
            third.stop()
            #expect(try await thirdRun.value == .stopped, "the lock went with the first watcher")
        }
    }

    @Test func theWatcherStopsWhenTheHouseholdIsDissolved() async throws {
        try await TestThreads.run {
            let (sarah, mike) = try world.couple()
            let clock = TestClock()
            let watcher = Watcher(household: mike, policy: WatchPolicy(hints: false), clock: clock)
            let recorder = EventRecorder(watcher.events)
            let run = TestThreads.task { try await watcher.run() }
            try await clock.waitForSleeper()
            try sarah.dissolve()
            try await clock.wakeSleeper()
            #expect(try await run.value == .ended(.dissolved))
            let events = try await recorder.wait { $0.contains(.ended(.dissolved)) }
            #expect(events.last == .ended(.dissolved))
        }
    }

    /// A watcher with a real clock and a short interval while another "process" writes as fast as
    /// it can, and another device too: every change is published once, nothing is lost or torn.
    @Test func oneShotWritesWhileAWatcherRunsAreAllPublishedAndNothingIsCorrupted() async throws {
        try await TestThreads.run {
            let (sarah, mike) = try world.couple()
            let watcher = Watcher(household: mike, policy: WatchPolicy(interval: .milliseconds(5)))
            let recorder = EventRecorder(watcher.events)
            let run = TestThreads.task { try await watcher.run() }
            _ = try await recorder.wait { $0.contains { $0.startedMode != nil } }

            let oneShot = try world.otherProcess(of: mike)
            let writers = TestThreads.task {
                for number in 0..<30 {
                    try oneShot.put(type: "item", id: "mine-\(number)", fields: ["name": .string("mine \(number)")])
                    try sarah.put(type: "item", id: "hers-\(number)", fields: ["name": .string("hers \(number)")])
                }
                try oneShot.remove(try RecordKey(type: "item", id: "mine-0"))
            }
            try await writers.value
            let events = try await recorder.wait { events in
                events.changes.filter { $0.origin == .local }.count == 31
                    && events.changes.filter { $0.origin == .folder }.count == 30
            }
            watcher.stop()
            #expect(try await run.value == .stopped)

            let local = events.changes.filter { $0.origin == .local }.map(\.change)
            #expect(local.filter { $0.kind == .inserted }.map(\.key.id) == (0..<30).map { "mine-\($0)" })
            #expect(
                local.last == RecordChange(key: try RecordKey(type: "item", id: "mine-0"), kind: .deleted, by: "Mike", fields: [])
            )
            let folder = events.changes.filter { $0.origin == .folder }.map(\.change)
            #expect(Set(folder.map(\.key.id)) == Set((0..<30).map { "hers-\($0)" }))
            #expect(folder.allSatisfy { $0.kind == .inserted && $0.by == "Sarah" })
            #expect(events.problems.isEmpty)

            try mike.sync()
            try sarah.sync()
            #expect(try mike.replica.pendingKeys().isEmpty)
            let keys = try mike.replica.keys()
            #expect(keys.count == 60)
            #expect(try sarah.replica.keys() == keys)
            for key in keys {
                let folderBytes = try LocalFileSystem().read(mike.layout!.path(of: key), limit: 1 << 20)
                #expect(try mike.replica.bytes(of: key) == folderBytes, "\(key): the folder and the replica agree")
                #expect(try sarah.replica.bytes(of: key) == folderBytes)
            }
        }
    }
}
