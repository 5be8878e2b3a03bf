/// Renders help from the same declarations the parser reads, so help cannot describe options
/// the parser does not accept, or miss ones it does.
public struct HelpFormatter<Command: Sendable>: Sendable {
    public let root: CommandSpec<Command>
    public let globalOptions: [OptionSpec]
    /// Sections the overview ends with, such as the exit codes.
    public let overviewSections: [HelpSection]
    /// The widest a line may be.
    public let width: Int

    public init(
        root: CommandSpec<Command>, globalOptions: [OptionSpec],
        overviewSections: [HelpSection] = [], width: Int = 100
    ) {
        self.root = root
        self.globalOptions = globalOptions
        self.overviewSections = overviewSections
        self.width = width
    }

    /// `ours --help`: what the program is for, its commands under their headings, the global
    /// options and any extra sections.
    public func overview() -> String {
        var lines = TextLayout.wrap(root.summary, width: width)
        lines += [""]
        lines += TextLayout.usage(
            prefix: "Usage: ", tokens: [root.name, "COMMAND", "[ARGUMENTS]", "[OPTIONS]"],
            width: width)
        for group in groups(of: root) {
            let commands = root.subcommands.filter { $0.group == group }
            lines += section(group ?? "Other commands", rows: commands.map(commandRow))
        }
        lines += section("Global options", rows: globalOptions.map(optionRow(in: globalOptions)))
        for extra in overviewSections {
            lines += section(extra.title, rows: extra.rows.map { ($0.label, $0.text) })
        }
        lines += [""]
        lines += TextLayout.wrap(
            "Run '\(root.name) COMMAND --help' or '\(root.name) help COMMAND' for more about a "
                + "command.", width: width)
        return lines.joined(separator: "\n") + "\n"
    }

    /// `ours COMMAND --help`: the summary, usage, arguments, options, subcommands and examples.
    ///
    /// - Parameters:
    ///   - node: The command to describe.
    ///   - path: Its canonical names below the root, for the usage line.
    public func help(for node: CommandSpec<Command>, path: [String]) -> String {
        let invocation = ([root.name] + path).joined(separator: " ")
        var lines = TextLayout.wrap(sentence(node.summary), width: width)
        if let discussion = node.discussion {
            lines += [""] + TextLayout.wrap(discussion, width: width)
        }
        lines += [""] + usageLines(for: node, invocation: invocation)
        lines += section("Arguments", rows: node.arguments.map { ($0.name, $0.help) })
        lines += section("Options", rows: node.options.map(optionRow(in: node.options)))
        lines += section("Commands", rows: node.subcommands.map(commandRow))
        lines += section("Examples", rows: node.examples.map { ($0, "") })
        let globals = globalOptions.map { option in
            option.short.map { "-\($0)/\(option.synopsis)" } ?? option.synopsis
        }
        lines += ["", "Global options (see '\(root.name) --help'):"]
        lines += TextLayout.wrap(globals.joined(separator: ", "), width: width - 2).map {
            "  " + $0
        }
        if !node.subcommands.isEmpty {
            lines += [""]
            lines += TextLayout.wrap(
                "Run '\(invocation) COMMAND --help' for more about a command.", width: width)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One usage line for running the node itself, and one for its subcommands if it has any.
    private func usageLines(for node: CommandSpec<Command>, invocation: String) -> [String] {
        var forms: [[String]] = []
        if node.isRunnable {
            let required = node.options.filter(\.isRequired).map(\.synopsis)
            let optional = node.options.filter { !$0.isRequired }.map { option in
                "[\(option.synopsis)]" + (option.isRepeatable ? "..." : "")
            }
            forms.append(node.arguments.map(\.synopsis) + required + optional)
        }
        if !node.subcommands.isEmpty { forms.append(["COMMAND"]) }
        var lines: [String] = []
        for (index, tokens) in forms.enumerated() {
            let prefix = (index == 0 ? "Usage: " : "       ") + invocation
            lines +=
                tokens.isEmpty
                ? [prefix] : TextLayout.usage(prefix: prefix + " ", tokens: tokens, width: width)
        }
        return lines
    }

    /// A blank line, `Title:` and the table; nothing at all for an empty table.
    private func section(_ title: String, rows: [(String, String)]) -> [String] {
        guard !rows.isEmpty else { return [] }
        let table = rows.map { (label: $0.0, text: $0.1) }
        return ["", "\(title):"] + TextLayout.table(table, width: width)
    }

    /// `-l, --list NAME`, with long names lined up under each other when some have a letter.
    private func optionRow(in options: [OptionSpec]) -> (OptionSpec) -> (String, String) {
        let anyShort = options.contains { $0.short != nil }
        return { option in
            let lead = option.short.map { "-\($0), " } ?? (anyShort ? "    " : "")
            var text = option.help
            if option.isRequired { text += " (required)" }
            if option.isRepeatable { text += " (repeatable)" }
            return (lead + option.synopsis, text)
        }
    }

    /// `remove, rm`: aliases sit beside the name, where someone scanning for either finds it.
    private func commandRow(_ command: CommandSpec<Command>) -> (String, String) {
        (([command.name] + command.aliases).joined(separator: ", "), command.summary)
    }

    /// Headings in the order their first command was declared; ungrouped commands last.
    private func groups(of node: CommandSpec<Command>) -> [String?] {
        var seen: [String?] = []
        for command in node.subcommands where !seen.contains(command.group) {
            seen.append(command.group)
        }
        return seen.filter { $0 != nil } + (seen.contains(nil) ? [nil] : [])
    }

    private func sentence(_ summary: String) -> String {
        guard let last = summary.last, !".!?".contains(last) else { return summary }
        return summary + "."
    }
}
