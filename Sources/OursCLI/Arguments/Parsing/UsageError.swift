/// A command line that cannot be run as written: exit code 2.
///
/// The message names the word, option or argument that was wrong and quotes the bad value;
/// `hint` says where to look next. Messages are built only by the factory methods in
/// `UsageError+Messages.swift`, so every command words the same mistake the same way.
public struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// One line saying what was wrong, without a trailing full stop.
    public let message: String
    /// The command the mistake was made in, starting with the program: `["ours", "record",
    /// "put"]`. Lets the caller point at the right help.
    public let command: [String]

    public init(_ message: String, command: [String]) {
        self.message = message
        self.command = command
    }

    /// The path to pass to help for the command the mistake was made in, without the program.
    public var helpPath: [String] { Array(command.dropFirst()) }

    /// What to do next.
    public var hint: String {
        let invocation = command.joined(separator: " ")
        return command.count <= 1
            ? "Run '\(invocation) --help' to see the commands."
            : "Run '\(invocation) --help' to see its usage."
    }

    /// The message and the hint, on two lines, ready for standard error.
    public var description: String { "\(message)\n\(hint)" }

    /// The process exit code for a usage error, from the command's contract.
    public var exitCode: OursExitCode { .usage }
}
