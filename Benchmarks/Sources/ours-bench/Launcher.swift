import Foundation

/// Runs a command from a small, just-started process, so that its peak memory is its own.
///
/// On Linux a child's peak resident memory (`ru_maxrss`, from `wait4`) is at least the peak of
/// the process it was spawned from: `exec` records the high-water mark of the address space it
/// replaces, which is the spawner's (shared by `posix_spawn`, copied by `fork`). Spawned from the
/// harness, which holds a big household and has run watchers in process, every command would
/// seem to use at least as much memory as the harness. So the harness starts itself again as a
/// launcher (`ours-bench --launch PATH ARGS…`), which spawns the command, reaps it and prints
/// what it measured. The launcher's own peak, below that of `ours --version`, is the floor of
/// the figure, and is reported with it.
enum Launcher {
    static let flag = "--launch"

    /// What the launcher measured: the command's exit, and the launcher's own peak when it
    /// spawned it (the least `maxRSSKiB` can be), in KiB.
    struct Measured {
        var exit: Child.Exit
        var floorKiB: Int?
    }

    /// Runs `path` with `arguments` and `environment` from a launcher, to its end. The wall time
    /// is taken by the launcher, from just before the spawn to just after the reap, as
    /// `Child.run` does.
    static func run(_ path: String, _ arguments: [String], environment: [String: String]) throws -> Measured {
        let launcher = Bundle.main.executablePath ?? CommandLine.arguments[0]
        let child = try Child(launcher, [flag, path] + arguments, environment: environment, captureOutput: true)
        let ended = child.wait()
        let line = child.line(timeout: .seconds(10)) { _ in true }?.line ?? ""
        let fields = line.split(separator: " ").map { Int64($0) }
        guard ended.status == 0, fields.count == 5, let status = fields[0], let wall = fields[1], let peak = fields[2],
            let cpu = fields[3], let floor = fields[4]
        else {
            throw SpawnError("the launcher for \(path) exited with \(ended.status), saying \"\(line)\"")
        }
        let exit = Child.Exit(
            status: Int32(status), wall: .nanoseconds(wall), maxRSSKiB: Int(peak), cpu: .microseconds(cpu))
        return Measured(exit: exit, floorKiB: floor < 0 ? nil : Int(floor))
    }

    /// The launcher's side (`arguments`: PATH ARGS…): runs the command with this process's
    /// environment and prints `status wall-ns peak-KiB cpu-µs floor-KiB` on one line. It does
    /// as little as it can, without Foundation, so that its own peak stays low; the floor is
    /// that peak read after the command ended, at least what it was at the spawn.
    static func main(_ arguments: [String]) -> Never {
        guard let path = arguments.first else {
            FileHandle.standardError.write(Data("ours-bench \(flag): no command\n".utf8))
            exit(2)
        }
        var environment: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                environment[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            entry += 1
        }
        do {
            let ended = try Child.run(path, Array(arguments.dropFirst()), environment: environment)
            let floor = ownPeakKiB() ?? -1
            let (seconds, attoseconds) = ended.wall.components
            let wall = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
            let cpu = Int64(ended.cpu.milliseconds * 1_000)
            print("\(ended.status) \(wall) \(ended.maxRSSKiB) \(cpu) \(floor)")
            exit(0)
        } catch {
            FileHandle.standardError.write(Data("ours-bench \(flag): \(error)\n".utf8))
            exit(1)
        }
    }

    /// This process's peak resident memory (`VmHWM` of `/proc/self/status`), read with plain
    /// POSIX calls; Linux only.
    private static func ownPeakKiB() -> Int? {
        let fd = open("/proc/self/status", O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 8_192)
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        let text = String(decoding: buffer[..<count], as: UTF8.self)
        for line in text.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return Int(line.dropFirst(6).split { $0 == " " || $0 == "\t" }.first ?? "")
        }
        return nil
    }
}
