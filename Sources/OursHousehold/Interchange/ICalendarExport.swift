import Foundation
import OursSync

/// The meal plan, tasks and chores as an iCalendar file (RFC 5545): meals as all-day events
/// that do not show as busy time (`TRANSP:TRANSPARENT`), tasks as to-dos (`DUE` when they have
/// a due date, none when they have not), chores as repeating to-dos (paused chores are left
/// out). The calendar has RFC 7986's `NAME` and a `UID` of its own that stays the same for a
/// household from one export to the next. CRLF line ends, text escaped, long lines folded at
/// 75 octets.
public enum ICalendarExport {
    /// What a calendar export holds: its summary counts these, nothing else.
    package struct Contents: Sendable, Equatable {
        package var meals: Int
        package var tasks: Int
        package var chores: Int

        package init(meals: Int, tasks: Int, chores: Int) {
            self.meals = meals
            self.tasks = tasks
            self.chores = chores
        }
    }

    package static func contents(of snapshot: HouseholdSnapshot) -> Contents {
        Contents(meals: snapshot.meals.count, tasks: snapshot.tasks.count, chores: snapshot.chores.filter { !$0.paused }.count)
    }

    /// The snapshot's planned meals, tasks and chores as an `.ics` file's text.
    public static func render(_ snapshot: HouseholdSnapshot) -> String {
        let stamp = dateTime(snapshot.takenAt)
        let domain = "\(snapshot.householdID).ours"
        var lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Ours//Ours household export//EN", "CALSCALE:GREGORIAN",
            "UID:calendar@\(domain)", "NAME:" + escape(snapshot.householdName),
            "X-WR-CALNAME:" + escape(snapshot.householdName),
        ]
        for meal in snapshot.meals {
            lines += [
                "BEGIN:VEVENT", "UID:meal-\(meal.id)@\(domain)", "DTSTAMP:\(stamp)",
                "DTSTART;VALUE=DATE:\(date(meal.date))", "DTEND;VALUE=DATE:\(date(meal.date.adding(days: 1)))",
                "SUMMARY:" + escape("\(meal.slot.rawValue.capitalized): \(meal.name)"), "CATEGORIES:MEAL",
                "TRANSP:TRANSPARENT", "END:VEVENT",
            ]
        }
        for task in snapshot.tasks {
            lines += ["BEGIN:VTODO", "UID:task-\(task.id)@\(domain)", "DTSTAMP:\(stamp)"]
            if let due = task.due { lines.append("DUE;VALUE=DATE:\(date(due))") }
            lines.append("SUMMARY:" + escape(task.name))
            if let project = task.project { lines.append("CATEGORIES:" + escape(project)) }
            if let priority = task.priority { lines.append("PRIORITY:\(priority * 2 - 1)") }
            if let name = snapshot.memberName(task.assignee) { lines.append("DESCRIPTION:" + escape("Assigned to \(name)")) }
            lines += ["STATUS:" + (task.done ? "COMPLETED" : "NEEDS-ACTION"), "END:VTODO"]
        }
        for chore in snapshot.chores where !chore.paused {
            lines += choreTodo(chore, in: snapshot, stamp: stamp, domain: domain)
        }
        lines.append("END:VCALENDAR")
        return lines.map(fold).joined(separator: "\r\n") + "\r\n"
    }

    /// Escapes a TEXT value: backslash, semicolon, comma and line breaks (RFC 5545 3.3.11).
    static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\\": result += "\\\\"
            case ";": result += "\\;"
            case ",": result += "\\,"
            case "\n", "\r\n": result += "\\n"
            case "\r": continue
            default: result.append(character)
            }
        }
        return result
    }

    /// Splits a content line longer than 75 octets, never inside a UTF-8 sequence; each
    /// continuation starts with a space (RFC 5545 3.1).
    static func fold(_ line: String) -> String {
        var pieces: [String] = []
        var current = ""
        var octets = 0
        for scalar in line.unicodeScalars {
            let size = String(scalar).utf8.count
            let limit = pieces.isEmpty ? 75 : 74
            if octets + size > limit {
                pieces.append(current)
                current = ""
                octets = 0
            }
            current.unicodeScalars.append(scalar)
            octets += size
        }
        pieces.append(current)
        return pieces.joined(separator: "\r\n ")
    }

    static func date(_ day: CalendarDay) -> String { day.description.replacingOccurrences(of: "-", with: "") }

    /// `20250314T101500Z`.
    static func dateTime(_ millis: Int64) -> String {
        let text = UTCTime.iso8601(millis: millis)
        return text.prefix(19).filter { $0 != "-" && $0 != ":" } + "Z"
    }
}

extension String {
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
