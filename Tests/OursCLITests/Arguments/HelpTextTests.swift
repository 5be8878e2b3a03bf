import Testing

@testable import OursCLI

/// Help is generated from the declarations; these pin its shape and check it stays complete.
@Suite struct HelpTextTests {
    @Test func watchHelpIsExactly() {
        #expect(
            CommandLineParser.helpText(for: ["watch"]) == """
                Keep syncing until stopped, printing changes as they arrive.

                Usage: ours watch [--interval DURATION] [--no-hints]

                Options:
                  --interval DURATION  How often to look for changes, e.g. 1s or 500ms
                  --no-hints           Poll only: ignore the system's change notifications (for folders they miss)

                Examples:
                  ours watch --interval 5s
                  ours watch --no-hints

                Global options (see 'ours --help'):
                  --home DIR, --household NAME|ID, --json, --no-color, -q/--quiet, -h/--help, --version

                """)
    }

    @Test func commandWithItsOwnActionAndSubcommandsShowsBothUsages() {
        let help = CommandLineParser.helpText(for: ["members"])
        #expect(help.contains("Usage: ours members\n       ours members COMMAND\n"))
        #expect(help.contains("\n  remove, rm  Remove a member from the household (owner only)\n"))
        #expect(help.contains("Run 'ours members COMMAND --help' for more about a command."))
    }

    @Test(arguments: [
        (["invite"], "Usage: ours invite [--read-only] [--expires DURATION] [--uses N]"),
        (["household", "create"], "Usage: ours household create NAME --folder PATH"),
        (["join"], "Usage: ours join CODE --folder PATH [--name NAME] [--preview] [--bring-my-data]"),
        (["record", "put"], "Usage: ours record put TYPE [ID] --fields JSON"),
        (["add"], "Usage: ours add ITEM... [--list NAME] [--qty Q] [--category C] [--note N]"),
        (
            ["recipe", "add"],
            "Usage: ours recipe add NAME [--ingredient TEXT]... [--step TEXT]... [--servings N] [--as-new]"
        ),
        (["plan"], "Usage: ours plan DATE SLOT RECIPE-OR-TEXT... [--replace] [--servings N] [--note N]"),
        (["household"], "Usage: ours household COMMAND"),
        (["help"], "Usage: ours help [COMMAND...]"),
        (["sync"], "Usage: ours sync"),
    ])
    func usageLine(path: [String], usage: String) {
        let lines = CommandLineParser.helpText(for: path).split(separator: "\n").map(String.init)
        #expect(lines.contains(usage))
    }

    @Test(arguments: [
        "  -y, --yes  Go ahead without asking to confirm",
        "  MEMBER  The member to remove",
    ])
    func membersRemoveRows(row: String) {
        let lines = CommandLineParser.helpText(for: ["members", "remove"]).split(separator: "\n")
        #expect(lines.contains(Substring(row)))
    }

    @Test func recipeAddMarksRepeatableAndAlignsLongNames() {
        let help = CommandLineParser.helpText(for: ["recipe", "add"])
        #expect(
            help.contains(
                #"  -i, --ingredient TEXT  One ingredient line, e.g. "2 cups flour" (repeatable)"#))
        #expect(help.contains("\n      --servings N       How many servings it makes\n"))
    }

    @Test func requiredOptionsSayso() {
        let help = CommandLineParser.helpText(for: ["household", "create"])
        #expect(
            help.contains(
                "  --folder PATH  A folder every member's device can reach, e.g. in Dropbox (required)"
            ))
    }

    @Test func overviewGroupsCommandsLikeTheContract() throws {
        let help = CommandLineParser.helpText(for: [])
        #expect(
            help.hasPrefix(
                "Share lists, recipes, meals, chores and tasks with your household through a shared "
                    + "folder.\n\nUsage: ours COMMAND [ARGUMENTS] [OPTIONS]\n"))
        let headings = [
            "Device and household:", "Records, for scripts and other apps:", "Household life:",
            "About ours:", "Global options:", "Exit codes:",
        ]
        let lines = help.split(separator: "\n").map(String.init)
        let positions = try headings.map { heading in try #require(lines.firstIndex(of: heading)) }
        #expect(positions == positions.sorted())
        #expect(
            help.contains("\n  init       Set up this device with your name; safe to run again\n"))
        #expect(
            help.contains(
                "\n  record      Read and write records directly, for scripts and other apps\n"))
        #expect(
            help.contains(
                "\n      --household NAME|ID  The household to act on, when this device belongs to several\n"
            ))
        #expect(help.contains("\n  -h, --help               Show help for ours or for a command\n"))
    }

    @Test func overviewListsEveryExitCode() {
        let help = CommandLineParser.helpText(for: [])
        #expect(
            help.contains(
                """
                Exit codes:
                  0    done
                  1    failed
                  2    usage error
                  3    not permitted (read-only member, not the owner, removed)
                  4    not found (code, household, record, list)
                  5    shared folder unavailable (missing, or cannot be written now)
                  130  interrupted (Ctrl-C or SIGTERM); run the same command again to finish

                """))
    }

    @Test func overviewListsEveryTopLevelCommand() {
        let lines = CommandLineParser.helpText(for: []).split(separator: "\n")
        for command in OursCommandTree.root.subcommands {
            #expect(lines.contains { $0.hasPrefix("  \(command.name) ") }, "\(command.name)")
        }
    }

    @Test func unknownPathFallsBackToTheOverview() {
        #expect(CommandLineParser.helpText(for: ["nope"]) == CommandLineParser.helpText(for: []))
    }

    /// Every command's help names all it accepts, in lines that fit 100 columns.
    @Test(arguments: allPaths())
    func helpIsCompleteAndNarrow(path: [String]) throws {
        let node = try #require(CommandLineParser.parser.node(at: path))
        let help = CommandLineParser.helpText(for: path)
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
        for line in lines {
            #expect(line.count <= 100, "\(line)")
            #expect(!line.hasSuffix(" "), "trailing space: \(line)")
        }
        #expect(help.contains("Usage: ours \(path.joined(separator: " "))"))
        // Column padding and wrapping vary; the words and their order must not.
        let flat = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for option in node.options {
            #expect(flat.contains("\(option.synopsis) \(option.help)"), "\(option.synopsis)")
        }
        for argument in node.arguments {
            #expect(flat.contains("\(argument.name) \(argument.help)"), "\(argument.name)")
        }
        for subcommand in node.subcommands {
            #expect(flat.contains("\(subcommand.name)"), "\(subcommand.name)")
            #expect(flat.contains(subcommand.summary), "\(subcommand.name)")
        }
    }

    @Test func overviewIsNarrow() {
        for line in CommandLineParser.helpText(for: []).split(separator: "\n") {
            #expect(line.count <= 100, "\(line)")
        }
    }
}
