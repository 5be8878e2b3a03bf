import Testing

@testable import OursCLI

/// Global options are accepted before, between and after a command's words.
@Suite struct GlobalOptionsTests {
    static let everything = GlobalOptions(
        home: "/tmp/device-a", household: "Home", json: true, noColor: true)

    @Test(arguments: [
        "--home /tmp/device-a --household Home --json --no-color household show",
        "household show --home /tmp/device-a --household Home --json --no-color",
        "household --json --home=/tmp/device-a show --household=Home --no-color",
        "--no-color household --household Home show --json --home /tmp/device-a",
    ])
    func globalsAnywhereOnTheLine(line: String) throws {
        let invocation = try parse(line)
        #expect(invocation == ParsedInvocation(action: .run(HouseholdShowCommand()), globals: Self.everything))
    }

    @Test func defaultsWhenNoneGiven() throws {
        #expect(try parse("sync").globals == GlobalOptions())
        #expect(
            GlobalOptions() == GlobalOptions(home: nil, household: nil, json: false, noColor: false)
        )
    }

    @Test func globalsMixWithCommandOptions() throws {
        let invocation = try parse("invite --json --uses 2 --household Cabin --read-only")
        #expect(invocation.action == .run(InviteCommand(readOnly: true, expires: nil, uses: 2)))
        #expect(invocation.globals == GlobalOptions(household: "Cabin", json: true))
    }

    @Test(arguments: [
        ("--help", [String]()),
        ("-h", []),
        ("", []),
        ("help", []),
        ("household", ["household"]),
        ("household --help", ["household"]),
        ("record put --help", ["record", "put"]),
        ("record put item -h", ["record", "put"]),
        ("--help record put", ["record", "put"]),
        ("members rm --help", ["members", "remove"]),
        ("help members rm", ["members", "remove"]),
        ("join --help", ["join"]),
        ("--version --help", []),
        ("codes --help", ["codes"]),
    ])
    func helpRequests(line: String, path: [String]) {
        #expect(command(line) == .success(.help(path: path)))
    }

    @Test(arguments: [
        "--version", "version", "sync --version", "--json --version",
        // after a command that would need more: the version answers before its arguments are checked
        "add --version", "members rm --version", "join --version", "record put --version",
    ])
    func versionRequests(line: String) {
        #expect(command(line) == .success(.version))
    }

    /// Help wins over a command line that is otherwise incomplete, so people can ask for help
    /// exactly when they are stuck; globals given with it are kept for the help's format.
    @Test func helpKeepsGlobals() throws {
        let invocation = try parse("join --json --help")
        #expect(
            invocation
                == ParsedInvocation(
                    action: .help(path: ["join"]), globals: GlobalOptions(json: true)))
    }
}
