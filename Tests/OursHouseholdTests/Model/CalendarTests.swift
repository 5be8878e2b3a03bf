import Foundation
import OursSync
import Testing

@testable import OursHousehold

@Suite struct CalendarTests {
    let friday = CalendarDay("2025-03-14")!

    @Test func weekdaysAndWeeks() {
        #expect(friday.weekday == 5)
        #expect(friday.weekdayName == "Friday")
        #expect(friday.weekStart.description == "2025-03-10")
        #expect(CalendarDay("2025-03-16")!.weekStart.description == "2025-03-10")
        #expect(CalendarDay("2025-03-17")!.weekStart.description == "2025-03-17")
        #expect(CalendarDay("1970-01-01")!.weekdayName == "Thursday")
        #expect(CalendarDay("1969-12-29")!.weekdayName == "Monday")
    }

    @Test(arguments: [
        ("2025-03-20", "2025-03-20"), ("today", "2025-03-14"), ("Tomorrow", "2025-03-15"), ("yesterday", "2025-03-13"),
        ("friday", "2025-03-14"), ("sat", "2025-03-15"), ("Monday", "2025-03-17"), ("thu", "2025-03-20"),
    ])
    func parsing(_ text: String, _ expected: String) throws {
        #expect(try CalendarDay.parse(text, today: friday).description == expected)
    }

    @Test(arguments: ["2025-02-30", "14/03/2025", "someday", "fr", ""])
    func badDates(_ text: String) {
        let error = OursError.caught { _ = try CalendarDay.parse(text, today: friday, what: "--due") }
        #expect(error?.kind == .usage)
        #expect(error?.message == "--due \"\(text)\" is not a date")
    }

    @Test func dayInATimeZone() {
        // 2025-03-14T23:30:00Z is already Saturday in Berlin, still Friday in New York.
        let millis: Int64 = 1_741_995_000_000
        #expect(CalendarDay(millis: millis, timeZone: TimeZone(identifier: "UTC")!).description == "2025-03-14")
        #expect(CalendarDay(millis: millis, timeZone: TimeZone(identifier: "Europe/Berlin")!).description == "2025-03-15")
        #expect(CalendarDay(millis: millis, timeZone: TimeZone(identifier: "America/New_York")!).description == "2025-03-14")
    }

    @Test(arguments: [
        ("7d", "7d", "every 7 days"), ("1d", "1d", "every day"), ("12h", "12h", "every 12 hours"),
        ("2w", "14d", "every 14 days"), ("1h30m", "90m", "every 90 minutes"), ("36h", "36h", "every 36 hours"),
    ])
    func intervals(_ text: String, _ stored: String, _ phrase: String) throws {
        let interval = try #require(Interval(text))
        #expect(interval.description == stored)
        #expect(interval.phrase == phrase)
        #expect(Interval(stored) == interval)
    }

    @Test(arguments: ["", "7", "d", "7x", "0d", "1.5h"])
    func badIntervals(_ text: String) {
        #expect(Interval(text) == nil)
    }
}
