import Foundation

/// The harness's command line.
struct Options {
    /// The benchmarks, in the order they run.
    enum Benchmark: String, CaseIterable {
        case join, idle, burst, propagation, memory, reading, command
    }

    /// The `ours` binary (release build) the process benchmarks run.
    var ours = ""
    /// Records in the big household.
    var size = 100_000
    /// Records in the household `ours add` runs on.
    var commandSize = 10_000
    var small = false
    var only: Set<Benchmark> = Set(Benchmark.allCases)
    /// Where households are made; a new temporary folder when `nil`.
    var directory: String?
    var keep = false
    var seed: UInt64 = 2_026

    // Samples per figure.
    var propagationChanges = 100
    var idlePolls = 300
    var bursts = 3
    var burstSize = 1_000
    var commandRuns = 20
    var findRuns = 7
    /// Runs of each reading command (`ours lists`, …).
    var readingRuns = 5
    /// How long the hinted `ours watch` process idles while its CPU time is measured.
    var memoryIdleSeconds = 35.0
    /// How long the polling one does: two whole stat-pass intervals (every 30 s), so every
    /// window holds two stat passes, as every minute of a polling watcher does. A 35 s window
    /// held one or two, which moved the figure by about 0.4 points from run to run.
    var pollingIdleSeconds = 60.0

    static let usage = """
        usage: ours-bench --ours PATH [--small] [--size N] [--only NAME[,NAME…]] [--dir PATH] [--keep] [--seed N]
                  [--bursts N]
          benchmarks: \(Benchmark.allCases.map(\.rawValue).joined(separator: ", "))
        """

    static func parse(_ arguments: [String]) throws -> Options {
        var options = Options()
        var sizeGiven = false
        var burstsGiven = false
        var rest = arguments[...]
        func value(_ flag: String) throws -> String {
            guard let next = rest.popFirst() else { throw OptionsError("\(flag) needs a value") }
            return next
        }
        while let argument = rest.popFirst() {
            var flag = argument
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                flag = String(argument[..<equals])
                rest.insert(String(argument[argument.index(after: equals)...]), at: rest.startIndex)
            }
            switch flag {
            case "--ours": options.ours = try value(flag)
            case "--small": options.small = true
            case "--keep": options.keep = true
            case "--dir": options.directory = try value(flag)
            case "--size":
                let text = try value(flag)
                guard let size = Int(text.replacingOccurrences(of: "_", with: "")), size >= 100 else {
                    throw OptionsError("--size must be a number of records, at least 100, got \"\(text)\"")
                }
                options.size = size
                sizeGiven = true
            case "--bursts":
                let text = try value(flag)
                guard let bursts = Int(text), bursts >= 1 else {
                    throw OptionsError("--bursts must be a number of bursts, at least 1, got \"\(text)\"")
                }
                options.bursts = bursts
                burstsGiven = true
            case "--seed":
                let text = try value(flag)
                guard let seed = UInt64(text) else { throw OptionsError("--seed must be a number, got \"\(text)\"") }
                options.seed = seed
            case "--only":
                var chosen: Set<Benchmark> = []
                for name in try value(flag).split(separator: ",") {
                    guard let benchmark = Benchmark(rawValue: name.trimmingCharacters(in: .whitespaces)) else {
                        throw OptionsError("unknown benchmark \"\(name)\"")
                    }
                    chosen.insert(benchmark)
                }
                options.only = chosen
            case "--help", "-h":
                print(usage)
                exit(0)
            default:
                throw OptionsError("unknown option \"\(argument)\"")
            }
        }
        guard !options.ours.isEmpty else { throw OptionsError("--ours PATH is needed (Benchmarks/run passes it)") }
        if options.small {
            if !sizeGiven { options.size = 2_000 }
            options.commandSize = min(options.size, 2_000)
            options.propagationChanges = 8
            options.idlePolls = 40
            if !burstsGiven { options.bursts = 1 }
            options.burstSize = min(1_000, options.size / 4)
            options.commandRuns = 5
            options.findRuns = 3
            options.readingRuns = 3
            options.memoryIdleSeconds = 3
            options.pollingIdleSeconds = 3
        }
        return options
    }

    /// Whether targets are checked: not in the small, untimed mode.
    var enforcesTargets: Bool { !small }
}

struct OptionsError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
