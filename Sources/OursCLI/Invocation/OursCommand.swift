import OursSync

/// One `ours` command: how it is written on the command line, and what it does.
///
/// Each command is a type of its own, in a file of its own: its options and arguments are
/// static `Option` and `Argument` declarations listed in `spec`, `parse(_:)` reads them into
/// the command's properties, and `run(_:)` does the work. `OursCommandTree` places the command
/// in the tree, so the parser, help and anything else generated from the tree read the same
/// declaration. A type without `run(_:)` does not compile, so every command in the tree has
/// something to run.
protocol OursCommand: Sendable, Hashable {
    /// The command's name, aliases, help text, arguments and options. Not its subcommands or
    /// its heading in `ours --help`: where a command sits is `OursCommandTree`'s to say.
    static var spec: Spec { get }

    /// The command as typed, from what the parser collected; throws only for values the
    /// parser cannot judge, such as a number out of range.
    static func parse(_ values: ParsedValues) throws(UsageError) -> Self

    /// Does what the command says and prints the outcome.
    ///
    /// - Returns: The exit code; failures are thrown, and the runner prints and maps them.
    func run(_ context: CommandContext) throws(OursError) -> Int32
}

extension OursCommand {
    /// What a command declares itself with: `static let spec = Spec("sync", summary: ...)`.
    typealias Spec = CommandSpec<ParsedInvocation.Action>

    /// The command's node in the tree: its declaration, made runnable, over `subcommands`.
    static func node(_ subcommands: Spec...) -> Spec {
        var node = spec
        node.subcommands = subcommands
        node.build = { values throws(UsageError) in .run(try parse(values)) }
        return node
    }

    /// Whether `other` is this same command with the same values.
    func isEqual(to other: any OursCommand) -> Bool { (other as? Self) == self }
}
