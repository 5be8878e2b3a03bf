import OursSync

/// The `ours` command, callable in-process: arguments in, exit code out, everything printed
/// through the console passed in.
public enum OursCLI {
    public static let version = "0.1.0"

    /// Runs one command line.
    /// - Parameters:
    ///   - arguments: the arguments after the program name.
    ///   - environment: the process environment (`OURS_HOME`, `NO_COLOR`, …).
    ///   - console: where to write, and whether it is a terminal.
    /// - Returns: the exit code (0 done, 1 failed, 2 usage, 3 not permitted, 4 not found,
    ///   5 shared folder unavailable: missing, or cannot be written now).
    public static func run(_ arguments: [String], environment: [String: String], console: Console) -> Int32 {
        let invocation: ParsedInvocation
        switch CommandLineParser.parse(arguments) {
        case .failure(let usage):
            console.error("ours: \(usage.message)\n\(usage.hint)\n")
            if arguments.contains("--json") {
                console.out(errorDocument(kind: "usage", message: usage.message, hint: usage.hint, exitCode: 2))
            }
            return OursExitCode.usage.rawValue
        case .success(let parsed):
            invocation = parsed
        }
        switch invocation.action {
        case .help(let path):
            console.out(CommandLineParser.helpText(for: path))
            return 0
        case .version:
            console.out(invocation.globals.json ? "{\n  \"version\": \"\(version)\"\n}\n" : "ours \(version)\n")
            return 0
        case .run(let command):
            do {
                let context = try CommandContext(
                    globals: invocation.globals, environment: environment, console: console, runCommandLine: run)
                return try command.run(context)
            } catch {
                context(console, invocation.globals).report(error)
                return error.kind.exitCode
            }
        }
    }

    private static func context(_ console: Console, _ globals: GlobalOptions) -> ErrorReporter {
        ErrorReporter(console: console, json: globals.json)
    }

    static func errorDocument(kind: String, message: String, hint: String?, exitCode: Int32) -> String {
        var error: [String: JSONValue] = [
            "kind": .string(kind), "message": .string(message), "exitCode": JSONValue(Int(exitCode)),
        ]
        if let hint { error["hint"] = .string(hint) }
        return JSONWriter.prettyString(["error": .object(error)]) + "\n"
    }
}

/// Prints an error: the message and what to do next on standard error, and with `--json`
/// also an error document on standard output so scripts always get one JSON document.
struct ErrorReporter {
    let console: Console
    let json: Bool

    func report(_ error: OursError) {
        console.error("ours: \(error.message)\n" + (error.hint.map { "\($0)\n" } ?? ""))
        if json {
            console.out(
                OursCLI.errorDocument(
                    kind: error.kind.rawValue, message: error.message, hint: error.hint, exitCode: error.kind.exitCode))
        }
    }
}
