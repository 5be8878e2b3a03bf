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
        /// `ours help [COMMAND...]`, `ours COMMAND --help`, or a command that only groups others.
        /// The path holds canonical names, never aliases.
        case help(path: [String])
        /// `ours version` or `ours --version`.
        case version

        static func == (a: Action, b: Action) -> Bool {
            switch (a, b) {
            case (.run(let x), .run(let y)): x.isEqual(to: y)
            case (.help(let x), .help(let y)): x == y
            case (.version, .version): true
            case (.run, _), (.help, _), (.version, _): false
            }
        }
    }
}
