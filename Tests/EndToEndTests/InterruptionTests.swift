import Foundation
import OursTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Ctrl-C (SIGINT sent to the built binary) in the middle of a long command, then the same
/// command again: it finishes, and nothing is there twice.
@Suite("End to end: interrupted and run again", .tags(.slow), .fullLoopOnly)
struct InterruptionTests {
    static let lines = 5000

    /// JSON Lines of `lines` items, some lines identical (they stay distinct records).
    static func itemsFile(in world: World) throws -> String {
        let path = world.root + "/items.jsonl"
        let text = (0..<lines).map { #"{"name": "item \#($0 % (lines - 100))", "qty": 1}"# }.joined(separator: "\n")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Files under a directory, counted (the folder's record files, a replica's).
    static func fileCount(under path: String) -> Int {
        (FileManager.default.enumerator(atPath: path)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".json") }.count
    }

    /// Waits (up to two minutes) until `condition` holds.
    static func wait(for condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(120)
        while Date() < deadline {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return false
    }

    @Test func anImportStoppedByCtrlCFinishesWhenRunAgainWithEachLineOnce() throws {
        let world = World()
        let sarah = try world.household(members: [])[0]
        let file = try Self.itemsFile(in: world)
        let running = try RunningOurs(sarah, "record", "import", "item", file)
        #expect(Self.wait { Self.fileCount(under: world.zone + "/records/item") > 0 }, "the import never wrote a record")
        let status = running.signal(SIGINT)
        #expect(status == 130, "\(running.errorOutput)")
        let said = running.errorOutput
        #expect(said.contains("interrupted after "), "\(said)")
        #expect(said.contains(" of \(Self.lines); run the same command to finish"), "\(said)")
        let partial = try sarah.ids("item").count
        #expect(partial > 0 && partial < Self.lines, "stopped part way: \(partial)")

        let again = try sarah.ok("record", "import", "item", file, "--json")
        #expect(again.object["unchanged"] as? Int == partial, "\(again.stdout)")
        #expect(again.object["written"] as? Int == Self.lines - partial)
        #expect(try sarah.ids("item").count == Self.lines, "each line one record, identical lines included")
        // A third run, by mistake: nothing added, nothing rewritten.
        let third = try sarah.ok("record", "import", "item", file, "--json")
        #expect(third.object["unchanged"] as? Int == Self.lines && third.object["written"] as? Int == 0)
        #expect(try sarah.ids("item").count == Self.lines)
        #expect(Self.fileCount(under: world.zone + "/records/item") == Self.lines, "every record reached the folder")
    }

    @Test func aJoinStoppedByCtrlCDuringItsFirstSyncIsFinishedByTheSameJoin() throws {
        let world = World()
        let sarah = try world.household(members: [])[0]
        try sarah.ok("record", "import", "item", try Self.itemsFile(in: world), "--quiet")
        let code = try sarah.ok("invite", "--uses", "1", "--json").object["code"] as? String ?? ""
        let mike = try world.device("Mike")
        let running = try RunningOurs(mike, "join", code, "--folder", world.shared)
        let marker: () -> Bool = {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: mike.home)) ?? []
            return names.contains { $0.hasPrefix("first-sync-") }
        }
        // Stopped once Mike is a member and his device has taken in some records, not all.
        let merging = { marker() && Self.fileCount(under: mike.home + "/replicas") > 100 }
        #expect(Self.wait(for: merging), "the join never began its first sync")
        let status = running.signal(SIGINT)
        #expect(status == 130, "\(running.errorOutput)")
        #expect(running.errorOutput.contains("run the same command to finish"), "\(running.errorOutput)")
        #expect(marker(), "the first sync is still owed")

        let again = try mike.ok("join", code, "--folder", world.shared, "--json")
        #expect(again.object["resumed"] as? Bool == true, "\(again.stdout)")
        #expect(again.object["alreadyMember"] as? Bool == false)
        #expect(again.object["records"] as? Int == Self.lines)
        #expect(!marker())
        #expect(try mike.ids("item").count == Self.lines)
        let third = try mike.ok("join", code, "--folder", world.shared)
        #expect(third.stdout.contains("already a member"), "\(third.stdout)")
    }

    @Test func progressGoesNowhereWhenPiped() throws {
        let world = World()
        let sarah = try world.household(members: [])[0]
        let imported = try sarah.ok("record", "import", "item", try Self.itemsFile(in: world))
        #expect(imported.stderr.isEmpty, "\(imported.stderr)")
        #expect(imported.stdout == "Imported \(Self.lines) item record(s).\n")
    }
}
