import Foundation
import OursHousehold
import OursSync
import Testing

/// Debian's python3-icalendar, which reads the export as a calendar app would.
enum PythonICalendar {
    static let python = "/usr/bin/python3"

    /// Whether `python3 -c 'import icalendar'` works here.
    static let available: Bool = {
        guard FileManager.default.isExecutableFile(atPath: python) else { return false }
        return (try? run(["-c", "import icalendar, dateutil"]).status) == 0
    }()

    /// CI installs it (`.ci/run`), so there it must be present.
    static let required = ProcessInfo.processInfo.environment["CI"] == "true"

    static let missing =
        "python3-icalendar is missing (\(python) cannot import icalendar): the iCalendar export is not checked by an "
        + "independent reader; install Debian's python3-icalendar"

    static func run(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
    }
}

@Suite(
    "iCalendar export read by python3-icalendar",
    .enabled(if: PythonICalendar.available || PythonICalendar.required, Comment(rawValue: PythonICalendar.missing)))
struct ICalendarValidationTests {
    static let berlin = TimeZone(identifier: "Europe/Berlin")!
    static let count = 8

    /// Chores of every kind of rule, starting just before month ends and daylight-saving changes.
    static func chores() -> [Chore] {
        let calendar = LocalCalendar(berlin)
        func chore(_ name: String, _ rule: String, fixed: Bool, start: String, paused: Bool = false) -> Chore {
            let schedule = ChoreSchedule(
                rule: Recurrence(rule)!, fixed: fixed, start: UTCTime.parseISO8601(start)!, calendar: calendar)
            return Chore(id: NameKey.slug(name), name: name, schedule: schedule, paused: paused)
        }
        return [
            chore("Rent", "on the 31st", fixed: true, start: "2025-01-10T09:00:00.000Z"),
            chore("Filter", "monthly", fixed: true, start: "2025-01-31T17:00:00.000Z"),
            chore("Accounts", "every 3 months", fixed: false, start: "2024-11-30T08:00:00.000Z"),
            chore("Recycling", "mon,thu", fixed: true, start: "2025-03-26T10:00:00.000Z"),
            chore("Bins", "every tuesday", fixed: false, start: "2025-10-20T10:00:00.000Z"),
            chore("Plants", "every 3 days", fixed: true, start: "2025-03-28T18:00:00.000Z"),
            chore("Hoovering", "every 2 weeks", fixed: false, start: "2025-10-15T18:00:00.000Z"),
            chore("Cat", "every 12 hours", fixed: true, start: "2025-03-29T19:00:00.000Z"),
            chore("Boiler", "yearly", fixed: true, start: "2024-02-29T12:00:00.000Z"),
            chore("Gutters", "the 15th", fixed: false, start: "2025-03-20T12:00:00.000Z", paused: true),
        ]
    }

    @Test func everyChoreIsAValidToDoRepeatingAsScheduled() throws {
        try #require(PythonICalendar.available, Comment(rawValue: PythonICalendar.missing))
        let chores = Self.chores()
        let snapshot = HouseholdSnapshot(
            householdID: "h1", householdName: "Home", takenAt: UTCTime.parseISO8601("2025-01-01T00:00:00.000Z")!,
            timeZone: Self.berlin, members: [], chores: chores)
        let temp = TemporaryDirectory("ics")
        let file = temp.path + "/home.ics"
        try Data(ICalendarExport.render(snapshot).utf8).write(to: URL(fileURLWithPath: file))
        let result = try PythonICalendar.run([FixtureFiles.path("icalendar/check-todos.py"), file, "\(Self.count)"])
        try #require(result.status == 0, "python3-icalendar refused the file: \(result.err)")
        let todos = try #require(try JSONParser.parse(result.out).objectValue)
        #expect(todos.count == chores.count - 1, "the paused chore is left out")
        for chore in chores where !chore.paused {
            let todo = try #require(todos["chore-\(chore.id)@h1.ours"], "\(chore.name)")
            #expect(todo["occurrences"]?.arrayValue?.compactMap(\.stringValue) == Self.dues(chore), "\(chore.name): \(todo)")
        }
    }

    /// When the chore falls due, one time after another, as the export promises: its schedule
    /// from the time it is due now (for a chore counted from completions, as if each were done
    /// when due on a schedule that starts then); days for calendar rules, UTC times for spans.
    static func dues(_ chore: Chore) -> [String] {
        let schedule = ChoreSchedule(
            rule: chore.schedule.rule, fixed: true, start: chore.schedule.fixed ? chore.schedule.start : chore.nextDue,
            calendar: chore.schedule.calendar)
        var due = chore.nextDue
        var result: [String] = []
        for _ in 0..<count {
            if case .span = chore.schedule.rule {
                result.append(String(UTCTime.iso8601(millis: due).prefix(19)) + "Z")
            } else {
                result.append(chore.schedule.calendar.day(due).description)
            }
            due = schedule.first(after: due)
        }
        return result
    }
}
