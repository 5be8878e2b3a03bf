/// The state of one left-to-right pass over a command line; `CommandTreeParser` drives it.
///
/// A separate mutable value keeps the parser itself immutable and `Sendable`, and keeps each
/// step (an option, a word, the final binding of positionals) a small function of its own.
struct CommandLineScan<Command: Sendable> {
    private let globalOptions: [OptionSpec]
    private var node: CommandSpec<Command>
    /// The words that chose `node`, starting with the program name.
    private var path: [String]
    private var localFlags: Set<String> = []
    private var localValues: [String: [String]] = [:]
    private var globalFlags: Set<String> = []
    private var globalValues: [String: [String]] = [:]
    private var words: [String] = []
    private var optionsEnded = false

    init(root: CommandSpec<Command>, globalOptions: [OptionSpec]) {
        self.globalOptions = globalOptions
        self.node = root
        self.path = [root.name]
    }

    mutating func read(_ arguments: [String]) throws(UsageError) {
        var rest = arguments[...]
        while let token = rest.popFirst() {
            if !optionsEnded, token == "--" {
                optionsEnded = true
            } else if !optionsEnded, Self.isOptionLike(token) {
                try readOption(token, rest: &rest)
            } else {
                try readWord(token)
            }
        }
    }

    func finish() throws(UsageError) -> ParseOutcome<Command> {
        let globals = ParsedValues(
            command: [path[0]], options: globalOptions, arguments: [], flags: globalFlags,
            optionValues: globalValues, argumentValues: [:])
        let helpPath = Array(path.dropFirst())
        // `--help` and `--version` work after any command, whatever else it would need.
        if globalFlags.contains(OptionSpec.helpName) || globalFlags.contains(OptionSpec.versionName) {
            return .help(path: helpPath, globals: globals)
        }
        guard let build = node.build else { return .help(path: helpPath, globals: globals) }
        let arguments = try bindArguments()
        if let missing = node.options.first(where: { $0.isRequired && localValues[$0.name] == nil }) {
            throw .missingOption(missing, command: path)
        }
        let values = ParsedValues(
            command: path, options: node.options, arguments: node.arguments, flags: localFlags,
            optionValues: localValues, argumentValues: arguments)
        return .command(try build(values), globals: globals)
    }

    /// Whether a token is an option rather than a value: `-` alone means standard input by
    /// convention, and `-3` is a number.
    static func isOptionLike(_ token: String) -> Bool {
        guard token.hasPrefix("-"), token.count > 1 else { return false }
        return !token.dropFirst().allSatisfy { ("0"..."9").contains($0) || $0 == "." }
    }

    private mutating func readOption(
        _ token: String, rest: inout ArraySlice<String>
    )
        throws(UsageError)
    {
        let (spelled, inline) = Self.split(token)
        guard let (spec, isGlobal) = lookUp(spelled) else {
            throw .unknownOption(
                spelled,
                suggestions: Self.suggestions(for: spelled, among: node.options + globalOptions),
                command: path)
        }
        guard spec.takesValue else {
            if let inline { throw .flagTakesNoValue(spec, value: inline, command: path) }
            if isGlobal { globalFlags.insert(spec.name) } else { localFlags.insert(spec.name) }
            return
        }
        let value: String
        if let inline {
            value = inline
        } else if let next = rest.first, next != "--", !Self.isOptionLike(next) {
            value = next
            rest.removeFirst()
        } else {
            throw .missingValue(spec, command: path)
        }
        let previous = isGlobal ? globalValues[spec.name] : localValues[spec.name]
        if previous != nil, !spec.isRepeatable { throw .repeatedOption(spec, command: path) }
        if isGlobal {
            globalValues[spec.name, default: []].append(value)
        } else {
            localValues[spec.name, default: []].append(value)
        }
    }

    private mutating func readWord(_ word: String) throws(UsageError) {
        if words.isEmpty, !node.subcommands.isEmpty {
            if let subcommand = node.subcommand(named: word) {
                try descend(into: subcommand)
                return
            }
            if node.arguments.isEmpty {
                let candidates = node.subcommands.flatMap { [$0.name] + $0.aliases }
                throw .unknownCommand(
                    word, suggestions: Suggestions.closest(to: word, among: candidates),
                    command: path)
            }
        }
        words.append(word)
    }

    /// Moves to a subcommand, keeping options already given only if it accepts them too, so
    /// `ours meals --week 2025-03-10 to-list` means what it says.
    private mutating func descend(into subcommand: CommandSpec<Command>) throws(UsageError) {
        let child = path + [subcommand.name]
        for name in localFlags.union(localValues.keys).sorted()
        where subcommand.option(named: name) == nil {
            let spelled = "--" + name
            throw .unknownOption(
                spelled, suggestions: Self.suggestions(for: spelled, among: subcommand.options),
                command: child)
        }
        node = subcommand
        path = child
    }

    /// Hands out the positional words in declaration order; a variadic argument, always last,
    /// takes whatever remains.
    private func bindArguments() throws(UsageError) -> [String: [String]] {
        var remaining = words[...]
        var bound: [String: [String]] = [:]
        for argument in node.arguments {
            if argument.isVariadic {
                if argument.isRequired, remaining.isEmpty {
                    throw .missingArgument(argument, command: path)
                }
                bound[argument.name] = Array(remaining)
                remaining = []
            } else if let word = remaining.popFirst() {
                bound[argument.name] = [word]
            } else if argument.isRequired {
                throw .missingArgument(argument, command: path)
            }
        }
        if let extra = remaining.first {
            throw .unexpectedArgument(extra, arguments: node.arguments, command: path)
        }
        return bound
    }

    /// The option a token names, the current command's own taking precedence over a global.
    private func lookUp(_ spelled: String) -> (OptionSpec, isGlobal: Bool)? {
        let local: OptionSpec?
        let global: OptionSpec?
        if spelled.hasPrefix("--") {
            let name = String(spelled.dropFirst(2))
            local = node.option(named: name)
            global = globalOptions.first { $0.name == name }
        } else if spelled.count == 2, let letter = spelled.last {
            local = node.option(short: letter)
            global = globalOptions.first { $0.short == letter }
        } else {
            return nil
        }
        if let local { return (local, false) }
        if let global { return (global, true) }
        return nil
    }

    /// Long names close to what was typed; `-json` gets `--json`, a lone unknown letter none.
    private static func suggestions(
        for spelled: String, among options: [OptionSpec]
    )
        -> [String]
    {
        let bare = spelled.drop { $0 == "-" }
        guard bare.count > 1 else { return [] }
        return Suggestions.closest(to: String(bare), among: options.map(\.name)).map { "--" + $0 }
    }

    /// `--name=value` into its two halves; short options never carry an inline value.
    private static func split(_ token: String) -> (spelled: String, inline: String?) {
        guard token.hasPrefix("--"), let equals = token.firstIndex(of: "=") else {
            return (token, nil)
        }
        return (String(token[..<equals]), String(token[token.index(after: equals)...]))
    }
}
