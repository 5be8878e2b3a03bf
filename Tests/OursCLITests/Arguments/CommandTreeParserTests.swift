import Testing

@testable import OursCLI

/// The parser on a small tree of its own, to pin behaviour the `ours` tree happens not to use.
@Suite struct CommandTreeParserTests {
    enum Tiny: Sendable, Equatable {
        case one(name: String, extra: String?, force: Bool, tags: [String], localJSON: Bool)
        case inner(force: Bool)
        case leaf
        case many([String])
    }

    static let name: Argument<String> = .required("NAME", help: "n")
    static let extra: Argument<String?> = .optional("EXTRA", help: "e")
    static let force: Option<Bool> = .flag("force", short: "f", help: "f")
    static let tag: Option<[String]> = .repeatable("tag", placeholder: "T", help: "t")
    static let localJSON: Option<Bool> = .flag("json", help: "a local flag that shadows the global one")
    static let many: Argument<[String]> = .zeroOrMore("X", help: "x")
    static let json: Option<Bool> = .flag("json", help: "j")
    static let home: Option<String?> = .value("home", placeholder: "DIR", help: "d")

    static let parser = CommandTreeParser<Tiny>(
        root: CommandSpec(
            "tool", summary: "A tool",
            subcommands: [
                CommandSpec(
                    "one", aliases: ["1"], summary: "One", arguments: [name, extra],
                    options: [force, tag, localJSON]
                ) { values throws(UsageError) in
                    try .one(
                        name: values[name], extra: values[extra], force: values[force],
                        tags: values[tag], localJSON: values[localJSON])
                },
                CommandSpec(
                    "group", summary: "Only groups", options: [force],
                    subcommands: [
                        CommandSpec("inner", summary: "I", options: [force]) {
                            values throws(UsageError) in try .inner(force: values[force])
                        },
                        CommandSpec("leaf", summary: "L") { _ throws(UsageError) in .leaf },
                    ]),
                CommandSpec("many", summary: "M", arguments: [many]) {
                    values throws(UsageError) in try .many(values[many])
                },
            ]),
        globalOptions: [json.spec, .flag("help", short: "h", help: "h"), home.spec])

    func run(_ line: String) throws(UsageError) -> (Tiny?, help: [String]?, globals: ParsedValues) {
        switch try Self.parser.parse(words(line)) {
        case .command(let command, let globals): (command, nil, globals)
        case .help(let path, let globals): (nil, path, globals)
        }
    }

    @Test func bindsRequiredThenOptionalPositionals() throws {
        #expect(
            try run("one a").0
                == .one(name: "a", extra: nil, force: false, tags: [], localJSON: false))
        #expect(
            try run("1 a b -f --tag x --tag=y").0
                == .one(
                    name: "a", extra: "b", force: true, tags: ["x", "y"], localJSON: false))
    }

    @Test func commandOptionShadowsGlobalOfTheSameName() throws {
        let (command, _, globals) = try run("--json one a --json")
        #expect(command == .one(name: "a", extra: nil, force: false, tags: [], localJSON: true))
        #expect(try globals[Self.json])
        #expect(try run("one a --json").globals[Self.json] == false)
    }

    @Test func nodeWithoutActionAsksForItsHelp() throws {
        let result = try run("group")
        #expect(result.0 == nil)
        #expect(result.help == ["group"])
        #expect(try run("").help == [])
    }

    @Test func helpIgnoresMissingPieces() throws {
        #expect(try run("one --help").help == ["one"])
        #expect(try run("-h many").help == ["many"])
        #expect(try run("--home /x one -h").globals[Self.home] == "/x")
    }

    @Test func optionsGivenBeforeASubcommandMustBeAcceptedByIt() throws {
        #expect(try run("group --force inner").0 == .inner(force: true))
        #expect(
            throws: UsageError(
                "unknown option '--force' for 'tool group leaf'",
                command: ["tool", "group", "leaf"])
        ) {
            try run("group --force leaf")
        }
    }

    @Test func zeroOrMoreTakesEverythingLeft() throws {
        #expect(try run("many").0 == .many([]))
        #expect(try run("many 1 -2 - x").0 == .many(["1", "-2", "-", "x"]))
    }

    @Test func resolvesAliasesToCanonicalNames() throws {
        #expect(try Self.parser.resolve(path: ["1"]) == ["one"])
        #expect(try Self.parser.resolve(path: ["group", "inner"]) == ["group", "inner"])
        #expect(
            throws: UsageError(
                "unknown command 'iner' for 'tool group'; did you mean 'inner'?",
                command: ["tool", "group"])
        ) {
            try Self.parser.resolve(path: ["group", "iner"])
        }
        #expect(Self.parser.node(at: ["group", "nope"]) == nil)
        #expect(Self.parser.node(at: ["1"])?.name == "one")
    }

    @Test func unknownCommandAtTheTopSaysNoWhere() {
        #expect(throws: UsageError("unknown command 'oen'; did you mean 'one'?", command: ["tool"])) {
            try run("oen")
        }
    }
}
