/// Parses a command line against a tree of `CommandSpec`s into a typed command.
///
/// Words choose subcommands until a node has no subcommand of that name; the remaining words
/// are positional arguments. Options may come anywhere after the command they belong to, and
/// global options anywhere at all, as people expect from git and docker. `--` ends options.
/// The approach follows swift-corelibs-xctest's `ArgumentParser` (parse into an enum) and
/// SwiftFormat's `Arguments.swift` (suggest the closest name).
public struct CommandTreeParser<Command: Sendable>: Sendable {
    /// What the command line asks for.
    public typealias Outcome = ParseOutcome<Command>

    /// The long name of the global flag that asks for help instead of running.
    public static var helpOptionName: String { OptionSpec.helpName }

    public let root: CommandSpec<Command>
    /// Options accepted before, after and between the words of any command. Include a flag
    /// named `help` to get help handling.
    public let globalOptions: [OptionSpec]

    public init(root: CommandSpec<Command>, globalOptions: [OptionSpec]) {
        self.root = root
        self.globalOptions = globalOptions
    }

    /// Parses the arguments after the program name.
    ///
    /// - Parameter arguments: The command line without the program name, as the shell split it.
    /// - Returns: The command to run, or a request for help.
    /// - Throws: `UsageError` for the first mistake found, reading left to right.
    public func parse(_ arguments: [String]) throws(UsageError) -> Outcome {
        var scan = CommandLineScan(root: root, globalOptions: globalOptions)
        try scan.read(arguments)
        return try scan.finish()
    }

    /// Follows `path` from the root, accepting aliases.
    ///
    /// - Returns: The canonical names along the path, for `help rm`-style requests.
    /// - Throws: `UsageError` naming the first word that is not a subcommand, with suggestions.
    public func resolve(path: [String]) throws(UsageError) -> [String] {
        var node = root
        var names: [String] = []
        for word in path {
            guard let next = node.subcommand(named: word) else {
                let candidates = node.subcommands.flatMap { [$0.name] + $0.aliases }
                throw .unknownCommand(
                    word, suggestions: Suggestions.closest(to: word, among: candidates),
                    command: [root.name] + names)
            }
            node = next
            names.append(next.name)
        }
        return names
    }

    /// The node at a canonical path, as returned by `resolve(path:)`.
    public func node(at path: [String]) -> CommandSpec<Command>? {
        var node = root
        for word in path {
            guard let next = node.subcommand(named: word) else { return nil }
            node = next
        }
        return node
    }
}
