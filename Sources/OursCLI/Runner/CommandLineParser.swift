/// The entry point: turns `ours`'s arguments into a `ParsedInvocation`, and renders help.
///
/// Pure: it reads no environment, files or terminal, so the runner decides what `OURS_HOME`,
/// `NO_COLOR` and standard input mean, and tests need no process.
enum CommandLineParser {
    /// The parser for the whole `ours` tree, built once from the declarations.
    static let parser = CommandTreeParser(
        root: OursCommandTree.root, globalOptions: OursCommandTree.globalOptions)

    /// Parses the arguments after the program name.
    ///
    /// - Parameter arguments: For example `Array(CommandLine.arguments.dropFirst())`.
    /// - Returns: The invocation, or the first usage error (exit code 2) found.
    static func parse(_ arguments: [String]) -> Result<ParsedInvocation, UsageError> {
        do {
            return .success(try invocation(from: arguments))
        } catch {
            return .failure(error)
        }
    }

    /// The throwing form of `parse(_:)`, for callers that prefer `do`/`catch`.
    static func invocation(from arguments: [String]) throws(UsageError) -> ParsedInvocation {
        switch try parser.parse(arguments) {
        case .help(let path, let values):
            let globals = try GlobalOptions(values)
            // A bare `ours --version` reaches the root, which only groups commands.
            if try !values[GlobalOptions.helpFlag], try values[GlobalOptions.versionFlag] {
                return ParsedInvocation(action: .version, globals: globals)
            }
            return ParsedInvocation(action: .help(path: path), globals: globals)
        case .command(let action, let values):
            let globals = try GlobalOptions(values)
            if try values[GlobalOptions.versionFlag] {
                return ParsedInvocation(action: .version, globals: globals)
            }
            if case .help(let path) = action {
                // `ours help members rm` names the real command; `ours help sycn` fails like `ours sycn`.
                return ParsedInvocation(
                    action: .help(path: try parser.resolve(path: path)),
                    globals: globals)
            }
            return ParsedInvocation(action: action, globals: globals)
        }
    }

    /// The help for a command, or the overview for an empty path.
    ///
    /// - Parameter path: Canonical names below `ours`, as in `ParsedInvocation.Action.help(path:)`.
    /// - Returns: Text of lines no wider than 100 columns, ending with a newline; the overview
    ///   when the path names no command.
    static func helpText(for path: [String]) -> String {
        let formatter = HelpFormatter(
            root: OursCommandTree.root, globalOptions: OursCommandTree.globalOptions,
            overviewSections: [exitCodeSection])
        guard let node = parser.node(at: path) else { return formatter.overview() }
        return path.isEmpty ? formatter.overview() : formatter.help(for: node, path: path)
    }

    private static var exitCodeSection: HelpSection {
        HelpSection(
            title: "Exit codes",
            rows: OursExitCode.allCases.map { (String($0.rawValue), $0.meaning) })
    }
}
