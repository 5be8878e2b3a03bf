import Foundation
import OursSync

// The performance harness for issue 4's targets. Run it with `Benchmarks/run`; see Options.swift
// for the flags. Prints a Markdown table on standard output, progress on standard error.
//
// Exit status: 1 if something did not work (a change never arrived, a command failed), or, in
// a full run, if a target was missed; 2 for a usage error.

// `ours-bench --launch PATH ARGS…`: the launcher that runs a command whose memory is measured.
if CommandLine.arguments.dropFirst().first == Launcher.flag { Launcher.main(Array(CommandLine.arguments.dropFirst(2))) }

let options: Options
do { options = try Options.parse(Array(CommandLine.arguments.dropFirst())) } catch {
    FileHandle.standardError.write(Data("ours-bench: \(error)\n\(Options.usage)\n".utf8))
    exit(2)
}

let started = ContinuousClock.now
progress("generating a household of \(grouped(options.size)) records")
let world: World
do { world = try World(options: options) } catch {
    FileHandle.standardError.write(Data("ours-bench: cannot set up the households: \(error)\n".utf8))
    exit(1)
}
let machine = Machine.describe(directory: world.root)
progress("generated in \((ContinuousClock.now - started).shown), in \(world.root)")

let bench = Bench(options: options, world: world)
await bench.runAll()
let report = bench.report

let mix = world.recordCounts.map { "\(grouped($0.count)) \($0.type)" }.joined(separator: ", ")
var lines = ["Ours benchmarks\(options.small ? " (small mode: targets not checked)" : "")", ""]
lines.append("Machine: \(machine.summary)")
lines.append(
    "Household: \(grouped(options.size)) records (\(mix)); release build; `Benchmarks/run\(options.small ? " --small" : "")`")
lines += ["", report.table(enforced: options.enforcesTargets), ""]
lines += report.notes.map { "Note: \($0)" }
lines += report.failures.map { "FAILED: \($0)" }
let missed = options.enforcesTargets ? report.missed.count : 0
if options.enforcesTargets { lines.append("\(report.targetCount - missed) of \(report.targetCount) targets met.") }
lines.append("Total time: \((ContinuousClock.now - started).shown).")
// Written at once and unbuffered: removing the households below takes a while.
FileHandle.standardOutput.write(Data((lines.joined(separator: "\n") + "\n").utf8))

if options.keep {
    progress("kept \(world.root)")
} else if options.directory == nil {
    progress("removing \(world.root)")
    world.removeAll()
}
exit(report.failures.isEmpty && missed == 0 ? 0 : 1)
