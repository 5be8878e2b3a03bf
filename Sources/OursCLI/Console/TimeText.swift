import Foundation
import OursHousehold
import OursSync

/// Times as people read them in human output: local, and relative where that helps
/// (`just now`, `5 min ago`, `in 2 h`, `yesterday 18:02`, `tomorrow 18:00`, `in 6 days`,
/// `Tue 1 Dec 18:00`, `1 Dec 2025`). JSON keeps UTC ISO 8601. `now` and the time zone are
/// given, so the wording can be tested for any moment and place.
struct TimeText: Sendable {
    let now: Int64
    let timeZone: TimeZone

    init(now: Int64, timeZone: TimeZone) {
        self.now = now
        self.timeZone = timeZone
    }

    /// The phrase for an instant in milliseconds since 1970.
    func phrase(_ millis: Int64) -> String {
        let delta = millis - now
        let size = abs(delta)
        func relative(_ amount: String) -> String { delta > 0 ? "in \(amount)" : "\(amount) ago" }
        if size < 60_000 { return "just now" }
        if size < 3_600_000 { return relative("\((size + 30_000) / 60_000) min") }
        if size < 6 * 3_600_000 { return relative("\((size + 1_800_000) / 3_600_000) h") }
        let days = dayNumber(millis) - dayNumber(now)
        switch days {
        case 0: return "today " + clock(millis)
        case -1: return "yesterday " + clock(millis)
        case 1: return "tomorrow " + clock(millis)
        case 2...6: return "in \(days) days"
        case -6 ... -2: return "\(-days) days ago"
        default: break
        }
        let parts = components(millis)
        let month = Self.months[parts.month - 1]
        if parts.year == components(now).year {
            return "\(Self.weekdays[parts.weekday - 1]) \(parts.day) \(month) " + clock(millis)
        }
        return "\(parts.day) \(month) \(parts.year)"
    }

    /// The phrase for an ISO 8601 instant; `fallback` when there is none, the text itself
    /// when it does not parse (a hand-edited value is shown as it is).
    func phrase(_ iso: String?, fallback: String = "never") -> String {
        guard let iso else { return fallback }
        return UTCTime.parseISO8601(iso).map(phrase) ?? iso
    }

    /// A calendar day (a due date) from `today`: `today`, `tomorrow`, `Fri, in 3 days`,
    /// `Fri 27 Nov`, `27 Nov 2027`; a day already past adds `(overdue)` when `overdue` is set.
    static func day(_ day: CalendarDay, today: CalendarDay, overdue: Bool = false) -> String {
        let days = Int(day.dayNumber - today.dayNumber)
        let weekday = String(day.weekdayName.prefix(3))
        let parts = day.description.split(separator: "-").compactMap { Int($0) }
        let (year, month, date) = (parts[0], parts[1], parts[2])
        let text: String
        switch days {
        case 0: text = "today"
        case 1: text = "tomorrow"
        case -1: text = "yesterday"
        case 2...6: text = "\(weekday), in \(days) days"
        case -6 ... -2: text = "\(weekday), \(-days) days ago"
        default:
            let sameYear = today.description.hasPrefix("\(year)-")
            text = sameYear ? "\(weekday) \(date) \(months[month - 1])" : "\(date) \(months[month - 1]) \(year)"
        }
        return overdue && days < 0 ? text + " (overdue)" : text
    }

    static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    private var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }

    private func date(_ millis: Int64) -> Date { Date(timeIntervalSince1970: Double(millis) / 1000) }

    private func components(_ millis: Int64) -> (year: Int, month: Int, day: Int, weekday: Int) {
        let parts = calendar.dateComponents([.year, .month, .day, .weekday], from: date(millis))
        return (parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1, parts.weekday ?? 1)
    }

    /// Days since 1970 of the local calendar day an instant falls on.
    private func dayNumber(_ millis: Int64) -> Int {
        let offset = Int64(timeZone.secondsFromGMT(for: date(millis))) * 1000
        let local = millis + offset
        return Int((local - (local % 86_400_000 + 86_400_000) % 86_400_000) / 86_400_000)
    }

    /// `18:02`, local.
    private func clock(_ millis: Int64) -> String {
        let parts = calendar.dateComponents([.hour, .minute], from: date(millis))
        let hour = parts.hour ?? 0
        let minute = parts.minute ?? 0
        return (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
    }
}

extension Participant.Permission {
    /// `read-write`, `read-only`: as people say it (JSON keeps `readWrite`, `readOnly`).
    var text: String { self == .readOnly ? "read-only" : "read-write" }
}
