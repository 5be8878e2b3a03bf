import Foundation

/// Debian's python3-icalendar, which reads the export as a calendar app would.
public enum PythonICalendar {
    public static let python = "/usr/bin/python3"

    /// Whether `python3 -c 'import icalendar'` works here.
    public static let available: Bool = {
        guard FileManager.default.isExecutableFile(atPath: python) else { return false }
        return (try? run(["-c", "import icalendar, dateutil"]).status) == 0
    }()

    /// CI installs it (`.ci/run`), so there it must be present.
    public static let required = ProcessInfo.processInfo.environment["CI"] == "true"

    public static let missing =
        "python3-icalendar is missing (\(python) cannot import icalendar): the iCalendar export is not checked by an "
        + "independent reader; install Debian's python3-icalendar"

    public static func run(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
    }
}

extension PythonICalendar {
    /// Runs a checker script from `Fixtures/icalendar` on a file and returns the JSON it printed.
    /// - Throws: when the script refuses the file, with what it said.
    public static func check(_ script: String, _ arguments: [String]) throws -> String {
        let result = try run([FixtureFiles.path("icalendar/" + script)] + arguments)
        guard result.status == 0 else { throw Refusal(message: result.err) }
        return result.out
    }

    public struct Refusal: Error, CustomStringConvertible {
        public var message: String
        public var description: String { "python3-icalendar refused the file: \(message)" }
    }
}
