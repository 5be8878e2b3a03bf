import Foundation
import Testing

@testable import OursSync

/// A watcher publishes a burst before it makes the replica durable: the pass leaves its last
/// batch of in-place writes to its journal and the flush for after the events, and nothing in
/// between may write a record over what that journal holds.
@Suite("Watch session: the flush after a burst")
struct WatchFlushTests {
    let world = SharedFolderWorld()
    let time = ManualTime()

    func journalPath(_ household: Zone) -> String {
        joinPath(household.replica.directory, OverwriteJournal.fileName)
    }

    func inodes(_ household: Zone, _ keys: [RecordKey]) -> [UInt64?] {
        keys.map { try? LocalFileSystem().stat(household.replica.path(of: $0))?.inode }
    }

    /// Sarah and Mike share 100 items; Mike's watcher has seen them; Sarah changes them all.
    func burst() throws -> (mike: Zone, watch: WatchSession, keys: [RecordKey], outcome: WatchSession.Outcome) {
        let (sarah, mike) = try world.couple()
        let ids = (0..<100).map { "item-\($0)" }
        let objects: [[String: JSONValue]] = ids.map { [RecordFile.metadataKey: ["id": .string($0)], "qty": "1"] }
        try sarah.importRecords(type: "item", objects: objects)
        var watch = WatchSession(household: mike, policy: WatchPolicy(hints: false), now: time.now)
        _ = watch.poll()  // the first sweep
        let keys = try ids.map { try RecordKey(type: "item", id: $0) }
        try sarah.importRecords(
            type: "item", objects: ids.map { [RecordFile.metadataKey: ["id": .string($0)], "qty": "2"] })
        time.advance(.seconds(1))
        let outcome = watch.poll()
        return (mike, watch, keys, outcome)
    }

    @Test func aBurstIsPublishedWholeBeforeItsJournalIsFinished() throws {
        let (mike, watch, keys, outcome) = try burst()
        #expect(outcome.events.changes.count == 100)
        #expect(outcome.unflushed, "the watcher is told to flush")
        #expect(FileManager.default.fileExists(atPath: journalPath(mike)), "held by its journal until then")
        for key in keys { #expect(try mike.get(key)?.values["qty"] == "2") }
        let before = inodes(mike, keys)

        watch.flush()
        #expect(!FileManager.default.fileExists(atPath: journalPath(mike)))
        #expect(inodes(mike, keys) == before, "finishing rewrites nothing that already holds its bytes")
        for key in keys { #expect(try mike.get(key)?.values["qty"] == "2") }
    }

    @Test func anotherProcessFinishesTheBatchBeforeItWrites() throws {
        let (mike, _, keys, _) = try burst()
        #expect(FileManager.default.fileExists(atPath: journalPath(mike)))
        // `ours record put` in another process, before the watcher flushed: it takes the lock,
        // which finishes the batch first, so a crash now cannot put the journal's bytes back.
        let otherProcess = try world.otherProcess(of: mike)
        try otherProcess.put(type: "item", id: keys[0].id, fields: ["qty": "3"])
        #expect(!FileManager.default.fileExists(atPath: journalPath(mike)))
        try mike.device.withLock { () throws(OursError) in }
        #expect(try mike.get(keys[0])?.values["qty"] == "3")
        #expect(try mike.get(keys[1])?.values["qty"] == "2")
    }

    @Test func anIdlePollLeavesNothingToFlush() throws {
        var (_, watch, _, _) = try burst()
        watch.flush()
        time.advance(.seconds(1))
        #expect(!watch.poll().unflushed)
    }
}

/// The same through the public `Watcher`: the flush it owes runs on its queue after the
/// events, while it waits for its next poll.
@Suite("Watcher: the flush after a burst")
struct WatcherFlushTests {
    let world = SharedFolderWorld()

    @Test func theWatcherFinishesTheBatchItPublished() async throws {
        try await TestThreads.run {
            let (sarah, mike) = try world.couple()
            let ids = (0..<100).map { "item-\($0)" }
            try sarah.importRecords(
                type: "item", objects: ids.map { [RecordFile.metadataKey: ["id": .string($0)], "qty": "1"] })
            let clock = TestClock()
            let watcher = Watcher(household: mike, policy: WatchPolicy(hints: false), clock: clock)
            let recorder = EventRecorder(watcher.events)
            let run = TestThreads.task { try await watcher.run() }
            try await clock.waitForSleeper()  // the first sweep is done

            try sarah.importRecords(
                type: "item", objects: ids.map { [RecordFile.metadataKey: ["id": .string($0)], "qty": "2"] })
            try await clock.wakeSleeper()
            try await recorder.wait { $0.changes.filter { $0.change.kind == .updated }.count >= 100 }
            for id in ids { #expect(try mike.get(RecordKey(type: "item", id: id))?.values["qty"] == "2") }

            // While it sleeps (no pass, no lock taken by anyone else): its own flush finishes it.
            let journal = joinPath(mike.replica.directory, OverwriteJournal.fileName)
            let deadline = ContinuousClock.now + .seconds(30)
            while FileManager.default.fileExists(atPath: journal), ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(5))
            }
            #expect(!FileManager.default.fileExists(atPath: journal), "finished on the watcher's queue")
            watcher.stop()
            #expect(try await run.value == .stopped)
        }
    }
}
