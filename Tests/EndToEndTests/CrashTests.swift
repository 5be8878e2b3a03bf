import Foundation
import OursSync
import Testing

/// `ours` killed with SIGKILL at random moments while it imports, merges and writes 1,000
/// records: no file is ever torn, nothing acknowledged is lost, leftover temporary files are
/// ignored and cleaned up, and the devices converge afterwards.
///
/// `OURS_CRASH_KILLS` (default 200) sets how many kills; `OURS_CRASH_SEED` the seed. The seed
/// fixes every choice the test makes (rounds, delays, conflict copies); where in its work a
/// command is when the kill arrives also depends on the machine's speed, and the figures
/// printed at the end say where the kills landed.
@Suite("End to end: crashes", .tags(.slow), .fullLoopOnly)
struct CrashTests {
    static let environment = ProcessInfo.processInfo.environment

    @Test func killedCommandsNeitherTearNorLoseRecords() async throws {
        let kills = Int(Self.environment["OURS_CRASH_KILLS"] ?? "") ?? 200
        let seed = UInt64(Self.environment["OURS_CRASH_SEED"] ?? "") ?? 20_261_122
        let lanes = 2  // independent worlds, side by side
        let figures = try await withThrowingTaskGroup(of: CrashFigures.self) { group in
            for lane in 0..<lanes {
                group.addTask {
                    let crashes = CrashLane(lane: lane, seed: seed &+ UInt64(lane), records: 1000)
                    try crashes.run(kills: (kills + lanes - 1) / lanes)
                    return crashes.figures
                }
            }
            var total = CrashFigures()
            for try await figures in group { total.add(figures) }
            return total
        }
        print("seed \(seed)\n" + figures.summary)
        #expect(figures.totalKills >= kills, "only \(figures.totalKills) of \(kills) runs were killed before they finished")
        #expect(figures.torn == 0 && figures.lost == 0)
    }

    /// What an interrupted write leaves (`.ours-<random>.tmp`) is never read, reported or
    /// merged; a sync removes it from the device's state directory at once and from the shared
    /// folder once it is ten minutes old (younger, it may be another device's write in
    /// progress); `ours doctor` counts the stale ones and `--fix` removes them.
    @Test func leftoverTemporaryFilesAreIgnoredAndCleanedUp() throws {
        let world = World()
        let (sarah, mike) = try world.sarahAndMike()
        let torn = #"{"_ours": {"id": "milk", "type": "item"}, "name": "Sour mi"#
        let shard = world.recordDirectory(type: "item", id: "milk")
        let replicaShard = (try sarah.replicaPath(type: "item", id: "milk") as NSString).deletingLastPathComponent
        let replica = (try sarah.replicaRecords() as NSString).deletingLastPathComponent
        let inHome = [
            replicaShard + "/.ours-aaaaaaaaaaaa.tmp", replica + "/outbox/.ours-bbbbbbbbbbbb.tmp",
            sarah.home + "/.ours-cccccccccccc.tmp",
        ]
        let young = [shard + "/.ours-dddddddddddd.tmp", world.zone + "/.ours-eeeeeeeeeeee.tmp"]
        let stale = [shard + "/.ours-ffffffffffff.tmp", world.zone + "/.ours-gggggggggggg.tmp"]
        for path in inHome + young + stale { world.write(path, torn) }
        for path in stale { backdate(path, seconds: 11 * 60) }

        // Never read, reported or merged.
        #expect(try sarah.get("item", "milk")["name"] as? String == "Milk")
        let sync = try sarah.ok("sync", "--json").object
        #expect((sync["problems"] as? [Any])?.isEmpty == true, "\(sync)")
        #expect(sync["filesRead"] as? Int == 1 && sync["handEdits"] as? Int == 0, "only milk.json is a record: \(sync)")
        // Gone from the state directory and, when stale, from the folder; young ones stay.
        #expect(inHome.allSatisfy { !world.exists($0) })
        #expect(stale.allSatisfy { !world.exists($0) })
        #expect(young.allSatisfy { world.exists($0) })
        let mikes = try mike.ok("sync", "--json").object
        #expect((mikes["problems"] as? [Any])?.isEmpty == true, "\(mikes)")
        #expect(young.allSatisfy { world.exists($0) })

        // `doctor` counts only the stale ones; `--fix` removes them.
        #expect(try sarah.ok("doctor", "--json").object["staleTemporaryFiles"] as? Int == 0)
        for path in young { backdate(path, seconds: 11 * 60) }
        let doctor = try sarah.run("doctor", "--json").object
        #expect(doctor["staleTemporaryFiles"] as? Int == 2 && doctor["healthy"] as? Bool == false, "\(doctor)")
        try sarah.ok("doctor", "--fix", "--json")
        #expect(young.allSatisfy { !world.exists($0) })
        #expect(try sarah.ok("doctor", "--json").object["healthy"] as? Bool == true)
        #expect(try mike.get("item", "milk")["name"] as? String == "Milk")
    }
}
