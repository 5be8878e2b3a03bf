import Foundation
import Testing

@testable import OursSync

/// A watcher's polls, one at a time, against real folders: what each poll publishes.
@Suite("Watch session: the change feed, poll by poll")
struct WatchSessionTests {
    let world = SharedFolderWorld()
    let time = ManualTime()

    func session(_ household: Zone, _ policy: WatchPolicy = WatchPolicy()) -> WatchSession {
        WatchSession(household: household, policy: policy, now: time.now)
    }

    /// Moves time on by one interval and polls.
    func poll(_ session: inout WatchSession, after step: Duration = .seconds(1)) -> [WatchEvent] {
        time.advance(step)
        return session.poll().events
    }

    @Test func changesFromAnotherDeviceArePublishedWithTheirKindAndWho() throws {
        let (sarah, mike) = try world.couple()
        var watch = session(mike)
        _ = watch.poll()  // the first sweep

        let milk = try sarah.put(type: "item", id: "milk", fields: ["name": "Milk", "qty": 2])
        var changes = poll(&watch).changes
        #expect(changes.map(\.origin) == [.folder])
        #expect(changes.map(\.change) == [RecordChange(key: milk, kind: .inserted, by: "Sarah", fields: ["name", "qty"])])

        try sarah.put(type: "item", id: "milk", fields: ["qty": 3])
        changes = poll(&watch).changes
        #expect(changes.map(\.change) == [RecordChange(key: milk, kind: .updated, by: "Sarah", fields: ["qty"])])

        try sarah.remove(milk)
        changes = poll(&watch).changes
        #expect(changes.map(\.change.kind) == [.deleted])
        #expect(changes.map(\.change.by) == ["Sarah"])

        #expect(poll(&watch).isEmpty, "an idle poll publishes nothing")
    }

    @Test func whatAnotherProcessOnThisDeviceDidIsPublished() throws {
        let (sarah, mike) = try world.couple()
        var watch = session(mike)
        _ = watch.poll()

        // A one-shot `ours record put` in another process: written through to the folder at once.
        let otherProcess = try world.otherProcess(of: mike)
        let eggs = try otherProcess.put(type: "item", id: "eggs", fields: ["name": "Eggs"])
        var changes = poll(&watch).changes
        #expect(changes.map(\.origin) == [.local])
        #expect(changes.map(\.change) == [RecordChange(key: eggs, kind: .inserted, by: "Mike", fields: ["name"])])
        #expect(FileManager.default.fileExists(atPath: mike.layout!.path(of: eggs)))

        // A one-shot `ours sync` in another process merges Sarah's edit before the watcher looks.
        let bread = try sarah.put(type: "item", id: "bread", fields: ["name": "Bread"])
        try otherProcess.sync()
        changes = poll(&watch).changes
        #expect(changes.map(\.origin) == [.folder])
        #expect(changes.map(\.change) == [RecordChange(key: bread, kind: .inserted, by: "Sarah", fields: ["name"])])
        #expect(poll(&watch).changes.isEmpty, "published once, not again when the watcher reads the file")
    }

