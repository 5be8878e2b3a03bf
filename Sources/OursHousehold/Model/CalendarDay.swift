import Foundation
import OursSync

/// A day on the calendar, with no time and no time zone: what a meal or a due date is.
/// Stored as `yyyy-MM-dd`.
public struct CalendarDay: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Days since 1970-01-01.
    public let dayNumber: Int64

    /// The day `dayNumber` days after 1970-01-01 (before it, when negative).
    public init(dayNumber: Int64) { self.dayNumber = dayNumber }

    /// Reads `yyyy-MM-dd`; `nil` for anything else, or a day that does not exist.
    public init?(_ text: String) {
        guard let number = UTCTime.parseDay(text) else { return nil }
        dayNumber = number
    }

    /// The day it is at `millis` in `timeZone`.
    public init(millis: Int64, timeZone: TimeZone) {
        let offset = Int64(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(millis) / 1000))) * 1000
        dayNumber = UTCTime.floorDiv(millis + offset, 86_400_000)
    }

    /// `yyyy-MM-dd`: `2025-03-14`.
    public var description: String { UTCTime.day(dayNumber) }

    /// 1 for Monday … 7 for Sunday (ISO 8601).
    public var weekday: Int { Int(((dayNumber + 3) % 7 + 7) % 7) + 1 }

    /// The weekday's English name: `Friday`.
    public var weekdayName: String { CalendarDay.weekdayNames[weekday - 1] }

    /// The Monday of this day's week.
    public var weekStart: CalendarDay { adding(days: -(weekday - 1)) }

    /// The day `days` days later (earlier when negative).
    public func adding(days: Int) -> CalendarDay { CalendarDay(dayNumber: dayNumber + Int64(days)) }

    /// Midnight UTC at the start of the day, in milliseconds since 1970.
    var startMillis: Int64 { dayNumber * 86_400_000 }

    /// Earlier days first.
    public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool { lhs.dayNumber < rhs.dayNumber }

    static let weekdayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    /// Reads a day as people type it: `yyyy-MM-dd`, `today`, `tomorrow`, `yesterday`, or a
    /// weekday name (`friday`, `fri`: that day this week or, once it has passed, next week).
    /// - Parameters:
    ///   - text: what was typed.
    ///   - today: the day it is now.
    ///   - what: how to name the value in an error (`DATE`, `--due`).
    /// - Throws: `.usage` quoting the text.
    package static func parse(_ text: String, today: CalendarDay, what: String = "DATE") throws(OursError) -> CalendarDay {
        if let day = CalendarDay(text) { return day }
        let word = text.lowercased().trimmingCharacters(in: .whitespaces)
        switch word {
        case "today": return today
        case "tomorrow": return today.adding(days: 1)
        case "yesterday": return today.adding(days: -1)
        default: break
        }
        if word.count >= 3, let index = weekdayNames.firstIndex(where: { $0.lowercased().hasPrefix(word) }) {
            let ahead = (index + 1 - today.weekday + 7) % 7
            return today.adding(days: ahead)
        }
        throw .usage(
            "\(what) \"\(text)\" is not a date",
            hint: "Use YYYY-MM-DD (such as \(today)), today, tomorrow, or a weekday such as friday.")
    }
}
