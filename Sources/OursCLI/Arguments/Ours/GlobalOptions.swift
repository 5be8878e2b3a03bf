/// The options every `ours` command accepts, wherever they appear on the line.
public struct GlobalOptions: Sendable, Hashable {
    /// `--home DIR`: the device's state directory. Nil means the runner falls back to
    /// `OURS_HOME`, then its default; the parser does not read the environment so it stays pure.
    public var home: String?
    /// `--household NAME|ID`: which household to act on, when the device has several.
    public var household: String?
    /// `--json`: one JSON document on standard output instead of human text.
    public var json: Bool
    /// `--no-color`: never colour output. `NO_COLOR` is the runner's to check.
    public var noColor: Bool

    public init(
        home: String? = nil, household: String? = nil, json: Bool = false,
        noColor: Bool = false
    ) {
        self.home = home
        self.household = household
        self.json = json
        self.noColor = noColor
    }
}
