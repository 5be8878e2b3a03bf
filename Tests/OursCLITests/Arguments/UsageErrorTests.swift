import Testing

@testable import OursCLI

/// Every way a command line can be wrong, with the exact message a person will read.
@Suite struct UsageErrorTests {
    @Test(arguments: [
        ("sycn", "unknown command 'sycn'; did you mean 'sync'?"),
        ("Sync", "unknown command 'Sync'; did you mean 'sync'?"),
        ("househld show", "unknown command 'househld'; did you mean 'household'?"),
        ("lis", "unknown command 'lis'; did you mean 'list' or 'lists'?"),
        ("frobnicate", "unknown command 'frobnicate'"),
        (
            "household creat Home",
            "unknown command 'creat' for 'ours household'; did you mean 'create'?"
        ),
        (
            "conflicts restre 1",
            "unknown command 'restre' for 'ours conflicts'; did you mean 'restore'?"
        ),
        ("codes revok ABC", "unknown command 'revok' for 'ours codes'; did you mean 'revoke'?"),
        ("help sycn", "unknown command 'sycn'; did you mean 'sync'?"),
        (
            "help household creat",
            "unknown command 'creat' for 'ours household'; did you mean 'create'?"
        ),
    ])
    func unknownCommands(line: String, message: String) {
        #expect(usageMessage(line) == message)
    }

    @Test(arguments: [
        (
            "record put item --feilds x",
            "unknown option '--feilds' for 'ours record put'; did you mean '--fields'?"
        ),
        ("sync --jsn", "unknown option '--jsn' for 'ours sync'; did you mean '--json'?"),
        ("sync -json", "unknown option '-json' for 'ours sync'; did you mean '--json'?"),
        (
            "invite --readonly",
            "unknown option '--readonly' for 'ours invite'; did you mean '--read-only'?"
        ),
        (
            "invite --expire 7d",
            "unknown option '--expire' for 'ours invite'; did you mean '--expires'?"
        ),
        (
            "recipe add P --ingr x",
            "unknown option '--ingr' for 'ours recipe add'; did you mean '--ingredient'?"
        ),
        ("sync -x", "unknown option '-x' for 'ours sync'"),
        ("--silent sync", "unknown option '--silent'"),
        ("sync --list G", "unknown option '--list' for 'ours sync'"),
        ("household --yes leave", "unknown option '--yes' for 'ours household'"),
        ("add x -l=G", "unknown option '-l=G' for 'ours add'"),
    ])
    func unknownOptions(line: String, message: String) {
        #expect(usageMessage(line) == message)
    }

    @Test(arguments: [
        ("join K7QX2M --folder", "--folder needs a value"),
        ("join K7QX2M --folder --name Robin", "--folder needs a value"),
        ("join K7QX2M --folder -- x", "--folder needs a value"),
        ("add milk --note -h", "--note needs a value"),
        ("sync --home", "--home needs a value"),
        ("doctor --fix=yes", "--fix takes no value, got 'yes'"),
        ("--json=false sync", "--json takes no value, got 'false'"),
        ("add milk --list A --list B", "--list can be given only once"),
        ("--household A sync --household B", "--household can be given only once"),
    ])
    func malformedOptions(line: String, message: String) {
        #expect(usageMessage(line) == message)
    }

    @Test(arguments: [
        ("invite --uses abc", "--uses needs a whole number, got 'abc'"),
        ("invite --uses 0", "--uses needs a whole number of at least 1, got '0'"),
        ("invite --uses 2.5", "--uses needs a whole number, got '2.5'"),
        ("task add x --priority 5", "--priority needs a whole number from 1 to 4, got '5'"),
        ("task add x --priority -1", "--priority needs a whole number from 1 to 4, got '-1'"),
        ("task add x --priority high", "--priority needs a whole number, got 'high'"),
        ("recipe add P --servings two", "--servings needs a whole number, got 'two'"),
        ("recipe to-list P --servings 0", "--servings needs a whole number of at least 1, got '0'"),
        (
            "invite --expires 7x",
            "--expires needs a duration such as 7d, 12h, 30m, 1s or 500ms, got '7x' "
                + "(unknown unit 'x'; use ms, s, m, h, d or w)"
        ),
        (
            "watch --interval 0s",
            "--interval needs a duration such as 7d, 12h, 30m, 1s or 500ms, got '0s' "
                + "(it must be longer than zero)"
        ),
        (
            "chore add Bins --every fortnite",
            "--every needs a rule such as 7d, \"2 weeks\", monthly, \"every 3 months\", monday, mon,thu or "
                + "\"the 1st\", got 'fortnite'"
        ),
        (
            "plan 2025-03-14 diner Lasagne",
            "SLOT needs one of breakfast, lunch, dinner or snack, got 'diner'; did you mean 'dinner'?"
        ),
        ("export --format md", "--format needs one of json, markdown, ics or html, got 'md'"),
        (
            "export --format htm",
            "--format needs one of json, markdown, ics or html, got 'htm'; did you mean 'html'?"
        ),
    ])
    func badValues(line: String, message: String) {
        #expect(usageMessage(line) == message)
    }

