import Foundation

/// What the figures were measured on, printed with the table.
struct Machine {
    var date: String
    var cores: Int
    var memory: String
    var processor: String
    var system: String
    var fileSystem: String

    static func describe(directory: String) -> Machine {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withSpaceBetweenDateAndTime]
        var name = utsname()
        uname(&name)
        func text<T>(_ field: T) -> String {
            withUnsafeBytes(of: field) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        }
        let memory = Double(ProcessInfo.processInfo.physicalMemory) / Double(1 << 30)
        return Machine(
            date: formatter.string(from: Date()) + " UTC", cores: ProcessInfo.processInfo.activeProcessorCount,
            memory: format(memory, 1) + " GiB", processor: cpuModel() ?? text(name.machine),
            system: text(name.sysname) + " " + text(name.release) + " " + text(name.machine),
            fileSystem: fileSystemType(of: directory) ?? "unknown file system")
    }

    var summary: String {
        "\(date); \(cores) cores (\(processor)), \(memory) memory, \(system); temporary folder on \(fileSystem)"
    }

    private static func cpuModel() -> String? {
        guard let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return nil }
        for line in info.split(separator: "\n") where line.hasPrefix("model name") {
            return line.split(separator: ":", maxSplits: 1).last?.trimmingCharacters(in: .whitespaces)
        }
        return nil
    }

    /// `ext2/ext3` (as GNU `stat -f` names ext4 too), `tmpfs`, `xfs`, `btrfs`, …
    private static func fileSystemType(of directory: String) -> String? {
        let arguments = ["stat", "-f", "-c", "%T", directory]
        let environment = ProcessInfo.processInfo.environment
        guard let child = try? Child("/usr/bin/env", arguments, environment: environment, captureOutput: true) else { return nil }
        let exit = child.wait()
        _ = child.line(timeout: .seconds(2)) { _ in false }
        guard exit.status == 0, let first = child.output.first, !first.isEmpty else { return nil }
        return first
    }
}
