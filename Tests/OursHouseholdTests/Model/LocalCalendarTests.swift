import Foundation
import OursSync
import Testing

@testable import OursHousehold

@Suite struct LocalCalendarTests {
    let berlin = LocalCalendar(TimeZone(identifier: "Europe/Berlin")!)

    @Test func civilDatesAgreeWithTheEngineFromYear1896To2104() {
        for number in stride(from: Int64(-27_028), through: Int64(49_307), by: 1) {
            let day = CalendarDay(dayNumber: number)
            let (year, month, dayOfMonth) = LocalCalendar.civil(day)
            let text = String(format: "%04lld-%02lld-%02d", year, month, dayOfMonth)
            guard text == day.description else {
                Issue.record("\(number): \(text) is not \(day.description)")
                return
            }
            #expect(LocalCalendar.day(year: year, month: month, day: Int64(dayOfMonth)) == day)
        }
    }

    @Test func monthLengths() {
        #expect(LocalCalendar.daysIn(month: 2, year: 2024) == 29)
        #expect(LocalCalendar.daysIn(month: 2, year: 2025) == 28)
        #expect(LocalCalendar.daysIn(month: 2, year: 2000) == 29)
        #expect(LocalCalendar.daysIn(month: 2, year: 2100) == 28)
        #expect(LocalCalendar.daysIn(month: 4, year: 2025) == 30)
        #expect(LocalCalendar.daysIn(month: 12, year: 2025) == 31)
    }

    @Test func aSkippedTimeMovesForwardByTheGap() throws {
        // 30 March 2025: Berlin goes from 02:00 CET to 03:00 CEST (01:00 UTC).
        let day = CalendarDay("2025-03-30")!
        #expect(UTCTime.iso8601(millis: berlin.instant(day, time: 150 * 60_000)) == "2025-03-30T01:30:00.000Z")  // 03:30 CEST
        #expect(UTCTime.iso8601(millis: berlin.instant(day, time: 90 * 60_000)) == "2025-03-30T00:30:00.000Z")  // 01:30 CET
        #expect(UTCTime.iso8601(millis: berlin.instant(day, time: 180 * 60_000)) == "2025-03-30T01:00:00.000Z")  // 03:00 CEST
        #expect(UTCTime.iso8601(millis: berlin.startOfDay(day)) == "2025-03-29T23:00:00.000Z")
    }

    @Test func aTimeThatHappensTwiceIsTheEarlier() throws {
        // 26 October 2025: Berlin goes from 03:00 CEST back to 02:00 CET (01:00 UTC).
        let day = CalendarDay("2025-10-26")!
        #expect(UTCTime.iso8601(millis: berlin.instant(day, time: 150 * 60_000)) == "2025-10-26T00:30:00.000Z")
        #expect(UTCTime.iso8601(millis: berlin.startOfDay(CalendarDay("2025-10-27")!)) == "2025-10-26T23:00:00.000Z")
        let (localDay, time) = berlin.local(UTCTime.parseISO8601("2025-10-26T01:30:00.000Z")!)
        #expect(localDay == day)
        #expect(time == 150 * 60_000, "the second 02:30 reads as 02:30 too")
        // A day later at the same wall-clock time, from the second 02:30: the earlier one the next day.
        let next = berlin.adding(days: 1, to: UTCTime.parseISO8601("2025-10-25T00:30:00.000Z")!)
        #expect(UTCTime.iso8601(millis: next) == "2025-10-26T00:30:00.000Z")
    }

    @Test func addingMonthsClampsToTheMonthsEnd() {
        let utc = LocalCalendar(TimeZone(identifier: "UTC")!)
        let january31 = UTCTime.parseISO8601("2025-01-31T10:00:00.000Z")!
        #expect(UTCTime.iso8601(millis: utc.adding(months: 1, to: january31)) == "2025-02-28T10:00:00.000Z")
        #expect(UTCTime.iso8601(millis: utc.adding(months: 13, to: january31)) == "2026-02-28T10:00:00.000Z")
        #expect(UTCTime.iso8601(millis: utc.adding(months: -2, to: january31)) == "2024-11-30T10:00:00.000Z")
        #expect(UTCTime.iso8601(millis: utc.adding(months: 1, to: january31, dayOfMonth: 15)) == "2025-02-15T10:00:00.000Z")
        let february28 = UTCTime.parseISO8601("2025-02-28T10:00:00.000Z")!
        #expect(UTCTime.iso8601(millis: utc.adding(months: 1, to: february28, dayOfMonth: 31)) == "2025-03-31T10:00:00.000Z")
    }
}
