import Foundation

@testable import OursSync

/// Runs a seed's plan, and when it fails, shrinks it to a short trace that still fails.
enum Simulator {
    struct Outcome {
        var plan: SimPlan
        var failures: [String]
        var log: [String]
        var writes: Int
        /// Counts of what happened: conflict copies, half-writes, joins, unmounts, ….
        var events: [String: Int]

        /// The kind of the first failure (`loss`, `divergence`, …), what shrinking preserves.
        var category: String? { failures.first.map { String($0.prefix { $0 != ":" }) } }
    }

    /// Runs a plan on a fresh world: setup, every step, healing, then the checks.
    /// `tamper` runs just before the checks (for tests of the checker itself).
    static func run(_ plan: SimPlan, tamper: ((SimWorld) -> Void)? = nil) -> Outcome {
        let world = SimWorld(plan: plan)
        world.setUp()
        for (index, op) in plan.ops.enumerated() {
            world.step = index
            world.perform(op)
        }
        world.heal()
        tamper?(world)
        world.verify()
        let tool = world.tool.stats
        var events = world.events
        for (name, value) in [
            ("toolVersions", tool.versions), ("deliveries", tool.deliveries), ("conflictCopies", tool.conflictCopies),
            ("halfWrites", tool.halfWrites), ("drops", tool.drops), ("duplicates", tool.duplicates),
            ("rollbacks", tool.rollbacks),
        ] {
            events[name] = value
        }
        return Outcome(plan: plan, failures: world.failures, log: world.log, writes: world.ledger.writes.count, events: events)
    }

    /// Shrinks a failing plan: fewer devices, then fewer steps (halves, quarters, … single
    /// steps), keeping each cut while the failure keeps its kind. Bounded in runs and time.
    static func shrink(_ failing: Outcome, maximumRuns: Int = 300, seconds: Double = 60) -> (Outcome, runs: Int) {
        let deadline = Date().addingTimeInterval(seconds)
        var best = failing
        var runs = 0
        func tryPlan(_ plan: SimPlan) -> Bool {
            guard runs < maximumRuns, Date() < deadline else { return false }
            runs += 1
            let outcome = run(plan)
            guard outcome.category == failing.category else { return false }
            best = outcome
            return true
        }
        for count in 2..<failing.plan.deviceCount where tryPlan(failing.plan.limited(toDevices: count)) { break }
        var chunk = max(1, best.plan.ops.count / 2)
        while chunk >= 1, runs < maximumRuns, Date() < deadline {
            var start = 0
            var removedAny = false
            while start < best.plan.ops.count {
                var candidate = best.plan
                candidate.ops.removeSubrange(start..<min(start + chunk, candidate.ops.count))
                if tryPlan(candidate) { removedAny = true } else { start += chunk }
            }
            if chunk == 1 && !removedAny { break }  // no single step can go: minimal
            chunk = max(1, chunk / 2)
        }
        return (best, runs)
    }

    /// A failure's report: the seed, what broke, the minimized trace, how to replay it.
    static func report(_ failing: Outcome, shrunk: Outcome, runs: Int) -> String {
        let seed = failing.plan.seed
        var lines = [
            "Simulation seed \(seed) failed (\(failing.plan.deviceCount) devices, \(failing.plan.ops.count) steps):"
        ]
        lines += failing.failures.prefix(8).map { "  " + $0 }
        lines.append(
            "Minimized trace (\(shrunk.plan.deviceCount) devices, \(shrunk.plan.ops.count) of \(failing.plan.ops.count) steps, "
                + "\(runs) shrink runs) fails with:")
        lines += shrunk.failures.prefix(4).map { "  " + $0 }
        lines += shrunk.log.map { "    " + $0 }
        lines.append("Replay: OURS_SIM_FIRST_SEED=\(seed) OURS_SIM_SEEDS=1 swift test --filter ConvergenceSimulationTests")
        lines.append("Then add \(seed) to Tests/OursSyncTests/Simulation/RegressionSeeds.swift.")
        return lines.joined(separator: "\n")
    }

    /// How many runs shrinking a failure may take: `OURS_SIM_SHRINK_RUNS` (default 300, 0 for none).
    static let shrinkRuns = ProcessInfo.processInfo.environment["OURS_SIM_SHRINK_RUNS"].flatMap(Int.init) ?? 300

    /// How long shrinking may take: `OURS_SIM_SHRINK_SECONDS` (default 60).
    static let shrinkSeconds = ProcessInfo.processInfo.environment["OURS_SIM_SHRINK_SECONDS"].flatMap(Double.init) ?? 60

    /// Runs one seed; on failure, returns the shrunk report.
    static func check(seed: UInt64) -> (Outcome, String?) {
        let outcome = run(SimPlan.make(seed: seed))
        guard !outcome.failures.isEmpty else { return (outcome, nil) }
        let (shrunk, runs) = shrink(outcome, maximumRuns: shrinkRuns, seconds: shrinkSeconds)
        return (outcome, report(outcome, shrunk: shrunk, runs: runs))
    }
}
