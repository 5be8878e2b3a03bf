/// How often a chore comes round: the `rule` field of a chore, stored as its `description`
/// (`every 2 weeks`, `every mon,thu`, `on day 15`) and read back by `init?(_:)`, which also
/// reads the ways people say it (`monthly`, `every other week`, `mon and thu`, `the 1st`, `7d`).
public enum Recurrence: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Every `count` days, weeks or months, counted on the calendar in the chore's time zone:
    /// the same wall-clock time, whatever daylight saving does in between.
    case every(Int, Unit)
    /// Every fixed span of time that is not a whole number of calendar days (`12h`, `90m`).
    case span(Interval)
    /// On these weekdays, 1 for Monday … 7 for Sunday (ISO 8601), sorted, every week.
    case weekdays([Int])
    /// On this day of every month, 1–31; the month's last day when the month is shorter.
    case monthDay(Int)

    /// The calendar unit of an `every` rule.
    public enum Unit: String, Sendable, Hashable, CaseIterable {
        case day, week, month
    }

    /// The largest counts accepted, so no date arithmetic can overflow: ten years.
    static let limits: [Unit: Int] = [.day: 3660, .week: 522, .month: 120]

    static let weekdayNames = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

    /// A rule from a legacy interval (`7d`, `12h`): whole days count on the calendar.
    init(legacy interval: Interval) {
        let day = LocalCalendar.dayMillis
        if interval.milliseconds % day == 0, interval.milliseconds / day <= Int64(Recurrence.limits[.day]!) {
            self = .every(Int(interval.milliseconds / day), .day)
        } else {
            self = .span(interval)
        }
    }

    /// The stored form: `every day`, `every 3 weeks`, `every month`, `every 12 hours`,
    /// `every mon,thu`, `on day 15`.
    public var description: String {
        switch self {
        case .every(let count, let unit): count == 1 ? "every \(unit.rawValue)" : "every \(count) \(unit.rawValue)s"
        case .span(let interval): "every " + Recurrence.spanText(interval)
        case .weekdays(let days): "every " + days.map { String(Recurrence.weekdayNames[$0 - 1].prefix(3)) }.joined(separator: ",")
        case .monthDay(let day): "on day \(day)"
        }
    }

    /// How people read it: `every 2 weeks`, `every Monday and Thursday`, `every month on the 31st`.
    public var phrase: String {
        switch self {
        case .every, .span: return description
        case .weekdays(let days):
            if days == [1, 2, 3, 4, 5] { return "every weekday" }
            let names = days.map { Recurrence.weekdayNames[$0 - 1].capitalized }
            return "every " + Recurrence.listed(names)
        case .monthDay(let day):
            return "every month on the \(Recurrence.ordinal(day))" + (day > 28 ? " (or its last day)" : "")
        }
    }

    /// Whether it falls on whole local days (weekdays, a day of the month) rather than at the
    /// time of day it was last done.
    public var isDayRule: Bool {
        switch self {
        case .weekdays, .monthDay: true
        case .every, .span: false
        }
    }

    /// The interval an older version of Ours reads in `every`: exact for days, weeks and spans;
    /// 30 days a month; a week shared out between the weekdays, in whole hours.
    var legacyInterval: Interval {
        let day = LocalCalendar.dayMillis
        switch self {
        case .every(let count, .day): return Interval(milliseconds: Int64(count) * day)
        case .every(let count, .week): return Interval(milliseconds: Int64(count) * 7 * day)
        case .every(let count, .month): return Interval(milliseconds: Int64(count) * 30 * day)
        case .span(let interval): return interval
        case .weekdays(let days): return Interval(milliseconds: 168 / Int64(days.count) * 3_600_000)
        case .monthDay: return Interval(milliseconds: 30 * day)
        }
    }

    static func spanText(_ interval: Interval) -> String {
        let named: [(Int64, String)] = [(3_600_000, "hour"), (60_000, "minute"), (1000, "second")]
        for (scale, name) in named where interval.milliseconds % scale == 0 {
            let count = interval.milliseconds / scale
            return count == 1 ? name : "\(count) \(name)s"
        }
        return "\(interval.milliseconds)ms"
    }

    /// `1st`, `2nd`, `3rd`, `11th`, `22nd`.
    static func ordinal(_ number: Int) -> String {
        let suffix =
            (11...13).contains(number % 100)
            ? "th" : [1: "st", 2: "nd", 3: "rd"][number % 10] ?? "th"
        return "\(number)\(suffix)"
    }

    /// `Monday`, `Monday and Thursday`, `Monday, Wednesday and Friday`.
    static func listed(_ words: [String]) -> String {
        guard words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " and " + words.last!
    }
}
