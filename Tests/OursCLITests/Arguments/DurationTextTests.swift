import OursCLI
import Testing

@Suite struct DurationTextTests {
    @Test(
        arguments: [
            ("500ms", 500),
            ("1s", 1_000),
            ("90s", 90_000),
            ("30m", 1_800_000),
            ("12h", 43_200_000),
            ("7d", 604_800_000),
            ("2w", 1_209_600_000),
            ("1h30m", 5_400_000),
            ("1d12h", 129_600_000),
            ("1s500ms", 1_500),
            ("007s", 7_000),
        ] as [(String, Int64)])
    func parses(text: String, milliseconds: Int64) throws {
        let duration = try DurationText.parse(text)
        #expect(duration.milliseconds == milliseconds)
        #expect(duration.text == text)
        #expect(duration.description == text)
    }

    @Test func convertsToSecondsAndSwiftDuration() throws {
        let duration = try DurationText.parse("1500ms")
        #expect(duration.seconds == 1.5)
        #expect(duration.duration == .milliseconds(1_500))
        #expect(try DurationText.parse("7d").duration == .seconds(604_800))
    }

    @Test(arguments: [
        ("", "it is empty"),
        ("7", "the number needs a unit; use ms, s, m, h, d or w"),
        ("1h30", "the number needs a unit; use ms, s, m, h, d or w"),
        ("7x", "unknown unit 'x'; use ms, s, m, h, d or w"),
        ("7D", "unknown unit 'D'; use ms, s, m, h, d or w"),
        ("7 d", "unknown unit ' d'; use ms, s, m, h, d or w"),
        ("1.5h", "use whole numbers, such as 90m rather than 1.5h"),
        ("0s", "it must be longer than zero"),
        ("0d0h", "it must be longer than zero"),
        ("d7", "expected a number at 'd7'"),
        ("-5s", "expected a number at '-5s'"),
        ("99999999999999999999d", "it is too long"),
        ("99999999999999w", "it is too long"),
        ("9223372036854775807ms1ms", "it is too long"),
    ])
    func rejects(text: String, reason: String) {
        #expect(throws: DurationText.ParseError(text: text, reason: reason)) {
            try DurationText.parse(text)
        }
    }

    @Test func errorDescriptionQuotesTheText() {
        let error = DurationText.ParseError(text: "7x", reason: "unknown unit 'x'")
        #expect(error.description == "'7x' is not a duration: unknown unit 'x'")
    }
}
