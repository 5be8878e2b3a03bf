/// What a command line asks for, as `CommandTreeParser.parse(_:)` returns it.
public enum ParseOutcome<Command: Sendable>: Sendable {
    /// Run this command.
    case command(Command, globals: ParsedValues)
    /// Show help for the command at `path` (names without the program; empty for the
    /// overview), because `--help` was given or the node only groups subcommands.
    case help(path: [String], globals: ParsedValues)
}
