import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How a run of `ours` that the test meant to kill ended.
struct KillOutcome {
    /// Whether SIGKILL ended it (otherwise it finished before the kill).
    var killed: Bool
    var exitCode: Int32
    /// Seconds from start to its end.
    var elapsed: Double
    /// When the kill was due, and the command's typical duration (for the figures).
    var delay = 0.0
    var typical = 0.0
}

extension SimulatedDevice {
    /// Runs `ours` with `arguments` and sends it SIGKILL `delay` seconds after it started, as a
    /// power cut or `kill -9` would, unless it finished first. Output is discarded.
    func runKilled(_ arguments: [String], after delay: Double) throws -> KillOutcome {
        let process = process(arguments)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        let start = Date()
        try process.run()
        let deadline = start.addingTimeInterval(delay)
        // Sleep in short steps so a run that ends early is not waited for.
        while process.isRunning, Date() < deadline {
            Thread.sleep(forTimeInterval: min(0.002, max(0, deadline.timeIntervalSinceNow)))
        }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        let killed = process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL
        return KillOutcome(killed: killed, exitCode: process.terminationStatus, elapsed: Date().timeIntervalSince(start))
    }

    /// Runs `ours` to completion and returns how long it took, recording nothing.
    func timed(_ arguments: String...) throws -> (RunResult, Double) { try timed(arguments) }

    func timed(_ arguments: [String]) throws -> (RunResult, Double) {
        let start = Date()
        let result = try run(arguments: arguments)
        return (result, Date().timeIntervalSince(start))
    }
}