    @Test func aVanishedFolderIsReportedOnceAndLosesNothing() throws {
        let (sarah, mike) = try world.couple()
        for name in ["Milk", "Eggs", "Bread"] {
            try sarah.put(type: "item", id: name.lowercased(), fields: ["name": .string(name)])
        }
        var watch = session(mike)
        _ = watch.poll()
        let before = try mike.replica.keys()
        #expect(before.count == 3)

        try world.unmount()
        var events: [WatchEvent] = []
        var backoffs: [Duration] = []
        var passes = 0
        for _ in 0..<40 {
            time.advance(.seconds(1))
            let outcome = watch.poll()
            events += outcome.events
            if outcome.passed { passes += 1 }
            if outcome.passed, let backoff = outcome.backoff { backoffs.append(backoff) }
        }
        #expect(events.folderOutages == 1, "told once, not every poll: \(events)")
        #expect(backoffs == [.seconds(2), .seconds(4), .seconds(8), .seconds(16), .seconds(30)], "passes back off, up to 30 s")
        #expect(passes < 40)

        // Meanwhile both people keep editing; the changes wait in their replicas.
        let tea = try mike.put(type: "item", id: "tea", fields: ["name": "Tea"])
        try sarah.put(type: "item", id: "milk", fields: ["qty": 2])
        let offline = poll(&watch)
        #expect(offline.changes.map(\.change.key) == [tea], "local changes are published even while offline")
        #expect(try mike.replica.pendingKeys() == [tea])

        try world.remount()
        var back: [WatchEvent] = []
        for _ in 0..<31 { back += poll(&watch) }
        #expect(back.count(of: .folderAvailable) == 1)
        #expect(back.folderOutages == 0)
        #expect(try mike.replica.pendingKeys().isEmpty, "the waiting change reached the folder")

        try sarah.sync()
        back += poll(&watch)
        #expect(
            back.changes.map(\.change) == [
                RecordChange(key: try RecordKey(type: "item", id: "milk"), kind: .updated, by: "Sarah", fields: ["qty"])
            ])
        for household in [sarah, mike] {
            let records = try household.list(type: "item")
            #expect(records.map(\.key.id) == ["bread", "eggs", "milk", "tea"], "nothing deleted anywhere")
        }
    }

    @Test func anInPlaceEditThatKeepsSizeAndTimeIsCaughtByTheRollingSweep() throws {
        let (sarah, mike) = try world.couple()
        let milk = try sarah.put(type: "item", id: "milk", fields: ["name": "Milk"])
        // Stat passes never come: only the rolling sweep can find the edit.
        let policy = WatchPolicy(statInterval: .seconds(86_400), sweepPeriod: .seconds(60), sliceInterval: .seconds(5))
        var watch = session(mike, policy)
        _ = watch.poll()
        #expect(try mike.get(milk)?.values["name"] == "Milk")

        let path = mike.layout!.path(of: milk)
        let fileSystem = LocalFileSystem()
        let stat = try #require(try fileSystem.stat(path))
        let text = String(decoding: try fileSystem.read(path, limit: 1 << 20), as: UTF8.self)
        try Data(text.replacingOccurrences(of: "\"Milk\"", with: "\"MILK\"").utf8).write(to: URL(fileURLWithPath: path))
        try fileSystem.setModified(path, nanos: stat.modifiedNanos)
        #expect(try fileSystem.stat(path)?.size == stat.size)

        var events: [WatchEvent] = []
        for _ in 0...PollSchedule(policy: policy).sliceCount { events += poll(&watch, after: .seconds(5)) }
        #expect(events.changes.map(\.change) == [RecordChange(key: milk, kind: .updated, by: "a hand edit", fields: ["name"])])
        #expect(try mike.get(milk)?.values["name"] == "MILK")
        #expect(events.problems.isEmpty)
    }

    @Test func aHalfWrittenFileIsNotReportedUntilItSettles() throws {
        let (_, mike) = try world.couple()
        var watch = session(mike, WatchPolicy(statInterval: .seconds(10)))
        _ = watch.poll()
        let path = mike.layout!.zone + "/records/item/zz/half.json"
        try FileManager.default.createDirectory(atPath: parentPath(path), withIntermediateDirectories: true)
        let handle = try writeInPlace(path, "{\"name\": \"Ha")

        var events = poll(&watch)
        #expect(events.problems.isEmpty, "young: a sync tool may still be writing it")
        try handle.write(contentsOf: Data("lf".utf8))  // still arriving, still broken
        events += poll(&watch)
        events += poll(&watch)
        #expect(events.problems.isEmpty, "it changed a second ago")
        #expect(watch.settling.count == 1)

        events = poll(&watch, after: .seconds(3))
        #expect(events.problems.map(\.kind) == [.brokenFile], "settled, and still broken: reported")
        #expect(events.problems.first?.path?.hasSuffix("records/item/zz/half.json") == true)
        for _ in 0..<15 { events += poll(&watch) }  // quick passes and a stat pass that reads it again
        #expect(events.problems.count == 1, "reported once while it stays broken")
        #expect(
            String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self) == "{\"name\": \"Half", "untouched")
        try handle.close()
    }

    @Test func aHalfWrittenFileThatCompletesIsMergedAndNeverReported() throws {
        let (_, mike) = try world.couple()
        var watch = session(mike)
        _ = watch.poll()
        let path = mike.layout!.zone + "/records/item/zz/bread.json"
        try FileManager.default.createDirectory(atPath: parentPath(path), withIntermediateDirectories: true)
        let handle = try writeInPlace(path, "{\"name\": ")
        var events = poll(&watch)
        try handle.write(contentsOf: Data("\"Bread\"}\n".utf8))
        try handle.close()
        events += poll(&watch)
        events += poll(&watch, after: .seconds(5))
        #expect(events.problems.isEmpty)
        #expect(events.changes.map(\.change.key.id) == ["bread"])
        #expect(watch.settling.count == 0)
    }

    /// Creates a file and keeps it open for appending, as a sync tool writing in place does.
    func writeInPlace(_ path: String, _ text: String) throws -> FileHandle {
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seekToEnd()
        return handle
    }
}
