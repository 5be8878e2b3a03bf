/// A command tree laid flat: every node by its path, with what may follow it on a command line.
/// Shell completion and the manual page are generated from it, so neither can describe a
/// command, alias or option the parser does not accept.
public struct CommandTable: Sendable {
    /// One node of the tree.
    public struct Entry: Sendable, Equatable {
        /// Canonical names below the root; empty for the root.
        public var path: [String]
        public var summary: String
        /// Child names with their aliases, canonical first: `[["remove", "rm"]]`.
        public var children: [[String]]
        /// The node's own options (not the global ones).
        public var options: [OptionSpec]
        public var arguments: [ArgumentSpec]
        public var isRunnable: Bool
        public var examples: [String]
        public var discussion: String?

        /// The path as one string, the key shell scripts look nodes up by.
        public var key: String { path.joined(separator: " ") }
    }

    public let programName: String
    public let entries: [Entry]
    public let globalOptions: [OptionSpec]

    public init<Command>(root: CommandSpec<Command>, globalOptions: [OptionSpec]) {
        programName = root.name
        self.globalOptions = globalOptions
        var entries: [Entry] = []
        Self.collect(root, path: [], into: &entries)
        self.entries = entries
    }

    private static func collect<Command>(_ node: CommandSpec<Command>, path: [String], into entries: inout [Entry]) {
        entries.append(
            Entry(
                path: path, summary: node.summary, children: node.subcommands.map { [$0.name] + $0.aliases },
                options: node.options, arguments: node.arguments, isRunnable: node.isRunnable, examples: node.examples,
                discussion: node.discussion))
        for child in node.subcommands { collect(child, path: path + [child.name], into: &entries) }
    }

    /// The entry at a canonical path.
    public func entry(at path: [String]) -> Entry? { entries.first { $0.path == path } }
}
