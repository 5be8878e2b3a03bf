import Foundation
import OursHousehold
import OursSync

extension Bench {
    /// The commands that only read, each as its own process on Mike's copy of the big household
    /// (after he joined): `readingRuns` runs of each, in turns so that each sees the same
    /// machine, process start to exit (release build). Each row: the median wall time and the
    /// largest peak resident memory (`ru_maxrss`, taken by a `Launcher`) of its runs. Each must
    /// exit 0. Baseline:
    /// `ours --version`, the cost of starting the process at all, run in the same turns.
    func reading() throws {
        let home = world.b.home
        let count = options.size
        // `list show` of a list of 100 items, as the target is set: the generated lists hold
        // about a twentieth of the household each. Sarah makes it; Mike's device syncs it in.
        let list = "Weekend away"
        _ = try Household(world.big).add((0..<100).map { Generator.itemName($0) }, to: list)
        _ = try world.joined().sync()
        var random = SplitMix64(seed: options.seed &+ 37)
        let item = random.pick(world.items)
        let commands: [[String]] = [
            ["lists"], ["list", "show", list], ["recipes"], ["tasks"], ["meals"], ["chores"], ["members"], ["status"],
            ["record", "get", item.type, item.id], ["household", "show"],
        ]
        let baseline = ["--version"]

        progress("reading: \(options.readingRuns) runs of \(commands.count) reading commands on \(grouped(count)) records")
        var times = Array(repeating: Samples(), count: commands.count + 1)
        var peaks = Array(repeating: 0, count: commands.count + 1)
        var failed: Set<Int> = []
        var floor = 0
        for _ in 0..<options.readingRuns {
            for (index, arguments) in (commands + [baseline]).enumerated() where !failed.contains(index) {
                let measured = try oursMeasured(arguments, home: home)
                let exit = measured.exit
                floor = max(floor, measured.floorKiB ?? 0)
                guard exit.status == 0 else {
                    report.fail("`\(shown(arguments))` exited with \(exit.status) on Mike's device")
                    failed.insert(index)
                    continue
                }
                times[index].append(exit.wall)
                peaks[index] = max(peaks[index], exit.maxRSSKiB)
            }
        }
        guard !failed.contains(commands.count) else { return }
        let atFloor = (commands + [baseline]).indices.filter { !failed.contains($0) && peaks[$0] <= floor }
        if !atFloor.isEmpty {
            report.note(
                "Peak RSS of \(atFloor.map { "`\(shown((commands + [baseline])[$0]))`" }.joined(separator: ", ")) is the "
                    + "launcher's own (\(megabytes(kibibytes: floor))): the command's may be lower.")
        }
        let version = "`ours --version`: \(times[commands.count].median.shown) / \(megabytes(kibibytes: peaks[commands.count]))"
        for (index, arguments) in commands.enumerated() where !failed.contains(index) {
            let median = times[index].median
            report.add(
                "`\(shown(arguments))` on \(grouped(count)) records: median of \(times[index].count) / peak RSS",
                "\(median.shown) / \(megabytes(kibibytes: peaks[index]))", target: "≤ 50 ms / ≤ 60 MB", baseline: version,
                met: median <= .milliseconds(50) && peaks[index] * 1024 <= 60_000_000)
        }
    }

    /// `ours list show "Weekend away"`, as a person would type it.
    private func shown(_ arguments: [String]) -> String {
        (["ours"] + arguments.map { $0.contains(" ") ? "\"\($0)\"" : $0 }).joined(separator: " ")
    }
}
