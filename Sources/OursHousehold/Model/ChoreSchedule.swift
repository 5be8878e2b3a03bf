/// When a chore comes round: its rule, whether it keeps to a fixed schedule or counts from the
/// last completion, where the schedule starts, and the calendar it counts on.
///
/// - Interval rules (`every 2 weeks`) on a **fixed** schedule fall at `start`, then every
///   interval after it, counted from `start` each time (so a schedule that starts on the 31st
///   falls on the 31st, or the month's last day, every month, without drifting). Counted
///   **from the last completion**, they fall one interval after it.
/// - Day rules (`every mon,thu`, `on day 15`) fall at the start of each matching local day,
///   either way.
public struct ChoreSchedule: Sendable, Hashable, Codable {
    /// How often it comes round.
    public var rule: Recurrence
    /// Whether the next due time follows the schedule rather than the last completion.
    public var fixed: Bool
    /// Where the schedule starts, in milliseconds since 1970 (UTC): when the chore was added, or
    /// when its rule last changed.
    public var start: Int64
    /// The time zone whose calendar days and wall-clock times the schedule counts in.
    public var calendar: LocalCalendar

    /// A schedule with these values; `start` is in milliseconds since 1970 (UTC).
    public init(rule: Recurrence, fixed: Bool = false, start: Int64, calendar: LocalCalendar) {
        self.rule = rule
        self.fixed = fixed
        self.start = start
        self.calendar = calendar
    }

    /// The first time it falls due at or after `time`; for a day rule, the start of the first
    /// matching day on or after `time`'s day (which may be before `time`). A schedule counted
    /// from completions is due at `time` itself when it follows an interval rule.
    func first(onOrAfter time: Int64) -> Int64 {
        switch rule {
        case .weekdays, .monthDay: return calendar.startOfDay(firstMatchingDay(from: calendar.day(time)))
        case .every, .span:
            guard fixed else { return time }
            return occurrence(atLeast: time, strictly: false)
        }
    }

    /// The first time it falls due strictly after `time`, following the schedule.
    func first(after time: Int64) -> Int64 {
        switch rule {
        case .weekdays, .monthDay:
            return calendar.startOfDay(firstMatchingDay(from: CalendarDay(dayNumber: calendar.day(time).dayNumber + 1)))
        case .every, .span:
            guard fixed else { return advance(time, by: 1) }
            return occurrence(atLeast: time, strictly: true)
        }
    }

    /// When it is next due after a completion at `time`, counted from that completion.
    func next(afterCompletion time: Int64) -> Int64 {
        rule.isDayRule ? first(after: time) : advance(time, by: 1)
    }

    /// `time` moved on by `steps` intervals of an interval rule (day rules: unchanged).
    func advance(_ time: Int64, by steps: Int64, dayOfMonth: Int? = nil) -> Int64 {
        switch rule {
        case .every(let count, .day): calendar.adding(days: Int64(count) * steps, to: time)
        case .every(let count, .week): calendar.adding(days: Int64(count) * 7 * steps, to: time)
        case .every(let count, .month): calendar.adding(months: Int64(count) * steps, to: time, dayOfMonth: dayOfMonth)
        case .span(let interval): time + interval.milliseconds * steps
        case .weekdays, .monthDay: time
        }
    }

    /// The `index`th time a fixed interval schedule falls due (0 is `start`).
    func occurrence(_ index: Int64) -> Int64 {
        advance(start, by: index, dayOfMonth: LocalCalendar.civil(calendar.day(start)).day)
    }

    /// The first occurrence of a fixed interval schedule at or after (or strictly after) `time`.
    func occurrence(atLeast time: Int64, strictly: Bool) -> Int64 {
        func passes(_ candidate: Int64) -> Bool { strictly ? candidate > time : candidate >= time }
        if passes(start) { return start }
        var index = max(0, estimatedIndex(of: time) - 1)
        while !passes(occurrence(index)) { index += 1 }
        while index > 0, passes(occurrence(index - 1)) { index -= 1 }
        return occurrence(index)
    }

    /// Roughly how many intervals after `start` `time` is: within one or two of the truth
    /// (daylight saving moves local days by an hour, months differ in length).
    func estimatedIndex(of time: Int64) -> Int64 {
        let day = LocalCalendar.dayMillis
        switch rule {
        case .every(let count, .day): return (time - start) / (Int64(count) * day)
        case .every(let count, .week): return (time - start) / (Int64(count) * 7 * day)
        case .every(let count, .month):
            return LocalCalendar.months(from: calendar.day(start), to: calendar.day(time)) / Int64(count)
        case .span(let interval): return (time - start) / interval.milliseconds
        case .weekdays, .monthDay: return 0
        }
    }

    /// The first day on or after `day` that a day rule falls on.
    func firstMatchingDay(from day: CalendarDay) -> CalendarDay {
        switch rule {
        case .weekdays(let days):
            let ahead = (0..<7).first { days.contains(day.adding(days: $0).weekday) } ?? 0
            return day.adding(days: ahead)
        case .monthDay(let wanted):
            let (year, month, today) = LocalCalendar.civil(day)
            let here = min(Int64(wanted), LocalCalendar.daysIn(month: month, year: year))
            if Int64(today) <= here { return LocalCalendar.day(year: year, month: month, day: here) }
            let nextYear = month == 12 ? year + 1 : year
            let nextMonth = month == 12 ? 1 : month + 1
            let there = min(Int64(wanted), LocalCalendar.daysIn(month: nextMonth, year: nextYear))
            return LocalCalendar.day(year: nextYear, month: nextMonth, day: there)
        case .every, .span:
            return day
        }
    }
}
