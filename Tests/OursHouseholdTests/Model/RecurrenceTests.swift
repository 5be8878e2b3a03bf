import OursSync
import Testing

@testable import OursHousehold

@Suite struct RecurrenceTests {
    @Test(arguments: [
        ("7d", Recurrence.every(7, .day), "every 7 days"),
        ("every 2 weeks", .every(2, .week), "every 2 weeks"),
        ("2w", .every(2, .week), "every 2 weeks"),
        ("Monthly", .every(1, .month), "every month"),
        ("every 3 months", .every(3, .month), "every 3 months"),
        ("3mo", .every(3, .month), "every 3 months"),
        ("every other week", .every(2, .week), "every 2 weeks"),
        ("fortnightly", .every(2, .week), "every 2 weeks"),
        ("quarterly", .every(3, .month), "every 3 months"),
        ("yearly", .every(12, .month), "every 12 months"),
        ("every 2 years", .every(24, .month), "every 24 months"),
        ("daily", .every(1, .day), "every day"),
        ("every  day", .every(1, .day), "every day"),
        ("12h", .span(Interval("12h")!), "every 12 hours"),
        ("every 36 hours", .span(Interval("36h")!), "every 36 hours"),
        ("1h30m", .span(Interval("90m")!), "every 90 minutes"),
        ("48h", .span(Interval("48h")!), "every 48 hours"),
        ("every monday", .weekdays([1]), "every mon"),
        ("Mondays", .weekdays([1]), "every mon"),
        ("mon,thu", .weekdays([1, 4]), "every mon,thu"),
        ("thu, mon", .weekdays([1, 4]), "every mon,thu"),
        ("every tue and fri", .weekdays([2, 5]), "every tue,fri"),
        ("tues & thurs", .weekdays([2, 4]), "every tue,thu"),
        ("weekdays", .weekdays([1, 2, 3, 4, 5]), "every mon,tue,wed,thu,fri"),
        ("weekends", .weekdays([6, 7]), "every sat,sun"),
        ("on the 1st", .monthDay(1), "on day 1"),
        ("the 22nd", .monthDay(22), "on day 22"),
        ("31st", .monthDay(31), "on day 31"),
        ("day 15", .monthDay(15), "on day 15"),
        ("on day 15", .monthDay(15), "on day 15"),
        ("the 3rd of every month", .monthDay(3), "on day 3"),
        ("the 15", .monthDay(15), "on day 15"),
    ])
    func reads(text: String, rule: Recurrence, stored: String) {
        #expect(Recurrence(text) == rule, "\(text)")
        #expect(rule.description == stored)
        #expect(Recurrence(stored) == rule, "the stored form reads back")
    }

    @Test(arguments: [
        "", "every", "15", "day 32", "the 0th", "0d", "every 0 weeks", "every 121 months", "3661d", "fortnite", "mon,funday",
        "t", "every month on", "s", "7x",
    ])
    func refuses(text: String) {
        #expect(Recurrence(text) == nil, "\(text)")
        #expect(OursError.caught { _ = try Recurrence.parse(text, what: "--every") }?.kind == .usage)
    }

    @Test(arguments: [
        (Recurrence.every(1, .day), "every day", "1d"), (.every(2, .week), "every 2 weeks", "14d"),
        (.every(3, .month), "every 3 months", "90d"), (.span(Interval("12h")!), "every 12 hours", "12h"),
        (.weekdays([1, 4]), "every Monday and Thursday", "84h"),
        (.weekdays([1, 3, 5]), "every Monday, Wednesday and Friday", "56h"),
        (.weekdays([1, 2, 3, 4, 5]), "every weekday", "33h"), (.monthDay(1), "every month on the 1st", "30d"),
        (.monthDay(31), "every month on the 31st (or its last day)", "30d"),
        (.monthDay(22), "every month on the 22nd", "30d"), (.monthDay(13), "every month on the 13th", "30d"),
    ])
    func phraseAndWhatOlderVersionsRead(rule: Recurrence, phrase: String, every: String) {
        #expect(rule.phrase == phrase)
        #expect(rule.legacyInterval.description == every)
        #expect(Interval(every) == rule.legacyInterval, "an older version reads it")
    }

    @Test func legacyIntervalsCountWholeDaysOnTheCalendar() {
        #expect(Recurrence(legacy: Interval("7d")!) == .every(7, .day))
        #expect(Recurrence(legacy: Interval("2w")!) == .every(14, .day))
        #expect(Recurrence(legacy: Interval("12h")!) == .span(Interval("12h")!))
        #expect(Recurrence(legacy: Interval("1d12h")!) == .span(Interval("36h")!))
    }
}
