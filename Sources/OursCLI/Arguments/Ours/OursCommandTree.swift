/// The declarations of every `ours` command: names, arguments, options and help text.
///
/// Split across files by the groups of `ours --help`; this file holds the root and what every
/// command shares.
public enum OursCommandTree {
    /// Headings for the overview, in the order the README presents them.
    enum Group {
        static let device = "Device and household"
        static let records = "Records, for scripts and other apps"
        static let life = "Household life"
        static let about = "About ours"
    }

    /// The whole tree, rooted at the program.
    public static let root = CommandSpec<OursCommand>(
        "ours",
        summary: "Share lists, recipes, meals, chores and tasks with your household through a "
            + "shared folder.",
        subcommands: deviceCommands + recordCommands + listCommands + kitchenCommands
            + choreAndTaskCommands + aboutCommands)

    /// The options every command accepts anywhere on the line.
    public static let globalOptions: [OptionSpec] = GlobalOptions.declarations.map(\.spec)

    // MARK: Shared declarations

    static let yes = OptionSpec.flag("yes", short: "y", help: "Go ahead without asking to confirm")

    static func list(_ help: String) -> OptionSpec {
        .value("list", short: "l", placeholder: "NAME", help: help)
    }

    static let aboutCommands: [CommandSpec<OursCommand>] = [
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
