/// Typed readings of option and argument values, each failing with a message that names the
/// option and quotes the value, so every command reports a bad number or duration alike.
extension ParsedValues {
    /// The whole number given for `--name`, if any.
    ///
    /// - Parameters:
    ///   - name: The option's long name.
    ///   - bounds: The accepted range; the message states it when the value falls outside.
    /// - Throws: `UsageError` when the value is not a whole number or is out of range.
    public func integer(
        _ name: String, in bounds: ClosedRange<Int> = Int.min...Int.max
    )
        throws(UsageError) -> Int?
    {
        guard let text = option(name) else { return nil }
        return try Self.integer(text, label: spec(name).longForm, in: bounds, command: command)
    }

    /// The duration given for `--name`, if any.
    ///
    /// - Throws: `UsageError` quoting the value and saying what is wrong with it.
    public func duration(_ name: String) throws(UsageError) -> DurationText? {
        guard let text = option(name) else { return nil }
        return try Self.duration(text, label: spec(name).longForm, command: command)
    }

    /// The duration given for a required `--name`.
    public func requiredDuration(_ name: String) throws(UsageError) -> DurationText {
        guard let duration = try duration(name) else {
            throw .missingOption(spec(name), command: command)
        }
        return duration
    }

    /// The choice given for `--name`, if any; see `ArgumentChoice`.
    public func choice<Choice: ArgumentChoice>(
        _ name: String, as type: Choice.Type
    )
        throws(UsageError) -> Choice?
    {
        guard let text = option(name) else { return nil }
        return try Self.choice(text, label: spec(name).longForm, as: type, command: command)
    }

    /// The choice given for the required positional argument `name`.
    public func choiceArgument<Choice: ArgumentChoice>(
        _ name: String, as type: Choice.Type
    )
        throws(UsageError) -> Choice
    {
        try Self.choice(argument(name), label: name, as: type, command: command)
    }

    static func duration(
        _ text: String, label: String, command: [String]
    ) throws(UsageError) -> DurationText {
        do {
            return try DurationText.parse(text)
        } catch {
            throw .invalidValue(
                label, value: text, expected: DurationText.expectation, detail: error.reason,
                command: command)
        }
    }

    static func integer(
        _ text: String, label: String, in bounds: ClosedRange<Int>, command: [String]
    ) throws(UsageError) -> Int {
        guard let number = Int(text) else {
            throw .invalidValue(label, value: text, expected: "a whole number", command: command)
        }
        guard bounds.contains(number) else {
            let expected =
                bounds.upperBound == Int.max
                ? "a whole number of at least \(bounds.lowerBound)"
                : "a whole number from \(bounds.lowerBound) to \(bounds.upperBound)"
            throw .invalidValue(label, value: text, expected: expected, command: command)
        }
        return number
    }

    static func choice<Choice: ArgumentChoice>(
        _ text: String, label: String, as type: Choice.Type, command: [String]
    ) throws(UsageError) -> Choice {
        // Case does not carry meaning in these words, and people type "Dinner".
        let lowered = text.lowercased()
        if let match = Choice.allCases.first(where: { $0.rawValue.lowercased() == lowered }) {
            return match
        }
        let names = Choice.allCases.map(\.rawValue)
        throw .invalidValue(
            label, value: text, expected: "one of \(Suggestions.sentenceList(names))",
            suggestions: Suggestions.closest(to: text, among: names), command: command)
    }
}
