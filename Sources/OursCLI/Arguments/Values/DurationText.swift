/// A length of time as people type it on a command line: `7d`, `12h`, `30m`, `1s`, `500ms`,
/// or several together, `1h30m`.
///
/// Keeps the text it was parsed from so output and errors can echo what the person wrote,
/// rather than a normalised `604800s` they never typed.
public struct DurationText: Sendable, Hashable, CustomStringConvertible {
    /// Why some text is not a duration.
    public struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
        /// The text, verbatim.
        public let text: String
        /// What is wrong with it, in a few words: `unknown unit 'x'; use ms, s, m, h, d or w`.
        public let reason: String

        public init(text: String, reason: String) {
            self.text = text
            self.reason = reason
        }

        public var description: String { "'\(text)' is not a duration: \(reason)" }
    }

    /// The text as given.
    public let text: String
    /// The length in milliseconds, the finest unit accepted.
    public let milliseconds: Int64

    /// The length in seconds, for APIs that take `TimeInterval`.
    public var seconds: Double { Double(milliseconds) / 1000 }

    /// The length as a `Swift.Duration`, for clocks and sleeping.
    public var duration: Duration { .milliseconds(milliseconds) }

    public var description: String { text }

    /// What a duration looks like, for messages that ask for one.
    static let expectation = "a duration such as 7d, 12h, 30m, 1s or 500ms"

    private static let unitNames = "use ms, s, m, h, d or w"

    private static let unitMilliseconds: [Substring: Int64] = [
        "ms": 1, "s": 1_000, "m": 60_000, "h": 3_600_000, "d": 86_400_000, "w": 604_800_000,
    ]

    /// Reads a duration made of whole numbers each followed by a unit: `ms` milliseconds, `s`
    /// seconds, `m` minutes, `h` hours, `d` days, `w` weeks.
    ///
    /// Units are lower case only, so `M` cannot be mistaken for months; months and years are
    /// left out because their length varies.
    ///
    /// - Parameter text: The text to read, such as `7d` or `1h30m`.
    /// - Returns: The duration, which is always longer than zero.
    /// - Throws: `ParseError` naming the part that could not be read.
    public static func parse(_ text: String) throws(ParseError) -> DurationText {
        func failure(_ reason: String) -> ParseError { ParseError(text: text, reason: reason) }
        guard !text.isEmpty else { throw failure("it is empty") }
        guard !text.contains(".") else {
            throw failure("use whole numbers, such as 90m rather than 1.5h")
        }
        var total: Int64 = 0
        var rest = Substring(text)
        while !rest.isEmpty {
            let digits = rest.prefix(while: isDigit)
            guard !digits.isEmpty else { throw failure("expected a number at '\(rest)'") }
            rest = rest.dropFirst(digits.count)
            let unit = rest.prefix { !isDigit($0) }
            rest = rest.dropFirst(unit.count)
            guard !unit.isEmpty else { throw failure("the number needs a unit; \(unitNames)") }
            guard let scale = unitMilliseconds[unit] else {
                throw failure("unknown unit '\(unit)'; \(unitNames)")
            }
            guard let count = Int64(digits) else { throw failure("it is too long") }
            let (part, overflowA) = count.multipliedReportingOverflow(by: scale)
            let (sum, overflowB) = total.addingReportingOverflow(part)
            guard !overflowA, !overflowB else { throw failure("it is too long") }
            total = sum
        }
        guard total > 0 else { throw failure("it must be longer than zero") }
        return DurationText(text: text, milliseconds: total)
    }

    private static func isDigit(_ character: Character) -> Bool {
        character >= "0" && character <= "9"
    }

    private init(text: String, milliseconds: Int64) {
        self.text = text
        self.milliseconds = milliseconds
    }
}
