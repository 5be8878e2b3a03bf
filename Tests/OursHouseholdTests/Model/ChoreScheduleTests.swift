import Foundation
import OursSync
import Testing

@testable import OursHousehold

/// When chores fall due, rule by rule, across month ends, leap years and daylight-saving
/// changes in named time zones. Expected times are local wall-clock times, turned into
/// instants by Foundation's calendar (not by the code under test).
@Suite struct ChoreScheduleTests {
    struct Case: CustomStringConvertible, Sendable {
        var rule: String
        var zone: String
        var fixed: Bool
        /// Where the schedule starts, local time.
        var start: String
        /// The due times one after another, local time: for a fixed schedule its occurrences,
        /// for one counted from completions each one done exactly when it fell due.
        var dues: [String]

        var description: String { "\(rule) \(fixed ? "fixed" : "from completion") from \(start) in \(zone)" }
    }

    static let cases: [Case] = [
        // The 31st clamps to the month's end; a fixed schedule goes back to the 31st.
        Case(
            rule: "monthly", zone: "Europe/Berlin", fixed: true, start: "2025-01-31 09:00",
            dues: ["2025-01-31 09:00", "2025-02-28 09:00", "2025-03-31 09:00", "2025-04-30 09:00", "2025-05-31 09:00"]),
        // Counted from completions, a clamped date is where the next month counts from.
        Case(
            rule: "monthly", zone: "Europe/Berlin", fixed: false, start: "2025-01-31 09:00",
            dues: ["2025-01-31 09:00", "2025-02-28 09:00", "2025-03-28 09:00", "2025-04-28 09:00"]),
        // Leap years: 29 February, then the 28th, then the 29th again four years on.
        Case(
            rule: "yearly", zone: "UTC", fixed: true, start: "2024-02-29 08:00",
            dues: ["2024-02-29 08:00", "2025-02-28 08:00", "2026-02-28 08:00", "2027-02-28 08:00", "2028-02-29 08:00"]),
        Case(
            rule: "monthly", zone: "UTC", fixed: true, start: "2024-01-30 08:00",
            dues: ["2024-01-30 08:00", "2024-02-29 08:00", "2024-03-30 08:00", "2024-04-30 08:00"]),
        Case(
            rule: "every 3 months", zone: "Europe/London", fixed: true, start: "2025-11-30 18:00",
            dues: ["2025-11-30 18:00", "2026-02-28 18:00", "2026-05-30 18:00", "2026-08-30 18:00", "2026-11-30 18:00"]),
        // Spring forward in New York (9 March 2025, 02:00 → 03:00): 02:30 does not exist that day.
        Case(
            rule: "every day", zone: "America/New_York", fixed: true, start: "2025-03-08 02:30",
            dues: ["2025-03-08 02:30", "2025-03-09 03:30", "2025-03-10 02:30", "2025-03-11 02:30"]),
        Case(
            rule: "every day", zone: "America/New_York", fixed: false, start: "2025-03-08 02:30",
            dues: ["2025-03-08 02:30", "2025-03-09 03:30", "2025-03-10 03:30"]),
        // A week is the same wall-clock time seven local days on, across both changes in Berlin.
        Case(
            rule: "every week", zone: "Europe/Berlin", fixed: false, start: "2025-03-25 10:00",
            dues: ["2025-03-25 10:00", "2025-04-01 10:00", "2025-04-08 10:00"]),
        Case(
            rule: "2w", zone: "Europe/Berlin", fixed: true, start: "2025-10-20 19:00",
            dues: ["2025-10-20 19:00", "2025-11-03 19:00", "2025-11-17 19:00"]),
        // A span is elapsed time: twelve hours across the change are 09:00 by the clock.
        Case(
            rule: "every 12 hours", zone: "Europe/Berlin", fixed: true, start: "2025-03-29 20:00",
            dues: ["2025-03-29 20:00", "2025-03-30 09:00", "2025-03-30 21:00"]),
        // Weekdays fall at the start of the local day.
        Case(
            rule: "mon,thu", zone: "Europe/Berlin", fixed: true, start: "2025-03-26 15:00",
            dues: ["2025-03-27 00:00", "2025-03-31 00:00", "2025-04-03 00:00", "2025-04-07 00:00"]),
        Case(
            rule: "every monday", zone: "Australia/Sydney", fixed: false, start: "2025-04-02 12:00",
            dues: ["2025-04-07 00:00", "2025-04-14 00:00", "2025-04-21 00:00"]),
        Case(
            rule: "on the 31st", zone: "America/New_York", fixed: false, start: "2025-01-15 12:00",
            dues: ["2025-01-31 00:00", "2025-02-28 00:00", "2025-03-31 00:00", "2025-04-30 00:00", "2025-05-31 00:00"]),
        Case(
            rule: "the 1st", zone: "Europe/Berlin", fixed: true, start: "2025-12-05 12:00",
            dues: ["2026-01-01 00:00", "2026-02-01 00:00", "2026-03-01 00:00"]),
        Case(
            rule: "day 29", zone: "UTC", fixed: true, start: "2023-01-30 12:00",
            dues: ["2023-02-28 00:00", "2023-03-29 00:00", "2023-04-29 00:00"]),
        Case(
            rule: "day 29", zone: "UTC", fixed: true, start: "2024-01-30 12:00",
            dues: ["2024-02-29 00:00", "2024-03-29 00:00"]),
    ]

    @Test(arguments: cases)
    func dueTimes(_ test: Case) throws {
        let zone = try #require(TimeZone(identifier: test.zone))
        let schedule = ChoreSchedule(
            rule: try #require(Recurrence(test.rule)), fixed: test.fixed, start: Self.instant(test.start, zone),
            calendar: LocalCalendar(zone))
        let expected = test.dues.map { Self.instant($0, zone) }
        var due = schedule.first(onOrAfter: schedule.start)
        var dues = [due]
        for _ in 1..<expected.count {
            due = test.fixed ? schedule.first(after: due) : schedule.next(afterCompletion: due)
            dues.append(due)
        }
        #expect(dues.map { Self.local($0, zone) } == test.dues)
        if test.fixed, !schedule.rule.isDayRule {
            #expect((0..<Int64(expected.count)).map(schedule.occurrence) == expected, "counted from the start each time")
            // Half-way between two occurrences, the next one is the later.
            for index in 1..<expected.count {
                let between = (expected[index - 1] + expected[index]) / 2
                #expect(schedule.first(onOrAfter: between) == expected[index])
                #expect(schedule.first(after: expected[index - 1]) == expected[index])
            }
        }
    }

    /// A local time that exists once, as an instant, by Foundation.
    static func instant(_ local: String, _ zone: TimeZone) -> Int64 {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = local.split { $0 == "-" || $0 == " " || $0 == ":" }.map { Int($0)! }
        let components = DateComponents(year: parts[0], month: parts[1], day: parts[2], hour: parts[3], minute: parts[4])
        return Int64(calendar.date(from: components)!.timeIntervalSince1970 * 1000)
    }

    /// An instant as local time, by Foundation.
    static func local(_ millis: Int64, _ zone: TimeZone) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: Date(timeIntervalSince1970: Double(millis) / 1000))
    }
}
