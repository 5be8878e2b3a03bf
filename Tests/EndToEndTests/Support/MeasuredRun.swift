import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One run of `ours` watched closely: how it ended (an exit code or a signal), whether it had to
/// be killed for hanging, and the most memory it ever held.
struct MeasuredRun: CustomStringConvertible, Sendable {
    var arguments: [String]
    var exitCode: Int32?
    var signal: Int32?
    var timedOut: Bool
    /// Peak resident memory of the process in bytes (`VmHWM`, sampled every millisecond or so
    /// while it runs: the high-water mark persists, so a sample after a peak sees it); `nil`
    /// where there is no /proc.
    var peakMemory: Int?
    var seconds: Double
    var stdout: String
    var stderr: String

    var description: String {
        let end = timedOut ? "killed after hanging" : signal.map { "killed by signal \($0)" } ?? "exit \(exitCode ?? -1)"
        return "ours \(arguments.joined(separator: " ")): \(end), \(peakMemory.map { "\($0 >> 10) KiB" } ?? "unmeasured") peak, "
            + String(format: "%.2f s", seconds) + "\n--- stdout\n\(stdout.prefix(4000))--- stderr\n\(stderr.prefix(2000))"
    }

    /// Ended by itself with exit code 0 or 1: a result or a message, never a crash or a hang.
    var endedCleanly: Bool { !timedOut && signal == nil && (exitCode == 0 || exitCode == 1) }

    /// Ended by itself with an exit code (any), not a signal or a hang.
    var exited: Bool { !timedOut && signal == nil && exitCode != nil }

    var object: [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(stdout.utf8))) as? [String: Any] ?? [:]
    }

    /// The `problems` of a `sync --json` or `doctor --json` document.
    var problems: [[String: Any]] { object["problems"] as? [[String: Any]] ?? [] }
}

extension SimulatedDevice {
    /// Runs `ours` with `posix_spawn`, standard input from /dev/null and output to files (no
    /// pipe can fill up), and waits at most `timeout` seconds; a run still going then is killed
    /// (it is this test's own child, killed by its pid) and reported as hanging.
    func measured(_ arguments: String..., timeout: Double = 60) throws -> MeasuredRun {
        try measured(arguments: arguments, timeout: timeout)
    }

    func measured(arguments: [String], timeout: Double = 60) throws -> MeasuredRun {
        let scratch = FileManager.default.temporaryDirectory.path + "/ours-run-" + UUID().uuidString.prefix(8)
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        var env = ProcessInfo.processInfo.environment
        env["OURS_HOME"] = home
        env["NO_COLOR"] = "1"
        for (key, value) in environment { env[key] = value }

        let argv = ([OursBinary.url.path] + arguments).map { strdup($0) } + [nil]
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t? = nil
        #else
            var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, scratch + "/out", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, scratch + "/err", O_WRONLY | O_CREAT | O_TRUNC, 0o644)

        let started = Date()
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, OursBinary.url.path, &actions, nil, argv, envp)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }

        var status: Int32 = 0
        var timedOut = false
        var peak: Int?
        while true {
            if let sample = Self.highWaterMark(pid) { peak = max(peak ?? 0, sample) }
            let done = waitpid(pid, &status, WNOHANG)
            if done == pid { break }
            if done < 0, errno != EINTR { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            if Date().timeIntervalSince(started) > timeout, !timedOut {
                timedOut = true
                kill(pid, SIGKILL)
            }
            usleep(500)
        }
        let seconds = Date().timeIntervalSince(started)
        let termination = status & 0x7F
        let out = (try? String(contentsOfFile: scratch + "/out", encoding: .utf8)) ?? ""
        let err = (try? String(contentsOfFile: scratch + "/err", encoding: .utf8)) ?? ""
        return MeasuredRun(
            arguments: arguments, exitCode: termination == 0 ? (status >> 8) & 0xFF : nil,
            signal: termination == 0 ? nil : termination, timedOut: timedOut, peakMemory: peak, seconds: seconds,
            stdout: out, stderr: err)
    }

    /// `VmHWM` of a running process, in bytes. (Not `wait4`'s `ru_maxrss`: a child started with
    /// `posix_spawn` inherits the spawning process's high-water mark at `exec` on Linux.) Only
    /// once the child runs `ours`: sampled between the spawn's fork and its `exec`, the child is
    /// still a copy of the test process, whose high-water mark is far higher.
    static func highWaterMark(_ pid: pid_t) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        let lines = status.split(separator: "\n")
        guard lines.first(where: { $0.hasPrefix("Name:") })?.split(separator: "\t").last == "ours",
            let line = lines.first(where: { $0.hasPrefix("VmHWM:") }),
            let kib = Int(line.split(separator: " ").dropFirst().first ?? "")
        else { return nil }
        return kib * 1024
    }
}
