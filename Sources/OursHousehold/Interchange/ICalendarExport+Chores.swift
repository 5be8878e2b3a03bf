extension ICalendarExport {
    /// One repeating `VTODO` for a chore, for the occurrence due now: rules counted on the
    /// calendar as all-day to-dos (`DTSTART;VALUE=DATE` on the day it is due, `DUE` the day
    /// after, so `DUE` is strictly after `DTSTART` as RFC 5545 3.8.2.3 asks), spans such as
    /// `every 12 hours` at their time in UTC (`DUE` one span later). The `RRULE` repeats it from
    /// there; a chore counted from its last completion moves when it is done, so the file
    /// describes it as it stands when exported.
    static func choreTodo(_ chore: Chore, in snapshot: HouseholdSnapshot, stamp: String, domain: String) -> [String] {
        var lines = ["BEGIN:VTODO", "UID:chore-\(chore.id)@\(domain)", "DTSTAMP:\(stamp)"]
        if case .span(let interval) = chore.schedule.rule {
            lines += ["DTSTART:\(dateTime(chore.nextDue))", "DUE:\(dateTime(chore.nextDue + interval.milliseconds))"]
        } else {
            let day = chore.schedule.calendar.day(chore.nextDue)
            lines += ["DTSTART;VALUE=DATE:\(date(day))", "DUE;VALUE=DATE:\(date(day.adding(days: 1)))"]
        }
        lines += ["SUMMARY:" + escape(chore.name), "DESCRIPTION:" + escape(choreDescription(chore, in: snapshot))]
        if let rule = recurrence(chore) {
            lines.append("RRULE:" + rule)
        } else {
            lines.append("X-OURS-RULE:" + escape(chore.schedule.rule.description))
        }
        lines += ["STATUS:NEEDS-ACTION", "END:VTODO"]
        return lines
    }

    /// `Every 2 weeks, from the last time it is done; Sarah, then Mike; Blue bin first`.
    static func choreDescription(_ chore: Chore, in snapshot: HouseholdSnapshot) -> String {
        var parts = [
            chore.schedule.rule.phrase.capitalizedFirst
                + (chore.schedule.fixed || chore.schedule.rule.isDayRule ? "" : ", from the last time it is done")
        ]
        let names = (chore.rotation.isEmpty ? [chore.assignee].compactMap { $0 } : chore.rotationOrder)
            .compactMap { snapshot.memberName($0) }
        if !names.isEmpty { parts.append(names.joined(separator: ", then ")) }
        if let note = chore.note { parts.append(note) }
        return parts.joined(separator: "; ")
    }

    /// The `RRULE` value: `FREQ=DAILY;INTERVAL=3`, `FREQ=WEEKLY;BYDAY=MO,TH`,
    /// `FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=31,-1;BYSETPOS=1` (the 31st, or the last day of a
    /// shorter month: the earlier of the two in each month); `nil` for a span that is not a
    /// whole number of seconds.
    static func recurrence(_ chore: Chore) -> String? {
        switch chore.schedule.rule {
        case .every(let count, .day): return "FREQ=DAILY;INTERVAL=\(count)"
        case .every(let count, .week): return "FREQ=WEEKLY;INTERVAL=\(count)"
        case .every(let count, .month): return "FREQ=MONTHLY;INTERVAL=\(count);" + monthDays(anchorDay(of: chore))
        case .weekdays(let days): return "FREQ=WEEKLY;BYDAY=" + days.map { byDay[$0 - 1] }.joined(separator: ",")
        case .monthDay(let day): return "FREQ=MONTHLY;" + monthDays(day)
        case .span(let interval):
            let units: [(Int64, String)] = [(3_600_000, "HOURLY"), (60_000, "MINUTELY"), (1000, "SECONDLY")]
            guard let (scale, frequency) = units.first(where: { interval.milliseconds % $0.0 == 0 }) else { return nil }
            return "FREQ=\(frequency);INTERVAL=\(interval.milliseconds / scale)"
        }
    }

    static let byDay = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]

    static func monthDays(_ day: Int) -> String {
        day > 28 ? "BYMONTHDAY=\(day),-1;BYSETPOS=1" : "BYMONTHDAY=\(day)"
    }

    /// The day of the month a monthly chore aims for: the schedule's first day when it is
    /// fixed; else the day it is due now (done that day, it is due on that day again).
    static func anchorDay(of chore: Chore) -> Int {
        let from = chore.schedule.fixed ? chore.schedule.start : chore.nextDue
        return LocalCalendar.civil(chore.schedule.calendar.day(from)).day
    }
}
