import Foundation
import OursHousehold
import OursSync

extension Bench {
    /// `ours add Milk` on a household of `commandSize` records, process start to exit (release
    /// build). Before each run Milk is ticked off (untimed), so every run really puts it back on
    /// the list: a write to the replica, written through to the shared folder and flushed.
    /// Baseline: `ours --version`, the cost of starting the process at all.
    func command() throws {
        let count = options.commandSize
        progress("command: a household of \(grouped(count)) records for Alex")
        let alex = Device(home: joinPath(world.root, "alex"))
        _ = try alex.initialize(name: "Alex", email: nil)
        let household = try alex.createZone(name: "Alex's flat", folder: world.shared)
        _ = try World.generate(count, into: household, seed: options.seed &+ 1)
        let life = Household(household)

        let warmUp = try ours(["add", "Milk"], home: alex.home)
        guard warmUp.status == 0 else { throw BenchError("`ours add Milk` exited with \(warmUp.status)") }
        progress("command: \(options.commandRuns) runs of `ours add Milk` and of `ours --version`")
        var adds = Samples(), versions = Samples()
        for _ in 0..<options.commandRuns {
            _ = try life.check("Milk", on: GroceryList.defaultName)
            let add = try ours(["add", "Milk"], home: alex.home)
            guard add.status == 0 else { throw BenchError("`ours add Milk` exited with \(add.status)") }
            adds.append(add.wall)
            let version = try ours(["--version"], home: alex.home)
            guard version.status == 0 else { throw BenchError("`ours --version` exited with \(version.status)") }
            versions.append(version.wall)
        }
        let milk = try life.items(on: life.list(named: GroceryList.defaultName)).first { $0.name == "Milk" }
        if milk?.checked != false { report.fail("after `ours add Milk`, Milk is not on the list") }
        report.add(
            "One command: `ours add Milk` on \(grouped(count)) records, median of \(adds.count) (max \(adds.maximum.shown))",
            adds.median.shown, target: "≤ 50 ms", baseline: "`ours --version`: \(versions.median.shown)",
            met: adds.median <= .milliseconds(50))
    }
}
