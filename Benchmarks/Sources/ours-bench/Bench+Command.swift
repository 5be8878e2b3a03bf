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
        try batches(life, home: alex.home, oneItem: adds.median)
    }

    /// Commands that change many records at once, each one write (`Zone.write`), against
    /// `ours add Milk` measured just before: `ours add` of 200 new items, `ours list delete` of
    /// a 200-item list (made untimed), `ours recipe to-list` of a 30-ingredient recipe.
    private func batches(_ life: Household, home: String, oneItem: Duration) throws {
        let runs = max(1, options.commandRuns / 4)
        progress("command: \(runs) runs each of a 200-item add, a 200-item list delete, a 30-ingredient to-list")
        var adds = Samples(), deletes = Samples(), toLists = Samples()
        let ingredients = (0..<30).map { "\($0 + 1) g spice \($0)" }
        _ = try life.addRecipe(named: "Thirty spices", ingredients: ingredients, sameTitle: .replace)
        for run in 0..<runs {
            let names = (0..<200).map { "Batch \(run) item \($0)" }
            let add = try ours(["add"] + names, home: home)
            guard add.status == 0 else { throw BenchError("`ours add` of 200 items exited with \(add.status)") }
            adds.append(add.wall)
            let list = "Doomed \(run)"
            _ = try life.add((0..<200).map { "Doomed \(run) item \($0)" }, to: list)
            let delete = try ours(["list", "delete", list, "--yes"], home: home)
            guard delete.status == 0 else { throw BenchError("`ours list delete` exited with \(delete.status)") }
            deletes.append(delete.wall)
            let toList = try ours(["recipe", "to-list", "Thirty spices", "--list", "Spices \(run)"], home: home)
            guard toList.status == 0 else { throw BenchError("`ours recipe to-list` exited with \(toList.status)") }
            toLists.append(toList.wall)
        }
        let added = try life.items(on: life.list(named: GroceryList.defaultName)).filter { $0.name.hasPrefix("Batch 0 ") }
        if added.count != 200 { report.fail("after `ours add` of 200 items, \(added.count) are on the list") }
        let one = "`ours add Milk`: \(oneItem.shown)"
        report.add(
            "One command: `ours add` of 200 items, median of \(adds.count)", adds.median.shown, target: "≤ 3 × one item",
            baseline: one, met: adds.median <= oneItem * 3)
        report.add(
            "One command: `ours list delete` of a 200-item list, median of \(deletes.count)", deletes.median.shown,
            target: "≤ 3 × one item", baseline: one, met: deletes.median <= oneItem * 3)
        report.add(
            "One command: `ours recipe to-list` of 30 ingredients, median of \(toLists.count)", toLists.median.shown,
            target: "≤ 2 × one item", baseline: one, met: toLists.median <= oneItem * 2)
    }
}
