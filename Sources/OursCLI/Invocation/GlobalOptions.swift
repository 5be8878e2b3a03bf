/// The options every `ours` command accepts, wherever they appear on the line.
struct GlobalOptions: Sendable, Hashable {
    /// `--home DIR`: the device's state directory. Nil means the runner falls back to
    /// `OURS_HOME`, then its default; the parser does not read the environment so it stays pure.
    var home: String?
    /// `--household NAME|ID`: which household to act on, when the device has several.
    var household: String?
    /// `--json`: one JSON document on standard output instead of human text.
    var json: Bool
    /// `--no-color`: never colour output. `NO_COLOR` is the runner's to check.
    var noColor: Bool
    /// `--quiet`: no progress lines on standard error, even on a terminal.
    var quiet: Bool

    init(
        home: String? = nil, household: String? = nil, json: Bool = false,
        noColor: Bool = false, quiet: Bool = false
    ) {
        self.home = home
        self.household = household
        self.json = json
        self.noColor = noColor
        self.quiet = quiet
    }

    /// Reads the global options the parser collected.
    init(_ values: ParsedValues) throws(UsageError) {
        self.init(
            home: try values[Self.homeOption], household: try values[Self.householdOption],
            json: try values[Self.jsonFlag], noColor: try values[Self.noColorFlag],
            quiet: try values[Self.quietFlag])
    }

    // MARK: Declarations

    static let homeOption: Option<String?> = .value(
        "home", placeholder: "DIR", help: "This device's state directory; overrides OURS_HOME")
    static let householdOption: Option<String?> = .value(
        "household", placeholder: "NAME|ID",
        help: "The household to act on, when this device belongs to several")
    static let jsonFlag: Option<Bool> = .flag(
        "json", help: "Print one JSON document on standard output, for scripts")
    static let noColorFlag: Option<Bool> = .flag(
        "no-color", help: "Never colour the output (setting NO_COLOR does the same)")
    static let quietFlag: Option<Bool> = .flag(
        "quiet", short: "q", help: "Show no progress while a long command runs (none is shown when piped)")
    /// Named `help` so the parser treats it as the request for help.
    static let helpFlag: Option<Bool> = .flag(
        OptionSpec.helpName, short: "h",
        help: "Show help for ours or for a command")
    static let versionFlag: Option<Bool> = .flag(OptionSpec.versionName, help: "Print the version of ours")

    /// Every global option, in the order help lists them.
    static let declarations: [any OptionDeclaration] = [
        homeOption, householdOption, jsonFlag, noColorFlag, quietFlag, helpFlag, versionFlag,
    ]
}
