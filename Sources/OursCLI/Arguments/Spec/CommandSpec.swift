/// A node in a command tree: a command, its arguments and options, and its subcommands.
///
/// Generic over the typed command it builds, so the parser stays independent of `ours` and can
/// be tested on its own small trees.
public struct CommandSpec<Command: Sendable>: Sendable {
    /// Turns the words and options the parser collected into a typed command. It throws only
    /// for values the parser cannot judge, such as a number out of range.
    public typealias Builder = @Sendable (ParsedValues) throws(UsageError) -> Command

    public let name: String
    /// Other names that reach this node, such as `remove` for `rm`; not shown in listings.
    public let aliases: [String]
    /// One line for listings and the top of this command's help.
    public let summary: String
    /// The heading this command is listed under in its parent's help; nil for no heading.
    public var group: String?
    /// Extra paragraphs for this command's help, for what a one-line summary cannot say.
    public let discussion: String?
    /// Complete example command lines, shown in help.
    public let examples: [String]
    public let arguments: [ArgumentSpec]
    public let options: [OptionSpec]
    public var subcommands: [CommandSpec]
    /// Nil for a node that only groups subcommands; reaching it asks for its help.
    public var build: Builder?

    public init(
        _ name: String,
        aliases: [String] = [],
        summary: String,
        group: String? = nil,
        discussion: String? = nil,
        examples: [String] = [],
        arguments: [any ArgumentDeclaration] = [],
        options: [any OptionDeclaration] = [],
        subcommands: [CommandSpec] = [],
        build: Builder? = nil
    ) {
        self.name = name
        self.aliases = aliases
        self.summary = summary
        self.group = group
        self.discussion = discussion
        self.examples = examples
        self.arguments = arguments.map(\.spec)
        self.options = options.map(\.spec)
        self.subcommands = subcommands
        self.build = build
    }

    /// The subcommand reached by `word`, by name or alias.
    public func subcommand(named word: String) -> CommandSpec? {
        subcommands.first { $0.name == word || $0.aliases.contains(word) }
    }

    /// The option spelled `--name`.
    public func option(named name: String) -> OptionSpec? {
        options.first { $0.name == name }
    }

    /// The option spelled `-c`.
    public func option(short: Character) -> OptionSpec? {
        options.first { $0.short == short }
    }

    /// Whether the node does something itself, rather than only grouping subcommands.
    public var isRunnable: Bool { build != nil }
}
