import OursSync
import Testing

@testable import OursHousehold

/// `--week`: the week words the help shows (`this`, `next`, `last`, `+N`, `-N`) and any day of
/// the week, as a date or a date word.
@Suite struct MealWeekTests {
    /// A Wednesday.
    let today = CalendarDay("2026-12-02")!

    func monday(_ text: String) throws -> String {
        try Household.dayInWeek(text, today: today).weekStart.description
    }

    @Test func weekWordsCountWeeksFromThisOne() throws {
        #expect(try monday("this") == "2026-11-30")
        #expect(try monday("next") == "2026-12-07")
        #expect(try monday("Next") == "2026-12-07")
        #expect(try monday("last") == "2026-11-23")
        #expect(try monday("+2") == "2026-12-14")
        #expect(try monday("-1") == "2026-11-23")
        #expect(try monday("+0") == "2026-11-30")
    }

    @Test func anyDayOfTheWeekNamesIt() throws {
        #expect(try monday("2026-12-20") == "2026-12-14")
        #expect(try monday("tomorrow") == "2026-11-30")
        #expect(try monday("sunday") == "2026-11-30")
        #expect(try monday("monday") == "2026-12-07", "the next Monday, as everywhere a weekday is read")
    }

    @Test func anythingElseIsRefusedSayingWhatWorks() {
        for text in ["soon", "+", "+x", "++1", "+9999", "2026-13-01"] {
            let error = #expect(throws: OursError.self) { try Household.dayInWeek(text, today: today) }
            #expect(error?.kind == .usage, "\(text)")
            #expect(error?.message == "--week \"\(text)\" is not a week", "\(text)")
            #expect(error?.hint?.contains("next, last, +2") == true)
        }
    }
}
