import Foundation
import Testing

@testable import OursSync

/// A quick pass trusts the index for folders and inodes that did not change, and a program
/// that writes a file in place changes neither. Write-back reads a file it did not read before
/// replacing it: what changed there is merged, never written over.
@Suite("Write-back reads a file before replacing it")
struct WriteBackVerifyTests {
    let world = SharedFolderWorld()
    let time = ManualTime()

    /// Mike's watcher has indexed milk's file; a person edits it in place; a local change to
    /// milk waits in the outbox (its write-through did not happen); the next quick pass writes it.
    func editInPlaceThenChangeLocally(
        _ edit: (String) -> String
    ) throws -> (mike: Zone, milk: RecordKey, path: String, watch: WatchSession, outcome: WatchSession.Outcome) {
        let (sarah, mike) = try world.couple()
        let milk = try sarah.put(type: "item", id: "milk", fields: ["name": "Milk", "qty": "2"])
        var watch = WatchSession(household: mike, policy: WatchPolicy(), now: time.now)
        _ = watch.poll()  // the first sweep: the index knows milk's file
        let path = try #require(mike.layout?.path(of: milk))
        let text = String(decoding: try #require(FileManager.default.contents(atPath: path)), as: UTF8.self)
        let inode = try #require(try LocalFileSystem().stat(path)).inode
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data(edit(text).utf8))
        try handle.close()
        #expect(try LocalFileSystem().stat(path)?.inode == inode, "written in place")

        var state = try #require(try mike.replica.load(milk))
        try mike.device.withLock { () throws(OursError) in
            state.write(["note": "from app"], at: try mike.device.stamp())
            try mike.saveLocalChange(state)
        }
        time.advance(.seconds(1))
        let outcome = watch.poll()  // a quick pass: the shard folder did not change
        return (mike, milk, path, watch, outcome)
    }

    @Test func aFileEditedInPlaceIsMergedBeforeTheQuickPassReplacesIt() throws {
        let (mike, milk, path, _, outcome) = try editInPlaceThenChangeLocally {
            $0.replacingOccurrences(of: #""qty": "2""#, with: #""qty": "3""#)
        }
        let bytes = Array(try #require(FileManager.default.contents(atPath: path)))
        let file = try RecordFile.decode(bytes, fallbackType: nil, fallbackID: nil, modifiedMillis: 0)
        #expect(file.handEditedFields.isEmpty, "written back in canonical form")
        #expect(file.state.values["qty"] == "3", "the hand edit is kept")
        #expect(file.state.values["note"] == "from app", "and the local change written")
        #expect(try mike.get(milk)?.values["qty"] == "3")
        #expect(try mike.replica.pendingKeys().isEmpty)
        let changes = outcome.events.flatMap { event -> [RecordChange] in
            if case .changes(let set) = event { return set.changes }
            return []
        }
        #expect(changes.contains { $0.key == milk && $0.fields.contains("qty") }, "the hand edit is published: \(changes)")
    }

    @Test func aFileBrokenInPlaceIsLeftAloneAndReported() throws {
        var (mike, milk, path, watch, outcome) = try editInPlaceThenChangeLocally {
            $0.replacingOccurrences(of: #""qty": "2""#, with: #""qty": 3,,"#)
        }
        var events = outcome.events
        time.advance(.seconds(3))  // past the time a sync tool may take to finish writing it
        events += watch.poll().events
        let text = String(decoding: try #require(FileManager.default.contents(atPath: path)), as: UTF8.self)
        #expect(text.contains(#""qty": 3,,"#), "the person's bytes are still there")
        #expect(try mike.replica.pendingKeys() == [milk], "the local change waits")
        let problems = events.compactMap { event -> Problem? in
            if case .problem(let problem) = event { return problem }
            return nil
        }
        #expect(problems.contains { $0.kind == .brokenFile && $0.path?.hasSuffix("milk.json") == true }, "\(problems)")
    }

    /// Write-through merges a hand edit too, stamped from the file's time as every device
    /// stamps it, instead of leaving the change to a later pass.
    @Test func writeThroughMergesAHandEditStampedFromTheFile() throws {
        let (sarah, _) = try world.couple()
        let milk = try sarah.put(type: "item", id: "milk", fields: ["name": "Milk", "qty": "2"])
        let path = try #require(sarah.layout?.path(of: milk))
        let text = String(decoding: try #require(FileManager.default.contents(atPath: path)), as: UTF8.self)
        try Data(text.replacingOccurrences(of: #""qty": "2""#, with: #""qty": "3""#).utf8).write(to: URL(fileURLWithPath: path))
        let seconds = Int64(Date().timeIntervalSince1970) + 60  // later than any stamp in the file
        let edited = Date(timeIntervalSince1970: TimeInterval(seconds))
        try FileManager.default.setAttributes([.modificationDate: edited], ofItemAtPath: path)

        try sarah.put(type: "item", id: "milk", fields: ["note": "from app"])
        let bytes = Array(try #require(FileManager.default.contents(atPath: path)))
        let file = try RecordFile.decode(bytes, fallbackType: nil, fallbackID: nil, modifiedMillis: 0)
        #expect(file.handEditedFields.isEmpty)
        #expect(file.state.values["qty"] == "3" && file.state.values["note"] == "from app")
        let stamp = try #require(file.state.fields["qty"]?.winner.stamp)
        #expect(stamp.device.isHandEdit && stamp.millis == seconds * 1000, "\(stamp)")
        #expect(try sarah.replica.pendingKeys().isEmpty && sarah.replica.deliveredKeys() == [milk])
    }
}
