import Testing

@testable import OursCLI

/// Checks on the `ours` declarations as a whole, so a new command cannot quietly break the
/// rules the parser and help rely on.
@Suite struct CommandTreeTests {
    /// Every command, by canonical path.
    static let contract: [[String]] = [
        ["init"], ["demo"], ["household", "create"], ["household", "show"], ["household", "list"],
        ["household", "use"], ["household", "transfer"], ["household", "leave"],
        ["household", "dissolve"], ["invite"], ["codes"], ["codes", "revoke"], ["join"],
        ["members"], ["members", "remove"], ["sync"], ["watch"], ["status"], ["conflicts"],
        ["conflicts", "restore"], ["doctor"],
        ["record", "put"], ["record", "get"], ["record", "list"], ["record", "rm"],
        ["record", "import"],
        ["add"], ["check"], ["uncheck"], ["remove"], ["list", "create"], ["list", "show"],
        ["list", "rename"], ["list", "archive"], ["list", "delete"], ["lists"],
        ["recipe", "add"], ["recipe", "show"], ["recipe", "favorite"], ["recipe", "to-list"],
        ["recipe", "import"], ["recipe", "export"], ["recipes"], ["plan"], ["meals"],
        ["meals", "to-list"], ["chore", "add"], ["chore", "done"], ["chores"], ["task", "add"],
        ["task", "done"], ["tasks"], ["category", "add"], ["categories"], ["export"],
    ]

    /// Commands beyond the first contract, each a deliberate addition.
    static let additions: [[String]] =
        [
            ["recipe", "unfavorite"], ["help"], ["version"],
            // Read-only copies must be deletable; the owner may let members invite read-write;
            // a conflict can be settled by keeping the winner.
            ["household", "forget"], ["household", "allow-invites"], ["conflicts", "dismiss"],
            // What the shell and `man` are given.
            ["completion", "bash"], ["completion", "zsh"], ["completion", "fish"], ["completion", "names"],
            ["manual"],
            // Recipes that stay yours, ingredients remembered.
            ["recipe", "edit"], ["ingredients"], ["ingredient", "show"], ["ingredient", "edit"], ["ingredient", "rm"],
            ["staples"], ["staples", "to-list"], ["suggest"],
            // Chores as households run them; a household restored from an export.
            ["chore", "show"], ["chore", "log"], ["chore", "edit"], ["chore", "pause"], ["chore", "resume"],
            ["chore", "rm"], ["import"],
            // The household, complete: every kind can be added, shown, edited, removed and listed.
            ["recipe", "rm"], ["ingredient", "add"],
            // What a member typed offline survives the household's end.
            ["household", "keep"],
            // One person, many devices: a household folder that moved is followed; a device is
            // linked to its person, listed, and removed when lost.
            ["household", "folder"], ["device", "link"], ["devices"], ["device", "remove"],
            ["device", "rename"],
            // An owner who lost every device gets the household back.
            ["household", "recovery"], ["household", "recover"],
            // Photos and files beside the records, kept once under their hash; how much of them
            // a device keeps.
            ["attachment", "add"], ["attachment", "list"], ["attachment", "show"], ["attachment", "save"],
            ["device", "attachments"],
        ] + EverydayCommandTests.paths + MemoryCommandTests.paths

    @Test(arguments: contract)
    func contractCommandExistsAndRuns(path: [String]) throws {
        let node = try #require(CommandLineParser.parser.node(at: path))
        #expect(node.isRunnable)
    }

    @Test func noRunnableCommandOutsideTheContractAndAdditions() {
        let runnable = allNodes().filter { $0.node.isRunnable }.map(\.path)
        #expect(Set(runnable) == Set(Self.contract + Self.additions))
        #expect(runnable.count == Self.contract.count + Self.additions.count)
    }

    /// Every realistic command line of the parse tables, with what it parses to.
    static let tables =
        DeviceCommandTests.cases + RecordCommandTests.cases
        + HouseholdLifeCommandTests.listCases + HouseholdLifeCommandTests.kitchenCases
        + HouseholdLifeCommandTests.choreAndTaskCases
        + EverydayCommandTests.cases + shellCases + KitchenCommandTests.cases + MemoryCommandTests.cases

    static let shellCases: [(String, ParsedInvocation.Action)] = [
        ("completion bash", .run(BashCompletionCommand())), ("completion zsh", .run(ZshCompletionCommand())),
        ("completion fish", .run(FishCompletionCommand())),
        ("completion names items", .run(CompletionNamesCommand(kind: .items))), ("manual", .run(ManualCommand())),
    ]

    /// Each runnable command builds its own command type, and the parse tables reach every one
    /// of them.
    @Test func parseTablesCoverEveryCase() throws {
        var covered: Set<String> = []
        for (line, expected) in Self.tables {
            #expect(command(line) == .success(expected))
            covered.insert(Self.caseName(expected))
        }
        let runnable = allNodes().filter { $0.node.isRunnable }.count
        #expect(covered.count == runnable)
    }

    @Test(arguments: allNodes().map(\.path))
    func declarationsFollowTheRules(path: [String]) throws {
        let node = try #require(CommandLineParser.parser.node(at: path))
        let names = node.subcommands.flatMap { [$0.name] + $0.aliases }
        #expect(Set(names).count == names.count, "duplicate subcommand name under \(path)")
        let globals = OursCommandTree.globalOptions
        let optionNames = node.options.map(\.name) + globals.map(\.name)
        #expect(Set(optionNames).count == optionNames.count, "option clash in \(path)")
        let shorts = (node.options + globals).compactMap(\.short)
        #expect(Set(shorts).count == shorts.count, "short option clash in \(path)")
        // Positionals bind left to right, so only the last may be optional or take many.
        for argument in node.arguments.dropLast() {
            #expect(argument.arity == .required, "\(argument.name) in \(path) must be last")
        }
        if !node.arguments.isEmpty, !node.subcommands.isEmpty {
            Issue.record("\(path) mixes arguments and subcommands; words would be ambiguous")
        }
        // Reaching a node that only groups shows its help, so it could never read them.
        if !node.isRunnable {
            #expect(node.options.isEmpty && node.arguments.isEmpty, "\(path) only groups commands")
        }
        #expect(!node.summary.isEmpty)
        #expect(node.summary.count <= 90, "\(path) summary is long")
        let texts = node.options.map(\.help) + node.arguments.map(\.help)
        for text in texts + (path.isEmpty ? [] : [node.summary]) {
            #expect(!text.isEmpty && !text.hasSuffix("."), "\(path): '\(text)'")
        }
    }

    @Test func topLevelCommandsAllHaveAGroup() {
        for command in OursCommandTree.root.subcommands {
            #expect(command.group != nil, "\(command.name)")
        }
    }

    static func caseName(_ action: ParsedInvocation.Action) -> String {
        if case .run(let command) = action { return "\(type(of: command))" }
        return Mirror(reflecting: action).children.first?.label ?? "\(action)"
    }
}
