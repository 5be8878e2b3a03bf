import Foundation
import Testing

@testable import OursSync

/// Which hints tell of something the watcher has not seen: judged against the folder index
/// its last pass left.
@Suite("Change hints: stale or news")
struct HintVerdictTests {
    let world = SharedFolderWorld()
    let time = ManualTime()

    func hint(_ key: RecordKey) -> ChangeHint {
        let relative = "records/" + ZoneLayout.relativePath(of: key)
        return ChangeHint(folder: parentPath(relative), name: lastComponent(relative))
    }

    func judge(_ session: WatchSession, _ hints: Set<ChangeHint>, overflowed: Bool = false) -> HintVerdict {
        session.judge(HintInbox.Batch(hints: hints, overflowed: overflowed))
    }

    @Test func whatThePassAlreadySawOrWroteIsStale() throws {
        let (sarah, mike) = try world.couple()
        let milk = try sarah.put(type: "item", id: "milk", fields: ["name": "Milk"])
        var session = WatchSession(household: mike, policy: WatchPolicy(), now: time.now)
        #expect(judge(session, [hint(milk)]) == HintVerdict(look: true), "no pass yet: nothing to compare with")
        _ = session.poll()
        #expect(judge(session, [hint(milk)]) == HintVerdict(), "merged by the pass")

        // The pass writes a missing file back: the hint its rename raises is stale.
        try FileManager.default.removeItem(atPath: mike.layout!.path(of: milk))
        #expect(judge(session, [hint(milk)]) == HintVerdict(look: true), "gone: news")
        time.advance(.seconds(1))
        _ = session.poll()
        #expect(FileManager.default.fileExists(atPath: mike.layout!.path(of: milk)))
        #expect(judge(session, [hint(milk)]) == HintVerdict())

        let notRecords: Set<ChangeHint> = [
            ChangeHint(folder: hint(milk).folder, name: "notes.txt"), ChangeHint(folder: "", name: "README"),
            ChangeHint(folder: hint(milk).folder, name: "never-existed.json"),
        ]
        try Data("x".utf8).write(to: URL(fileURLWithPath: mike.layout!.zone + "/" + hint(milk).folder + "/notes.txt"))
        #expect(judge(session, notRecords) == HintVerdict(), "files no pass reads, and files already gone")
    }

    @Test func newFilesFoldersAndInPlaceWritesAreNews() throws {
        let (sarah, mike) = try world.couple()
        let milk = try sarah.put(type: "item", id: "milk", fields: ["name": "Milk"])
        var session = WatchSession(household: mike, policy: WatchPolicy(), now: time.now)
        _ = session.poll()

        let eggs = try sarah.put(type: "item", id: "eggs", fields: ["name": "Eggs"])
        #expect(judge(session, [hint(eggs)]).look)

        let path = mike.layout!.path(of: milk)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("\n".utf8))
        try handle.close()
        #expect(judge(session, [hint(milk)]) == HintVerdict(look: true, reread: [hint(milk).folder]), "same inode: read it")

        try FileManager.default.createDirectory(atPath: mike.layout!.records + "/task", withIntermediateDirectories: true)
        #expect(judge(session, [ChangeHint(folder: "records", name: "task")]).look)
        #expect(judge(session, [ChangeHint(folder: "records/item", name: nil)]).look, "a folder removed or moved")
        #expect(judge(session, [ChangeHint(folder: "", name: "participants.json")]).look)
        #expect(judge(session, [hint(eggs)], overflowed: true) == HintVerdict(full: true))
    }
}
