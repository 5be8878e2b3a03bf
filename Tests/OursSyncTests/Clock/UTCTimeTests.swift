import Testing

@testable import OursSync

/// Dates are computed without Foundation's formatters so every platform writes the same
/// text; these check the arithmetic against a deliberately naive calendar.
@Suite struct UTCTimeTests {
    @Test(arguments: [
        (Int64(0), "1970-01-01T00:00:00.000Z"),
        (-1, "1969-12-31T23:59:59.999Z"),
        (951_782_400_000, "2000-02-29T00:00:00.000Z"),
        (1_795_342_500_123, "2026-11-22T10:15:00.123Z"),
        (13_601_087_999_999, "2400-12-31T23:59:59.999Z"),
        (4_107_542_399_999, "2100-02-28T23:59:59.999Z"),
        (4_107_542_400_000, "2100-03-01T00:00:00.000Z"),
        (13_574_563_200_000, "2400-02-29T00:00:00.000Z"),
    ])
    func knownInstants(millis: Int64, text: String) {
        #expect(UTCTime.iso8601(millis: millis) == text)
        #expect(UTCTime.parseISO8601(text) == millis)
    }

    @Test func randomInstantsRoundTripAndMatchANaiveCalendar() {
        var rng = SplitMix64(seed: 1970)
        let end: Int64 = 13_601_087_999_999  // 2400-12-31T23:59:59.999Z
        for i in 0..<2_000 {
            // Every fourth sample lands on a 29 February to exercise leap days.
            let millis = i % 4 == 0 ? leapDayMillis(&rng) : rng.int64(0...end)
            let text = UTCTime.iso8601(millis: millis)
            #expect(text.utf8.count == 24)
            #expect(UTCTime.parseISO8601(text) == millis, "\(text)")
            #expect(text == naiveISO8601(millis), "\(millis)")
        }
    }

    @Test func consecutiveDaysAroundCenturyBoundaries() {
        for (start, end) in [("1999-12-01", "2001-03-31"), ("2099-12-01", "2101-03-31"), ("2399-12-01", "2401-03-31")] {
            guard let first = UTCTime.parseDay(start), let last = UTCTime.parseDay(end) else {
                Issue.record("cannot parse \(start) or \(end)")
                continue
            }
            var previous = UTCTime.day(first - 1)
            for day in first...last {
                let text = UTCTime.day(day)
                #expect(text > previous)
                #expect(UTCTime.parseDay(text) == day)
                previous = text
            }
        }
    }

    @Test(arguments: [
        ("1970-01-01", Int64(0)), ("1969-12-31", -1), ("2000-02-29", 11_016), ("2000-03-01", 11_017),
        ("2024-02-29", 19_782), ("2400-02-29", 157_113),
    ])
    func knownDays(text: String, day: Int64) {
        #expect(UTCTime.parseDay(text) == day)
        #expect(UTCTime.day(day) == text)
    }

    @Test(arguments: [
        "1900-02-29", "2100-02-29", "2023-02-29", "2026-02-30", "2026-04-31", "2026-13-01", "2026-00-10",
        "2026-01-00", "2026-01-32", "2026-1-01", "2026/01/01", "2026-01-01T", " 2026-01-01", "20260101", "",
        "2026-0a-01", "２０２６-01-01",
    ])
    func rejectsInvalidDays(text: String) {
        #expect(UTCTime.parseDay(text) == nil)
    }

    @Test(arguments: [
        "2026-11-22T24:00:00.000Z", "2026-11-22T10:60:00.000Z", "2026-11-22T10:15:60.000Z",
        "2026-11-22T10:15:00.000z", "2026-11-22T10:15:00.000+", "2026-11-22 10:15:00.000Z",
        "2026-11-22T10:15:00,000Z", "2026-11-22T10:15:00.00Z", "2026-11-22T10:15:00Z", "2100-02-29T00:00:00.000Z",
        "2026-11-22T10:15:00.000Z ", "2026-11-22T1a:15:00.000Z",
    ])
    func rejectsInvalidInstants(text: String) {
        #expect(UTCTime.parseISO8601(text) == nil)
    }

    @Test(arguments: [(Int64(7), Int64(2), Int64(3)), (-7, 2, -4), (-8, 2, -4), (0, 5, 0), (-1, 86_400_000, -1)])
    func floorDivRoundsDown(a: Int64, b: Int64, quotient: Int64) {
        #expect(UTCTime.floorDiv(a, b) == quotient)
    }

    // MARK: A calendar simple enough to trust by reading it

    private func leapDayMillis(_ rng: inout SplitMix64) -> Int64 {
        var year = Int64(rng.int(1970...2400))
        while !isLeap(year) { year += 1 }
        if year > 2400 { year = 2396 }
        let day = UTCTime.parseDay(String(year) + "-02-29")!
        return day * 86_400_000 + rng.int64(0...86_399_999)
    }

    private func isLeap(_ y: Int64) -> Bool { (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 }

    private func naiveISO8601(_ millis: Int64) -> String {
        var days = millis / 86_400_000
        var ms = millis % 86_400_000
        var year: Int64 = 1970
        while days >= (isLeap(year) ? 366 : 365) {
            days -= isLeap(year) ? 366 : 365
            year += 1
        }
        let lengths: [Int64] = [31, isLeap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        var month = 0
        while days >= lengths[month] {
            days -= lengths[month]
            month += 1
        }
        func two(_ v: Int64) -> String { v < 10 ? "0\(v)" : "\(v)" }
        let hours = ms / 3_600_000
        ms %= 3_600_000
        let minutes = ms / 60_000
        ms %= 60_000
        let frac = ms % 1000
        let fracText = frac < 10 ? "00\(frac)" : frac < 100 ? "0\(frac)" : "\(frac)"
        return "\(year)-\(two(Int64(month + 1)))-\(two(days + 1))T\(two(hours)):\(two(minutes)):\(two(ms / 1000)).\(fracText)Z"
    }
}
