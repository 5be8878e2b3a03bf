import Foundation
import OursSync
import OursTestSupport
import Testing

/// `ours add` of many items killed with SIGKILL at random moments: one command is one write,
/// so the device holds every item it named or none of them — never a part, as a crash between
/// two puts left before every household action went through `Zone.write`.
@Suite("End to end: a batch killed half way", .tags(.slow), .fullLoopOnly)
struct BatchCrashTests {
    @Test func aKilledAddLeavesEveryItemOrNone() throws {
        let world = World()
        let sarah = try world.household(members: [])[0]
        // How long an add of 40 items takes here: the kills land anywhere in it, and after.
        let (_, typical) = try sarah.timed(["add"] + (0..<40).map { "Warm up \($0)" })
        var random = SplitMix64(seed: 20_261_129)
        var (killed, whole, none) = (0, 0, 0)
        for round in 0..<24 {
            let names = (0..<40).map { "Round \(round) item \($0)" }
            let delay = typical * Double(random.next() % 1000) / 1000 * 1.2
            let outcome = try sarah.runKilled(["add"] + names, after: delay)
            if outcome.killed { killed += 1 }
            let onList = try sarah.run("list", "show", "--json").object
            let items = (onList["items"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
            let found = names.filter(items.contains).count
            if found == names.count { whole += 1 } else if found == 0 { none += 1 }
            #expect(
                found == 0 || found == names.count, "round \(round), killed \(outcome.killed) after \(delay) s: \(found) of 40")
        }
        print("batch crashes: \(killed) of 24 adds killed; \(whole) whole, \(none) with none")
        #expect(killed >= 6, "only \(killed) of 24 adds were killed before they finished")
        // What a kill kept from the folder goes there at the next sync; then all is well.
        try sarah.ok("sync")
        try sarah.ok("doctor")
    }
}
