import Foundation
import OursTestSupport
import Testing

/// What the README promises the shell: exit codes, `--out -`, a calendar a real parser reads.
@Suite("End to end: the shell's contract")
struct ShellContractTests {
    @Test func noHouseholdIsExit4Everywhere() throws {
        let world = World()
        let alone = try world.device("Sarah")
        for line in [["sync"], ["invite"], ["watch"], ["codes"], ["household", "leave", "--yes"]] {
            let result = try alone.run(arguments: line)
            #expect(result.exitCode == 4, "ours \(line.joined(separator: " ")): \(result)")
            #expect(result.stderr.contains("no household"), "\(line): \(result.stderr)")
        }
    }

    @Test func aDeletionThatNeedsYesIsExit2WithoutATerminal() throws {
        let world = World()
        let sarah = try world.household(members: [])[0]
        try sarah.ok("add", "nails", "--list", "Hardware")
        try sarah.ok("recipe", "add", "Toast", "-i", "bread")
        try sarah.ok("plan", "friday", "dinner", "Toast")
        try sarah.ok("add", "milk", "--category", "Dairy")
        try sarah.ok("task", "add", "Paint", "--project", "Shed")
        for line in [
            ["list", "delete", "Hardware"], ["recipe", "rm", "Toast"], ["category", "rm", "Dairy"], ["project", "rm", "Shed"],
            ["household", "leave"],
        ] {
            let refused = try sarah.run(arguments: line)
            #expect(refused.exitCode == 2, "ours \(line.joined(separator: " ")): \(refused)")
            #expect(refused.stderr.contains("--yes"), "\(refused.stderr)")
        }
        #expect(try sarah.ok("lists").stdout.contains("Hardware"), "nothing was deleted")
        try sarah.ok("list", "delete", "Hardware", "--yes")
    }

    @Test func outDashWritesTheExportItselfAndTheCalendarValidates() throws {
        let world = World()
        let sarah = try world.household(members: [])[0]
        try sarah.ok("plan", "friday", "dinner", "Tacos")
        try sarah.ok("task", "add", "Fix the tap")
        try sarah.ok("task", "add", "Paint", "--due", "saturday")
        try sarah.ok("chore", "add", "Bins", "--every", "tuesday")
        try sarah.ok("chore", "add", "Windows", "--every", "month")
        try sarah.ok("chore", "pause", "Windows")
        try sarah.ok("add", "milk")
        let calendar = try sarah.ok("export", "--format", "ics", "--out", "-", "--json")
        #expect(calendar.stdout.hasPrefix("BEGIN:VCALENDAR\r\n"), "the export itself, not a document about it")
        let json = try sarah.ok("export", "--out", "-", "--json")
        #expect(json.object["format"] as? String == "ours-household", "the export document, not a summary")

        let file = world.root + "/home.ics"
        let wrote = try sarah.ok("export", "--format", "ics", "--out", file)
        #expect(wrote.stdout == "Wrote \(file) (ics: 1 planned meal, 2 tasks, 1 chore).\n", "what is in the file, counted")
        guard PythonICalendar.available else {
            try #require(!PythonICalendar.required, Comment(rawValue: PythonICalendar.missing))
            print("skipped the python3-icalendar check: \(PythonICalendar.missing)")
            return
        }
        let read = try JSONSerialization.jsonObject(with: Data(PythonICalendar.check("check-calendar.py", [file]).utf8))
        let calendarRead = try #require(read as? [String: Any])
        #expect(calendarRead["name"] as? String == "Home")
        #expect((calendarRead["events"] as? [String: Any])?.count == 1)
        #expect((calendarRead["todos"] as? [String: Any])?.count == 3)
        let uid = try #require(calendarRead["uid"] as? String)
        try sarah.ok("add", "eggs")
        try sarah.ok("export", "--format", "ics", "--out", file)
        let again = try #require(
            try JSONSerialization.jsonObject(with: Data(PythonICalendar.check("check-calendar.py", [file]).utf8))
                as? [String: Any])
        #expect(again["uid"] as? String == uid, "one UID per household, export after export")
    }
}
