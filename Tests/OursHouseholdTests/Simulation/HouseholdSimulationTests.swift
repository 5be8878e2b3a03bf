import Foundation
import OursTestSupport
import Testing

/// The household simulation (`HouseholdSimWorld`): a few fixed seeds in the quick loop, 30 more
/// (10,000 on) in the full one. `OURS_HOUSEHOLD_SIM_SEEDS` and `OURS_HOUSEHOLD_SIM_FIRST_SEED`
/// pick others (a soak: many seeds from a start never run before);
/// a failing seed replays with `OURS_HOUSEHOLD_SIM_FIRST_SEED=N OURS_HOUSEHOLD_SIM_SEEDS=1`.
@Suite("Simulation: household")
struct HouseholdSimulationTests {
    static func check(_ seed: UInt64) -> (failures: [String], report: String, events: [String: Int]) {
        let world = HouseholdSimWorld(seed: seed)
        world.run()
        var events = world.events
        events["devices"] = world.devices.count
        events["steps"] = world.log.count
        let tool = world.tool.stats
        for (name, value) in [
            ("conflictCopies", tool.conflictCopies), ("halfWrites", tool.halfWrites), ("drops", tool.drops),
            ("duplicates", tool.duplicates), ("rollbacks", tool.rollbacks),
        ] {
            events[name] = value
        }
        let counts = events.keys.sorted().map { "\($0)=\(events[$0]!)" }.joined(separator: " ")
        guard !world.failures.isEmpty else { return ([], counts, events) }
        let lines =
            ["Household simulation seed \(seed) failed (\(world.devices.count) devices):"]
            + world.failures.prefix(8).map { "  " + $0 } + ["Trace:"] + world.log.map { "    " + $0 }
            + [
                "Replay: OURS_HOUSEHOLD_SIM_FIRST_SEED=\(seed) OURS_HOUSEHOLD_SIM_SEEDS=1 swift test --filter HouseholdSimulationTests"
            ]
        return (world.failures, lines.joined(separator: "\n"), events)
    }

    /// Seeds that once failed (1-4: views compared as dictionary descriptions; 3056: a removed
    /// member's write stamped before the removal taken for an ignored one; 410514: a deleted
    /// list kept in view by a tampered device's own ignored item; 410673: an ignored add that
    /// another member ticked read as an item on no list), and seeds that
    /// reach the rarer steps: 1011 a read-only member who made their state read-write and wrote
    /// (their own device keeps it), 1013 a late join, a departure, a removal and a list delete,
    /// 1003 two removals and the removed members' writes. They run in the quick loop too.
    static let fixedSeeds: [UInt64] = [1, 2, 3, 4, 1003, 1011, 1013, 3056, 410514, 410673]

    @Test("fixed seeds", arguments: fixedSeeds)
    func fixedSeed(_ seed: UInt64) async {
        let (failures, report, _) = await SimulationThreads.run { HouseholdSimulationTests.check(seed) }
        if !failures.isEmpty { Issue.record(Comment(rawValue: report)) }
    }

    static let batches: [ClosedRange<UInt64>] = {
        let environment = ProcessInfo.processInfo.environment
        let count = environment["OURS_HOUSEHOLD_SIM_SEEDS"].flatMap(UInt64.init) ?? 30
        let first = environment["OURS_HOUSEHOLD_SIM_FIRST_SEED"].flatMap(UInt64.init) ?? 10_000
        let size: UInt64 = max(1, min(10, count / 6))
        return stride(from: UInt64(0), to: count, by: Int(size)).map { first + $0...first + min($0 + size, count) - 1 }
    }()

    @Test("random seeds", .tags(.slow), .fullLoopOnly, arguments: batches)
    func randomSeeds(_ seeds: ClosedRange<UInt64>) async {
        var failed: [UInt64] = []
        var totals: [String: Int] = [:]
        for seed in seeds {
            let (failures, report, events) = await SimulationThreads.run { HouseholdSimulationTests.check(seed) }
            totals.merge(events, uniquingKeysWith: +)
            if !failures.isEmpty {
                failed.append(seed)
                Issue.record(Comment(rawValue: report))
            }
        }
        let counts = totals.keys.sorted().map { "\($0)=\(totals[$0]!)" }.joined(separator: " ")
        print(
            "HOUSEHOLD-SIM-SUMMARY seeds=\(seeds.count) range=\(seeds.lowerBound)-\(seeds.upperBound) failures=\(failed.count) "
                + "failedSeeds=\(failed.map(String.init).joined(separator: ",")) \(counts)")
    }
}
