import Foundation
import OursHousehold
import OursSync

/// Everything a command needs: the parsed global options, the environment, where to write,
/// and the device. Made only for a command that runs, so `ours --help` and `ours --version`
/// touch no state directory and ignore a bad `OURS_CLOCK_OFFSET`.
final class CommandContext: Sendable {
    let globals: GlobalOptions
    let environment: [String: String]
    let console: Console
    let device: Device

    /// Runs another `ours` command line in this process, with its own environment and
    /// console: how the demo plays its devices. The runner passes itself in, so commands need
    /// not know it.
    let runCommandLine: @Sendable (_ arguments: [String], _ environment: [String: String], _ console: Console) -> Int32

    init(
        globals: GlobalOptions, environment: [String: String], console: Console,
        runCommandLine: @escaping @Sendable ([String], [String: String], Console) -> Int32
    ) throws(OursError) {
        self.globals = globals
        self.environment = environment
        self.console = console
        self.runCommandLine = runCommandLine
        let home = globals.home.map { Device.absolutePathForCommandLine($0) } ?? Device.defaultHome(environment: environment)
        self.device = Device(home: home, clock: SystemWallClock(offsetMillis: try CommandContext.clockOffset(environment)))
    }

    var json: Bool { globals.json }

    /// Colour only on a terminal, and never with `NO_COLOR` or `--no-color`.
    var color: Bool { console.isTerminal && !globals.noColor && (environment["NO_COLOR"] ?? "").isEmpty }

    /// The engine's view of the household the command acts on (`--household`, else the one
    /// in use): its folder, replica, members and sync.
    func zone() throws(OursError) -> Zone { try device.zone(globals.household) }

    /// The household's lists, recipes, meals, chores and tasks.
    func household() throws(OursError) -> Household { Household(try zone()) }

    func say(_ text: String) { console.out(text.hasSuffix("\n") ? text : text + "\n") }

    func printJSON(_ value: JSONValue) { console.out(JSONWriter.prettyString(value) + "\n") }

    /// Whether progress lines are shown: standard error is a terminal, and neither `--json`
    /// nor `--quiet` was given. Piped output stays clean.
    var showsProgress: Bool { console.errorIsTerminal && !json && !globals.quiet }

    /// A short status line on standard error, only when `showsProgress`.
    func progress(_ text: String) {
        guard showsProgress else { return }
        console.error("\r\u{1B}[2K" + text)
    }

    func endProgress() {
        guard showsProgress else { return }
        console.error("\r\u{1B}[2K")
    }

    func bold(_ text: String) -> String { color ? "\u{1B}[1m\(text)\u{1B}[0m" : text }
    func dim(_ text: String) -> String { color ? "\u{1B}[2m\(text)\u{1B}[0m" : text }
    func red(_ text: String) -> String { color ? "\u{1B}[31m\(text)\u{1B}[0m" : text }
    func yellow(_ text: String) -> String { color ? "\u{1B}[33m\(text)\u{1B}[0m" : text }
    func green(_ text: String) -> String { color ? "\u{1B}[32m\(text)\u{1B}[0m" : text }

    /// `OURS_CLOCK_OFFSET`: shifts this device's clock (`1d`, `-2h`, milliseconds), to
    /// simulate a device whose clock is wrong. For tests and demonstrations.
    static func clockOffset(_ environment: [String: String]) throws(OursError) -> Int64 {
        guard var text = environment["OURS_CLOCK_OFFSET"], !text.isEmpty else { return 0 }
        // Milliseconds, read with their sign: every 64-bit count, the most negative included.
        if let millis = Int64(text) { return millis }
        var sign: Int64 = 1
        if text.hasPrefix("-") {
            sign = -1
            text.removeFirst()
        }
        guard let duration = try? DurationText.parse(text) else {
            throw .usage("OURS_CLOCK_OFFSET is \"\(environment["OURS_CLOCK_OFFSET"]!)\"; use a duration such as 1d or -2h")
        }
        return sign * duration.milliseconds
    }
}

extension Device {
    /// A `--home` or `--folder` path from the command line, made absolute.
    static func absolutePathForCommandLine(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }

    /// A shared folder given on the command line (`--folder PATH`, or the argument `given`
    /// names), made absolute. An empty one is refused: made absolute it would be the current
    /// directory, which nobody means by giving nothing (an unset shell variable, say).
    static func sharedFolderForCommandLine(_ path: String, given name: String = "--folder") throws(OursError) -> String {
        guard !path.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw .usage("\(name) is empty: give the shared folder's path", hint: "Give . (a dot) for the folder you are in.")
        }
        return absolutePathForCommandLine(path)
    }
}
