import Foundation
import OursSync

/// Calendar arithmetic on local days and wall-clock times in one time zone, done by hand so
/// every platform gets the same answer: instants are milliseconds since 1970 (UTC), local
/// times are a `CalendarDay` and the milliseconds since its midnight.
///
/// A wall-clock time that a daylight-saving change skips (02:30 on a spring-forward night in
/// Berlin) is moved forward by the gap (03:30); one that happens twice (02:30 on a fall-back
/// night) is the earlier of the two.
public struct LocalCalendar: Sendable, Hashable, Codable {
    /// The time zone it counts in.
    public let timeZone: TimeZone

    /// The calendar of `timeZone`.
    public init(_ timeZone: TimeZone) { self.timeZone = timeZone }

    static let dayMillis: Int64 = 86_400_000

    /// The zone's offset from UTC at an instant, in milliseconds.
    func offset(at millis: Int64) -> Int64 {
        Int64(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(millis) / 1000))) * 1000
    }

    /// The local day and time of day at an instant.
    func local(_ millis: Int64) -> (day: CalendarDay, time: Int64) {
        let wall = millis + offset(at: millis)
        let day = UTCTime.floorDiv(wall, LocalCalendar.dayMillis)
        return (CalendarDay(dayNumber: day), wall - day * LocalCalendar.dayMillis)
    }

    /// The instant a local day and time of day happen (see the type's note on DST).
    func instant(_ day: CalendarDay, time: Int64 = 0) -> Int64 {
        let wall = day.dayNumber * LocalCalendar.dayMillis + time
        let before = wall - offset(at: wall - LocalCalendar.dayMillis)
        let after = wall - offset(at: wall + LocalCalendar.dayMillis)
        let valid = [before, after].filter { $0 + offset(at: $0) == wall }
        // Neither reading exists: a skipped time. The offset from before the change lands just
        // after it, moved forward by the gap.
        return valid.min() ?? before
    }

    /// The instant the local day starts.
    func startOfDay(_ day: CalendarDay) -> Int64 { instant(day) }

    /// The local day of an instant.
    func day(_ millis: Int64) -> CalendarDay { local(millis).day }

    /// The same wall-clock time `days` local days later (earlier when negative).
    func adding(days: Int64, to millis: Int64) -> Int64 {
        let (day, time) = local(millis)
        return instant(CalendarDay(dayNumber: day.dayNumber + days), time: time)
    }

    /// The same wall-clock time `months` months later, on the same day of the month, or the
    /// month's last day when it is shorter (31 January + 1 month = 28 or 29 February).
    /// - Parameter dayOfMonth: the day to aim for, when not the instant's own (a schedule that
    ///   started on the 31st aims for the 31st every month).
    func adding(months: Int64, to millis: Int64, dayOfMonth: Int? = nil) -> Int64 {
        let (day, time) = local(millis)
        let (year, month, ownDay) = LocalCalendar.civil(day)
        let target = LocalCalendar.monthIndex(year: year, month: month) + months
        let targetYear = UTCTime.floorDiv(target, 12)
        let targetMonth = target - targetYear * 12 + 1
        let wanted = Int64(dayOfMonth ?? ownDay)
        let clamped = min(wanted, LocalCalendar.daysIn(month: targetMonth, year: targetYear))
        return instant(LocalCalendar.day(year: targetYear, month: targetMonth, day: clamped), time: time)
    }

    // MARK: Civil dates (proleptic Gregorian), after Howard Hinnant's days_from_civil

    /// Year, month (1–12) and day of the month of a day.
    static func civil(_ day: CalendarDay) -> (year: Int64, month: Int64, day: Int) {
        let z = day.dayNumber + 719_468
        let era = UTCTime.floorDiv(z, 146_097)
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, Int(d))
    }

    /// The day for a year, month (1–12) and day of the month (which must exist).
    static func day(year: Int64, month: Int64, day: Int64) -> CalendarDay {
        let y = month <= 2 ? year - 1 : year
        let era = UTCTime.floorDiv(y, 400)
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return CalendarDay(dayNumber: era * 146_097 + doe - 719_468)
    }

    static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    static func isLeap(_ year: Int64) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    /// Months since year 0, so months can be added and subtracted.
    static func monthIndex(year: Int64, month: Int64) -> Int64 { year * 12 + month - 1 }

    /// Months from the month of `from` to the month of `to`.
    static func months(from: CalendarDay, to: CalendarDay) -> Int64 {
        let (y1, m1, _) = civil(from)
        let (y2, m2, _) = civil(to)
        return monthIndex(year: y2, month: m2) - monthIndex(year: y1, month: m1)
    }
}
