import Foundation
import OursSync
import Testing

@testable import OursHousehold

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

    @Test func aWholeHouseholdIsAValidCalendarHoldingWhatItsSummaryCounts() throws {
        try #require(PythonICalendar.available, Comment(rawValue: PythonICalendar.missing))
        let chores = Self.chores()
        let snapshot = HouseholdSnapshot(
            householdID: "h1", householdName: "Sarah, Mike; and \\ the cat", takenAt: 1_741_946_400_000,
            timeZone: Self.berlin, members: [Member(id: "p1", name: "Sarah")],
            meals: [
                PlannedMeal(date: CalendarDay("2025-03-14")!, slot: .dinner, name: "Tacos"),
                PlannedMeal(date: CalendarDay("2025-03-30")!, slot: .lunch, name: "Soup"),
            ],
            chores: chores,
            tasks: [
                HouseholdTask(id: "t1", name: "Fix the tap", due: CalendarDay("2025-03-20"), priority: 2),
                HouseholdTask(id: "t2", name: "Someday: paint the shed"),
                HouseholdTask(id: "t3", name: "Done already", done: true),
            ])
        let temp = TemporaryDirectory("ics")
        let file = temp.path + "/home.ics"
        try Data(ICalendarExport.render(snapshot).utf8).write(to: URL(fileURLWithPath: file))
        let read = try #require(try JSONParser.parse(PythonICalendar.check("check-calendar.py", [file])).objectValue)
        #expect(read["name"] == "Sarah, Mike; and \\ the cat")
        #expect(read["uid"] == "calendar@h1.ours")
        let events = try #require(read["events"]?.objectValue)
        let todos = try #require(read["todos"]?.objectValue)
        let contents = ICalendarExport.contents(of: snapshot)
        #expect(contents == .init(meals: 2, tasks: 3, chores: chores.count - 1))
        #expect(events.count == contents.meals && todos.count == contents.tasks + contents.chores)
        #expect(events.values.allSatisfy { $0["transp"] == "TRANSPARENT" }, "\(events)")
        #expect(todos["task-t2@h1.ours"]?.objectValue?["due"] == nil, "an undated task: a to-do without DUE")
        #expect(todos["task-t1@h1.ours"]?["due"] == "2025-03-20")
        // The same household exported again: the same calendar UID.
        #expect(ICalendarExport.render(snapshot).contains("\r\nUID:calendar@h1.ours\r\n"))
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
