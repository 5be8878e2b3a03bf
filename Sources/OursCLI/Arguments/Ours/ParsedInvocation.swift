/// A command line that parsed: what to do, and the global options that shape how.
struct ParsedInvocation: Sendable, Equatable {
    var action: Action
    var globals: GlobalOptions

    init(action: Action, globals: GlobalOptions = GlobalOptions()) {
        self.action = action
        self.globals = globals
    }
}

extension ParsedInvocation {
    /// What the command line asks for: a command to run, or help or the version, which the
    /// runner prints without touching the device.
    ///
    /// Names (items, lists, recipes, members, households) are passed through as typed: matching
    /// them case-insensitively, and reporting ambiguity, needs the household's data. Dates are
    /// passed through unchecked too: reading them (and any words like "today") needs the clock
    /// and the household's calendar, which the runner has. A `-` for a file or `--fields` is
    /// passed through and means standard input.
    enum Action: Sendable, Equatable {
        /// Run this command.
        case run(any OursCommand)

        // MARK: Household life

        /// `ours chore add NAME --every DURATION [--assign MEMBER]`
        case choreAdd(name: String, every: DurationText, assign: String?)
        /// `ours chore done NAME`
        case choreDone(name: String)
        /// `ours chores`
        case chores
        /// `ours task add TITLE... [--project P] [--due DATE] [--priority 1-4] [--assign MEMBER]`
        case taskAdd(title: String, project: String?, due: String?, priority: Int?, assign: String?)
        /// `ours task done TITLE...`
        case taskDone(title: String)
        /// `ours tasks [--project P]`
        case tasks(project: String?)
        /// `ours export [--format FORMAT] [--out PATH]`; no format means the runner chooses.
        case export(format: ExportFormat?, out: String?)

        // MARK: About ours

        /// `ours help [COMMAND...]`, `ours COMMAND --help`, or a command that only groups others.
        /// The path holds canonical names, never aliases.
        case help(path: [String])
        /// `ours version` or `ours --version`
        case version

        static func == (a: Action, b: Action) -> Bool {
            if case .run(let x) = a, case .run(let y) = b { return x.isEqual(to: y) }
            // Until every command is a type of its own: the cases that remain compare by their text.
            return String(reflecting: a) == String(reflecting: b)
        }
    }
}
