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
    /// `tamper` runs just before the checks, `beforeQuiet` just before the write-loop detector
    /// (both for tests of the checker itself).
    static func run(
        _ plan: SimPlan, tamper: ((SimWorld) -> Void)? = nil, beforeQuiet: ((SimWorld) -> Void)? = nil
    ) -> Outcome {
        let world = SimWorld(plan: plan)
        world.setUp()
        for (index, op) in plan.ops.enumerated() {
            world.step = index
            world.perform(op)
        }
        world.heal()
        beforeQuiet?(world)
        if world.failures.isEmpty { world.verifyQuiet() }
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

    /// A failure's report: the seed, what broke, the minimized trace, how to replay it; the
    /// full report (every failure, the whole trace) goes to `file`. ASCII only: `swift test`
    /// drops any chunk of a test's output that splits a multi-byte character.
    static func report(_ failing: Outcome, shrunk: Outcome, runs: Int, file: String?) -> String {
        let plan = failing.plan
        var lines = [
            "Simulation seed \(plan.seed) failed (generator \(plan.generator.rawValue), \(plan.deviceCount) devices, \(plan.ops.count) steps):"
        ]
        lines += failing.failures.prefix(8).map { "  " + $0 }
        lines.append(
            "Minimized trace (\(shrunk.plan.deviceCount) devices, \(shrunk.plan.ops.count) of \(plan.ops.count) steps, "
                + "\(runs) shrink runs) fails with:")
        lines += shrunk.failures.prefix(4).map { "  " + $0 }
        lines += shrunk.log.map { "    " + $0 }
        lines.append(
            "Replay: OURS_SIM_GENERATOR=\(plan.generator.rawValue) OURS_SIM_FIRST_SEED=\(plan.seed) OURS_SIM_SEEDS=1 "
                + "swift test --filter ConvergenceSimulationTests")
        lines.append(
            "Then add \(plan.seed) to the \(plan.generator.rawValue) seeds in Tests/OursSyncTests/Simulation/RegressionSeeds.swift."
        )
        if let file { lines.append("Full report (every failure, the whole trace): \(file)") }
        return ascii(lines.joined(separator: "\n"))
    }

    /// Every failure and the whole trace of the failing run, before the minimized one.
    static func fullReport(_ failing: Outcome, shrunk: Outcome, runs: Int) -> String {
        var lines = ["Every failure of seed \(failing.plan.seed):"] + failing.failures.map { "  " + $0 }
        lines.append("The whole trace:")
        lines += failing.log.map { "    " + $0 }
        lines.append("")
        return ascii(lines.joined(separator: "\n")) + "\n" + report(failing, shrunk: shrunk, runs: runs, file: nil) + "\n"
    }

    /// Text with every character outside ASCII spelt in ASCII (`->`, `...`, `\u{...}`).
    static func ascii(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case _ where scalar.isASCII: result.unicodeScalars.append(scalar)
            case "\u{2192}": result += "->"
            case "\u{2026}": result += "..."
            case "\u{2205}": result += "(none)"
            default: result += "\\u{" + String(scalar.value, radix: 16) + "}"
            }
        }
        return result
    }

    /// How many runs shrinking a failure may take: `OURS_SIM_SHRINK_RUNS` (default 300, 0 for none).
    static let shrinkRuns = ProcessInfo.processInfo.environment["OURS_SIM_SHRINK_RUNS"].flatMap(Int.init) ?? 300

    /// How long shrinking may take: `OURS_SIM_SHRINK_SECONDS` (default 60).
    static let shrinkSeconds = ProcessInfo.processInfo.environment["OURS_SIM_SHRINK_SECONDS"].flatMap(Double.init) ?? 60

    /// Runs one seed with a generator; on failure, returns the shrunk report (the full one is
    /// written to a file in the temporary directory, which the report names).
    static func check(seed: UInt64, generator: SimPlan.Generator = .fromEnvironment) -> (Outcome, String?) {
        let outcome = run(SimPlan.make(seed: seed, generator: generator))
        guard !outcome.failures.isEmpty else { return (outcome, nil) }
        let (shrunk, runs) = shrink(outcome, maximumRuns: shrinkRuns, seconds: shrinkSeconds)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ours-sim-\(generator.rawValue)-seed-\(seed).txt")
        let written = (try? Data(fullReport(outcome, shrunk: shrunk, runs: runs).utf8).write(to: file)) != nil
        return (outcome, report(outcome, shrunk: shrunk, runs: runs, file: written ? file.path : nil))
    }
}
