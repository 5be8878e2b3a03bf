/// Typed readings of the text given for an option or argument, each failing with a message
/// that names the option and quotes the value, so every command reports a bad number or
/// duration alike. `Option` and `Argument` read their values through these.
extension ParsedValues {
    /// A whole number within `bounds`; the message states the bounds when it falls outside.
    ///
    /// - Parameter label: The option or argument, as written in usage: `--uses`.
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

    /// A duration, the message saying what is wrong with it.
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

    /// One of a closed set of words, ignoring case; a near miss gets a suggestion.
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
