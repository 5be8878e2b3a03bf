import Foundation
import OursHousehold
import OursSync
import Testing

@testable import OursCLI

/// Times in human output: local and relative, for a given moment and time zone.
@Suite struct TimeTextTests {
    /// Tuesday 2026-12-01 10:00 in Berlin (09:00 UTC).
    static let now = UTCTime.parseISO8601("2026-12-01T09:00:00.000Z")!
    static let berlin = TimeText(now: now, timeZone: TimeZone(identifier: "Europe/Berlin")!)

    func at(_ iso: String, _ text: TimeText = berlin) -> String { text.phrase(UTCTime.parseISO8601(iso)!) }

    @Test func nearMomentsAreRelative() {
        #expect(at("2026-12-01T09:00:20.000Z") == "just now")
        #expect(at("2026-12-01T08:55:00.000Z") == "5 min ago")
        #expect(at("2026-12-01T09:40:00.000Z") == "in 40 min")
        #expect(at("2026-12-01T07:00:00.000Z") == "2 h ago")
        #expect(at("2026-12-01T14:00:00.000Z") == "in 5 h")
    }

    @Test func nearbyDaysSayWhichDayLocally() {
        #expect(at("2026-12-01T17:00:00.000Z") == "today 18:00")
        #expect(at("2026-11-30T17:02:00.000Z") == "yesterday 18:02")
        #expect(at("2026-12-02T17:00:00.000Z") == "tomorrow 18:00")
        #expect(at("2026-12-07T12:00:00.000Z") == "in 6 days")
        #expect(at("2026-11-28T12:00:00.000Z") == "3 days ago")
        // 23:30 UTC on the 1st is already the 2nd in Berlin, still the 1st in New York.
        #expect(at("2026-12-01T23:30:00.000Z") == "tomorrow 00:30")
        let newYork = TimeText(now: Self.now, timeZone: TimeZone(identifier: "America/New_York")!)
        #expect(at("2026-12-01T23:30:00.000Z", newYork) == "today 18:30")
    }

    @Test func fartherAwayIsADate() {
        #expect(at("2026-12-24T17:00:00.000Z") == "Thu 24 Dec 18:00")
        #expect(at("2025-03-14T10:00:00.000Z") == "14 Mar 2025")
        #expect(Self.berlin.phrase(nil) == "never")
        #expect(Self.berlin.phrase("not a time") == "not a time", "a hand-edited value is shown as it is")
    }

    @Test func dueDaysFromToday() {
        let today = CalendarDay("2026-12-01")!
        func due(_ text: String) -> String { TimeText.day(CalendarDay(text)!, today: today, overdue: true) }
        #expect(due("2026-12-01") == "today")
        #expect(due("2026-12-02") == "tomorrow")
        #expect(due("2026-11-30") == "yesterday (overdue)")
        #expect(due("2026-12-04") == "Fri, in 3 days")
        #expect(due("2026-11-27") == "Fri, 4 days ago (overdue)")
        #expect(due("2026-12-24") == "Thu 24 Dec")
        #expect(due("2027-01-08") == "8 Jan 2027")
    }

    @Test func permissionsAsPeopleSayThem() {
        #expect(Participant.Permission.readOnly.text == "read-only")
        #expect(Participant.Permission.readWrite.text == "read-write")
    }
}
