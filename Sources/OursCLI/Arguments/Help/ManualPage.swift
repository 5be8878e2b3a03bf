/// A manual page in roff (`man 7 man`) generated from a `CommandTable`, so it lists every
/// command and option the parser accepts and nothing else.
public struct ManualPage: Sendable {
    public let table: CommandTable
    public let version: String
    /// Paragraphs for DESCRIPTION, after the program's summary.
    public let description: [String]
    /// Extra sections (EXIT STATUS, ENVIRONMENT, FILES, SEE ALSO…): a title and rows.
    public let sections: [HelpSection]

    public init(table: CommandTable, version: String, description: [String], sections: [HelpSection]) {
        self.table = table
        self.version = version
        self.description = description
        self.sections = sections
    }

    /// The page. It carries no date, so regenerating it changes nothing unless the commands did.
    public func render() -> String {
        let program = table.programName
        var lines = [
            ".TH \(program.uppercased()) 1 \"\" \"\(program) \(version)\" \"User Commands\"",
            ".SH NAME", "\(program) \\- \(Self.escape(lowercasedFirst(table.entries.first?.summary ?? "")))",
            ".SH SYNOPSIS", ".B \(program)", ".I COMMAND", "[\\fIARGUMENTS\\fR] [\\fIOPTIONS\\fR]",
            ".SH DESCRIPTION",
        ]
        lines += description.flatMap { [Self.escape($0), ".PP"] }
        lines.removeLast()
        lines += [".SH COMMANDS"]
        for entry in table.entries where entry.isRunnable { lines += command(entry) }
        lines += [".SH GLOBAL OPTIONS"]
        lines += table.globalOptions.flatMap(option)
        for section in sections {
            lines += [".SH \(section.title.uppercased())"]
            for row in section.rows { lines += [".TP", "\\fB\(Self.escape(row.label))\\fR", Self.escape(row.text)] }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func command(_ entry: CommandTable.Entry) -> [String] {
        let words = [table.programName] + entry.path
        let synopsis =
            words.map { "\\fB\(Self.escape($0))\\fR" } + entry.arguments.map { "\\fI\(Self.escape($0.synopsis))\\fR" }
            + entry.options.map { option in
                let text = "\\fB\\-\\-\(Self.escape(option.name))\\fR" + (option.placeholder.map { " \\fI\($0)\\fR" } ?? "")
                return option.isRequired ? text : "[" + text + "]"
            }
        var lines = [".SS \"\(words.joined(separator: " "))\"", synopsis.joined(separator: " "), ".PP"]
        lines.append(Self.escape(sentence(entry.summary)))
        if let discussion = entry.discussion { lines += [".PP", Self.escape(discussion)] }
        for argument in entry.arguments { lines += [".TP", "\\fI\(Self.escape(argument.name))\\fR", Self.escape(argument.help)] }
        lines += entry.options.flatMap(option)
        if !entry.examples.isEmpty {
            lines += [".PP", "Examples:", ".PP", ".RS", ".nf"]
            lines += entry.examples.map(Self.escape)
            lines += [".fi", ".RE"]
        }
        return lines
    }

    private func option(_ option: OptionSpec) -> [String] {
        var label = option.short.map { "\\fB\\-\($0)\\fR, " } ?? ""
        label += "\\fB\\-\\-\(Self.escape(option.name))\\fR"
        if let placeholder = option.placeholder { label += " \\fI\(Self.escape(placeholder))\\fR" }
        var help = option.help
        if option.isRequired { help += " (required)" }
        if option.isRepeatable { help += " (repeatable)" }
        return [".TP", label, Self.escape(help)]
    }

    private func sentence(_ text: String) -> String {
        guard let last = text.last, !".!?".contains(last) else { return text }
        return text + "."
    }

    private func lowercasedFirst(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.lowercased() + text.dropFirst()
    }

    /// Text made safe for roff: backslashes and hyphens escaped, and no line starting with a
    /// control character.
    static func escape(_ text: String) -> String {
        let body = text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
        return body.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : String(line)
        }.joined(separator: "\n")
    }
}
