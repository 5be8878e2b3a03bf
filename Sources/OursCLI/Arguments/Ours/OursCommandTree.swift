/// The declarations of every `ours` command: names, arguments, options and help text.
///
/// Split across files by the groups of `ours --help`; this file holds the root and what every
/// command shares.
enum OursCommandTree {
    typealias Node = CommandSpec<ParsedInvocation.Action>

    /// Headings for the overview, in the order the README presents them.
    enum Group {
        static let device = "Device and household"
        static let records = "Records, for scripts and other apps"
        static let life = "Household life"
        static let about = "About ours"
    }

    /// The whole tree, rooted at the program.
    static let root = Node(
        "ours",
        summary: "Share lists, recipes, meals, chores and tasks with your household through a "
            + "shared folder.",
        subcommands: under(Group.device, deviceCommands) + under(Group.records, recordCommands)
            + under(Group.life, listCommands + kitchenCommands + choreAndTaskCommands)
            + under(Group.about, aboutCommands))

    /// The nodes, listed under `heading` in `ours --help`.
    private static func under(_ heading: String, _ nodes: [Node]) -> [Node] {
        nodes.map { node in
            var node = node
            node.group = heading
            return node
        }
    }

    /// The options every command accepts anywhere on the line.
    static let globalOptions: [OptionSpec] = GlobalOptions.declarations.map(\.spec)

    // MARK: Shared declarations

    static let yes = OptionSpec.flag("yes", short: "y", help: "Go ahead without asking to confirm")

    static func list(_ help: String) -> OptionSpec {
        .value("list", short: "l", placeholder: "NAME", help: help)
    }

    static let aboutCommands: [Node] = [
        CommandSpec(
            "help", summary: "Show help for ours or for a command", group: Group.about,
            examples: ["ours help", "ours help record put"],
            arguments: [.zeroOrMore("COMMAND", help: "The command to explain, e.g. record put")]
        ) { values throws(UsageError) in
            .help(path: values.arguments("COMMAND"))
        },
        CommandSpec("version", summary: "Print the version of ours", group: Group.about) {
            _ throws(UsageError) in .version
        },
    ]
}
