/// The wording of every usage error, in one place.
extension UsageError {
    public static func unknownCommand(
        _ word: String, suggestions: [String], command: [String]
    )
        -> UsageError
    {
        UsageError(
            "unknown command '\(word)'\(qualifier(command))\(didYouMean(suggestions))",
            command: command)
    }

    public static func unknownOption(
        _ spelled: String, suggestions: [String], command: [String]
    )
        -> UsageError
    {
        UsageError(
            "unknown option '\(spelled)'\(qualifier(command))\(didYouMean(suggestions))",
            command: command)
    }

    public static func missingValue(_ option: OptionSpec, command: [String]) -> UsageError {
        UsageError("\(option.longForm) needs a value", command: command)
    }

    public static func flagTakesNoValue(
        _ option: OptionSpec, value: String, command: [String]
    )
        -> UsageError
    {
        UsageError("\(option.longForm) takes no value, got '\(value)'", command: command)
    }

    public static func repeatedOption(_ option: OptionSpec, command: [String]) -> UsageError {
        UsageError("\(option.longForm) can be given only once", command: command)
    }

    public static func missingOption(_ option: OptionSpec, command: [String]) -> UsageError {
        UsageError("missing option \(option.synopsis)\(qualifier(command))", command: command)
    }

    public static func missingArgument(
        _ argument: ArgumentSpec, command: [String]
    )
        -> UsageError
    {
        UsageError("missing argument \(argument.name)\(qualifier(command))", command: command)
    }

    /// A word left over after every positional argument took its share.
    public static func unexpectedArgument(
        _ word: String, arguments: [ArgumentSpec], command: [String]
    ) -> UsageError {
        let name = "'\(command.joined(separator: " "))'"
        guard !arguments.isEmpty else {
            return UsageError("\(name) takes no arguments, got '\(word)'", command: command)
        }
        let takes = arguments.map(\.synopsis).joined(separator: " ")
        return UsageError(
            "unexpected extra argument '\(word)' for \(name), which takes \(takes); "
                + "quote a value that contains spaces",
            command: command)
    }

    /// A value of the right shape in the wrong form, e.g. a word where a number belongs.
    ///
    /// - Parameters:
    ///   - label: The option or argument, as written in usage: `--uses`, `SLOT`.
    ///   - value: What was given, quoted back verbatim.
    ///   - expected: What would have been accepted, after "needs": `a whole number`.
    ///   - detail: Why the value fails, when `expected` alone does not make it plain.
    ///   - suggestions: Accepted values the given one is probably a typo of.
    public static func invalidValue(
        _ label: String, value: String, expected: String, detail: String? = nil,
        suggestions: [String] = [], command: [String]
    ) -> UsageError {
        let why = detail.map { " (\($0))" } ?? ""
        return UsageError(
            "\(label) needs \(expected), got '\(value)'\(why)\(didYouMean(suggestions))",
            command: command)
    }

    /// Two options that ask for opposite things, such as `--as-new` and `--replace`.
    public static func conflictingOptions(_ first: OptionSpec, _ second: OptionSpec, command: [String]) -> UsageError {
        UsageError("\(first.longForm) and \(second.longForm) cannot be given together", command: command)
    }

    /// ` for 'ours household'`, or nothing at the top level where it would only add noise.
    private static func qualifier(_ command: [String]) -> String {
        command.count > 1 ? " for '\(command.joined(separator: " "))'" : ""
    }

    private static func didYouMean(_ suggestions: [String]) -> String {
        suggestions.isEmpty ? "" : "; did you mean \(Suggestions.quotedList(suggestions))?"
    }
}
