import Foundation
import OursTestSupport
import Testing

@testable import OursSync

extension Tag {
    /// The convergence simulator: many seeded runs of devices, a sync tool and faults.
    @Tag static var simulation: Self
}

/// A batch of consecutive seeds, run by one test case (batches run in parallel).
struct SeedBatch: Sendable, CustomTestStringConvertible {
    var first: UInt64
    var count: Int
    var testDescription: String { "seeds \(first)...\(first + UInt64(count) - 1)" }
}

@Suite("Simulation: convergence", .tags(.simulation, .slow), .fullLoopOnly)
struct ConvergenceSimulationTests {
    /// `OURS_SIM_SEEDS` (default 200) seeds from `OURS_SIM_FIRST_SEED` (default 1).
    static let batches: [SeedBatch] = {
        let environment = ProcessInfo.processInfo.environment
        let count = environment["OURS_SIM_SEEDS"].flatMap(Int.init) ?? 200
        let first = environment["OURS_SIM_FIRST_SEED"].flatMap(UInt64.init) ?? 1
        let size = max(1, min(10, count / 8))
        return stride(from: 0, to: count, by: size).map { SeedBatch(first: first + UInt64($0), count: min(size, count - $0)) }
    }()

    /// Each seed runs on the simulation threads, off Swift's cooperative pool: the seeds keep
    /// every core busy for minutes, and other suites' tests (some await a watcher) must still
    /// get their turn.
    @Test("random seeds", arguments: batches)
    func randomSeeds(_ batch: SeedBatch) async {
        var operations = 0
        var devices = 0
        var writes = 0
        var failed: [UInt64] = []
        var events: [String: Int] = [:]
        for seed in batch.first..<(batch.first + UInt64(batch.count)) {
            let (outcome, report) = await SimulationThreads.run { Simulator.check(seed: seed) }
            operations += outcome.plan.ops.count
            devices += outcome.plan.deviceCount
            writes += outcome.writes
            events.merge(outcome.events, uniquingKeysWith: +)
            if let report {
                failed.append(seed)
                Issue.record(Comment(rawValue: report))
            }
        }
        let counts = events.keys.sorted().map { "\($0)=\(events[$0]!)" }.joined(separator: " ")
        // One ASCII line per batch, for Scripts/soak.sh to add up; the failing seeds listed.
        print(
            "SIM-SUMMARY seeds=\(batch.count) operations=\(operations) devices=\(devices) writes=\(writes) "
                + "failures=\(failed.count) \(counts) failedSeeds=\(failed.map(String.init).joined(separator: ","))"
        )
    }

    @Test("regression seeds", arguments: RegressionSeeds.seeds)
    func regressionSeed(_ regression: RegressionSeed) async {
        let (_, report) = await SimulationThreads.run { Simulator.check(seed: regression.seed, generator: regression.generator) }
        if let report { Issue.record(Comment(rawValue: report)) }
    }
}
