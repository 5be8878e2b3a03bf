import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The household's folder moved away while a join's first sync reads it: the join says it is
/// unfinished (exit 5) instead of reporting the few records it read as the household, and the
/// same `ours join` run once the folder is back finishes it, as after Ctrl-C.
@Suite("End to end: a join whose folder goes away mid-way", .tags(.slow), .fullLoopOnly)
struct JoinFolderVanishesTests {
    static let records = 5000

    @Test func theJoinSaysItIsUnfinishedAndTheSameJoinFinishesItOnceTheFolderIsBack() throws {
        let world = World()
        let sarah = try world.household(members: [])[0]
        let lines = (0..<Self.records).map { #"{"name": "item \#($0)"}"# }.joined(separator: "\n")
        try sarah.ok("record", "import", "item", "-", "--quiet", input: lines)
        let code = try sarah.ok("invite", "--json").object["code"] as? String ?? ""
        let folder = world.zone
        let away = world.root + "/moved-away"
        let mike = try world.device("Mike")
        let marker = {
            ((try? FileManager.default.contentsOfDirectory(atPath: mike.home)) ?? []).contains { $0.hasPrefix("first-sync-") }
        }

        let running = try RunningOurs(mike, "join", code, "--folder", world.shared)
        // Held still once Mike is a member and his device has taken in some records, not all;
        // the folder moves away meanwhile, then the join goes on.
        let reading = { marker() && InterruptionTests.fileCount(under: mike.home + "/replicas") > 100 }
        #expect(InterruptionTests.wait(for: reading), "the join never began its first sync")
        running.send(SIGSTOP)
        let taken = InterruptionTests.fileCount(under: mike.home + "/replicas")
        try FileManager.default.moveItem(atPath: folder, toPath: away)
        running.send(SIGCONT)
        let status = running.waitForExit()
        #expect(taken < Self.records, "stopped part way: \(taken) record files")
        #expect(status == 5, "the folder went away: \(running.output) \(running.errorOutput)")
        #expect(running.errorOutput.contains("joining Home is unfinished"), "\(running.errorOutput)")
        #expect(running.errorOutput.contains("run the same `ours join` again"), "\(running.errorOutput)")
        #expect(!running.output.joined().contains("Joined"), "\(running.output)")
        #expect(marker(), "the first sync is still owed")

        try FileManager.default.moveItem(atPath: away, toPath: folder)
        let again = try mike.ok("join", code, "--folder", world.shared)
        #expect(again.stdout.contains("Finished joining Home as a read-write member: \(Self.records) record(s)."), "\(again)")
        #expect(!marker())
        #expect(try mike.ids("item").count == Self.records)
        let third = try mike.ok("join", code, "--folder", world.shared)
        #expect(third.stdout.contains("already a member"), "\(third.stdout)")
    }
}
