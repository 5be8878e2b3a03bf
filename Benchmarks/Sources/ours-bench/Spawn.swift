import Foundation
import OursSync

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Child processes measured from outside: `posix_spawn` (no copy of this big process) and
/// `wait4`, which gives each child's own peak memory and CPU time.
final class Child: @unchecked Sendable {
    struct Exit {
        var status: Int32
        /// From just before the spawn to just after the child was reaped.
        var wall: Duration
        /// Peak resident memory, in KiB (`ru_maxrss`).
        var maxRSSKiB: Int
        var cpu: Duration
    }

    let pid: pid_t
    let started: ContinuousClock.Instant
    private let outputFD: Int32?
    private let lines = Locked<(received: [(String, ContinuousClock.Instant)], ended: Bool)>(([], false))
    private let arrived = DispatchSemaphore(value: 0)

    /// Starts `path` with `arguments`. Standard input and error are `/dev/null`; standard output
    /// too unless `captureOutput`, when its lines are collected as they arrive.
    init(_ path: String, _ arguments: [String], environment: [String: String], captureOutput: Bool = false) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var pipeFDs: [Int32] = [-1, -1]
        if captureOutput {
            guard pipe(&pipeFDs) == 0 else { throw SpawnError("pipe failed: \(errno)") }
            posix_spawn_file_actions_adddup2(&actions, pipeFDs[1], 1)
            posix_spawn_file_actions_addclose(&actions, pipeFDs[0])
            posix_spawn_file_actions_addclose(&actions, pipeFDs[1])
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        started = ContinuousClock.now
        let result = posix_spawn(&pid, path, &actions, nil, argv, envp)
        guard result == 0 else { throw SpawnError("cannot start \(path): error \(result)") }
        self.pid = pid
        if captureOutput {
            close(pipeFDs[1])
            outputFD = pipeFDs[0]
            Thread.detachNewThread { [self] in readOutput() }
        } else {
            outputFD = nil
        }
    }

    /// Runs a command to its end.
    static func run(_ path: String, _ arguments: [String], environment: [String: String]) throws -> Exit {
        try Child(path, arguments, environment: environment).wait()
    }

    /// Waits for the child to end and reaps it.
    func wait() -> Exit {
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let wall = ContinuousClock.now - started
        let exited = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        let cpu = Duration.microseconds(
            Int64(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1_000_000
                + Int64(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec))
        return Exit(status: exited, wall: wall, maxRSSKiB: Int(usage.ru_maxrss), cpu: cpu)
    }

    func signal(_ number: Int32) { kill(pid, number) }

    /// The first line (from the start) for which `matches` holds, with when it arrived; `nil`
    /// after `timeout` or once the output has ended without one.
    func line(
        timeout: Duration, where matches: (String) -> Bool
    ) -> (line: String, at: ContinuousClock.Instant)? {
        let deadline = ContinuousClock.now + timeout
        var checked = 0
        while true {
            let (received, ended) = lines.withLock { ($0.received, $0.ended) }
            for (text, at) in received[checked...] where matches(text) { return (text, at) }
            checked = received.count
            if ended { return nil }
            let left = deadline - ContinuousClock.now
            if left <= .zero { return nil }
            _ = arrived.wait(timeout: .now() + .milliseconds(Int(min(left.milliseconds, 200)) + 1))
        }
    }

    var output: [String] { lines.withLock { $0.received.map(\.0) } }

    private func readOutput() {
        guard let fd = outputFD else { return }
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            let now = ContinuousClock.now
            pending += buffer[0..<count]
            var fresh: [(String, ContinuousClock.Instant)] = []
            while let newline = pending.firstIndex(of: 0x0A) {
                fresh.append((String(decoding: pending[..<newline], as: UTF8.self), now))
                pending.removeSubrange(...newline)
            }
            if !fresh.isEmpty {
                lines.withLock { $0.received += fresh }
                arrived.signal()
            }
        }
        close(fd)
        lines.withLock { $0.ended = true }
        arrived.signal()
    }

    /// `/proc/PID/status` fields in KiB (`VmHWM`, `VmRSS`); Linux only.
    func memoryKiB(_ field: String) -> Int? { Child.memoryKiB(field, ofProcess: String(pid)) }

    /// A `/proc/PROCESS/status` field in KiB, of a process id or `self`; Linux only.
    static func memoryKiB(_ field: String, ofProcess process: String) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(process)/status", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
            return Int(line.dropFirst(field.count + 1).trimmingCharacters(in: .whitespaces).split(separator: " ").first ?? "")
        }
        return nil
    }

    /// CPU time used so far (user and system), from `/proc/PID/stat`; Linux only.
    func cpuSoFar() -> Duration? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = text.lastIndex(of: ")")
        else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ")
        // After the command name: state is field 3, utime 14 and stime 15 (1-based).
        guard fields.count > 13, let user = Int64(fields[11]), let system = Int64(fields[12]) else { return nil }
        let ticks = Int64(sysconf(Int32(_SC_CLK_TCK)))
        return .microseconds((user + system) * 1_000_000 / ticks)
    }
}

struct SpawnError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