    @Test(arguments: [
        ("init", "missing option --name NAME for 'ours init'"),
        ("join K7QX2M", "missing option --folder PATH for 'ours join'"),
        ("join --folder /f", "missing argument CODE for 'ours join'"),
        ("household create --folder /f", "missing argument NAME for 'ours household create'"),
        ("household create Home", "missing option --folder PATH for 'ours household create'"),
        ("record put", "missing argument TYPE for 'ours record put'"),
        ("record put item", "missing option --fields JSON for 'ours record put'"),
        ("record get item", "missing argument ID for 'ours record get'"),
        ("add", "missing argument ITEM for 'ours add'"),
        ("add --list G", "missing argument ITEM for 'ours add'"),
        ("plan 2025-03-14 dinner", "missing argument RECIPE-OR-TEXT for 'ours plan'"),
        ("list rename Old", "missing argument NEW-NAME for 'ours list rename'"),
        ("chore add Bins", "missing option --every RULE for 'ours chore add'"),
        ("task done", "missing argument TITLE for 'ours task done'"),
    ])
    func missingPieces(line: String, message: String) {
        #expect(usageMessage(line) == message)
    }

    @Test(arguments: [
        ("sync now", "'ours sync' takes no arguments, got 'now'"),
        ("household show Home", "'ours household show' takes no arguments, got 'Home'"),
        (
            "check oat milk",
            "unexpected extra argument 'milk' for 'ours check', which takes ITEM; "
                + "quote a value that contains spaces"
        ),
        (
            "meal move friday dinner lunch snack --to saturday",
            "unexpected extra argument 'snack' for 'ours meal move', which takes DATE [SLOT...]; "
                + "quote a value that contains spaces"
        ),
        (
            "record get item 1 2",
            "unexpected extra argument '2' for 'ours record get', which takes TYPE ID; "
                + "quote a value that contains spaces"
        ),
        (
            "record put item 1 2 --fields {}",
            "unexpected extra argument '2' for 'ours record put', which takes TYPE [ID]; "
                + "quote a value that contains spaces"
        ),
    ])
    func extraArguments(line: String, message: String) {
        #expect(usageMessage(line) == message)
    }

    @Test func errorCarriesTheCommandForItsHelp() throws {
        let error = try #require(CommandLineParser.parse(["record", "put", "item"]).failureValue)
        #expect(error.command == ["ours", "record", "put"])
        #expect(error.helpPath == ["record", "put"])
        #expect(error.hint == "Run 'ours record put --help' to see its usage.")
        #expect(
            error.description == "missing option --fields JSON for 'ours record put'\n" + error.hint
        )
        #expect(error.exitCode == .usage)
        #expect(error.exitCode.rawValue == 2)
    }

    @Test func topLevelErrorPointsAtTheCommandList() throws {
        let error = try #require(CommandLineParser.parse(["sycn"]).failureValue)
        #expect(error.helpPath == [])
        #expect(error.hint == "Run 'ours --help' to see the commands.")
    }

    /// Words and options are checked left to right, so the first such mistake is reported.
    @Test func firstMistakeWins() {
        #expect(usageMessage("sycn --bogus") == "unknown command 'sycn'; did you mean 'sync'?")
        #expect(usageMessage("sync --bogus now") == "unknown option '--bogus' for 'ours sync'")
    }
}

extension Result {
    var failureValue: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
