import Foundation
import OursSync
import Testing

@testable import OursHousehold

@Suite struct ExportTests {
    static let takenAt: Int64 = 1_741_946_400_000  // 2025-03-14T10:00:00.000Z

    static func snapshot() -> HouseholdSnapshot {
        let groceries = GroceryList(id: "groceries-1", name: "Groceries <main>")
        var pancakes = Recipe(
            name: "Pancakes & <Syrup>", ingredients: [Ingredient(parsing: "2 cups flour")], servings: 4,
            steps: ["Mix; fry, flip."])
        pancakes.favorite = true
        return HouseholdSnapshot(
            householdID: "h1", householdName: "Sarah & Mike's", takenAt: takenAt, timeZone: TimeZone(identifier: "UTC")!,
            members: [Member(id: "p1", name: "Alex")],
            lists: [
                .init(
                    list: groceries,
                    items: [
                        GroceryItem(id: "i1", listID: "groceries-1", name: "Milk <2%>", quantity: "1 l"),
                        GroceryItem(id: "i2", listID: "groceries-1", name: "Eggs", checked: true),
                    ])
            ],
            recipes: [pancakes],
            meals: [PlannedMeal(date: CalendarDay("2025-03-14")!, slot: .dinner, name: "Tacos, with lime; spicy")],
            chores: [
                Chore(
                    id: "bins-1", name: "Bins",
                    schedule: ChoreSchedule(
                        rule: .every(7, .day), start: takenAt, calendar: LocalCalendar(TimeZone(identifier: "UTC")!)),
                    assignee: "p1")
            ],
            tasks: [
                HouseholdTask(
                    id: "t1", name: "Fix the tap", project: "Home, upstairs", due: CalendarDay("2025-03-20"), priority: 1),
                HouseholdTask(id: "t2", name: "No date"),
            ])
    }

    @Test func icsEscaping() {
        #expect(ICalendarExport.escape("a,b;c\\d\ne") == "a\\,b\\;c\\\\d\\ne")
        #expect(ICalendarExport.escape("line\r\nbreak") == "line\\nbreak")
    }

    @Test func icsFoldsAt75OctetsWithoutSplittingCharacters() {
        let line = "SUMMARY:" + String(repeating: "é", count: 60)
        let folded = ICalendarExport.fold(line)
        let pieces = folded.components(separatedBy: "\r\n")
        #expect(pieces.count == 2)
        #expect(pieces.allSatisfy { $0.utf8.count <= 75 })
        #expect(pieces[1].hasPrefix(" "))
        #expect(pieces[0] + pieces[1].dropFirst() == line)
        #expect(ICalendarExport.fold("SHORT:x") == "SHORT:x")
    }

    @Test func icsDocument() {
        let ics = ICalendarExport.render(Self.snapshot())
        #expect(ics.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"))
        #expect(ics.hasSuffix("END:VCALENDAR\r\n"))
        #expect(!ics.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        let lines = ics.components(separatedBy: "\r\n")
        #expect(lines.contains("X-WR-CALNAME:Sarah & Mike's"))
        #expect(lines.contains("UID:meal-2025-03-14-dinner@h1.ours"))
        #expect(lines.contains("DTSTART;VALUE=DATE:20250314"))
        #expect(lines.contains("DTEND;VALUE=DATE:20250315"))
        #expect(lines.contains("SUMMARY:Dinner: Tacos\\, with lime\\; spicy"))
        #expect(lines.contains("DUE;VALUE=DATE:20250320"))
        #expect(lines.contains("CATEGORIES:Home\\, upstairs"))
        #expect(lines.contains("PRIORITY:1"))
        #expect(lines.contains("DTSTART;VALUE=DATE:20250314"))
        #expect(lines.contains("DUE;VALUE=DATE:20250315"))
        #expect(lines.contains("RRULE:FREQ=DAILY;INTERVAL=7"))
        #expect(lines.contains("DESCRIPTION:Every 7 days\\, from the last time it is done\\; Alex"))
        #expect(lines.contains("DTSTAMP:20250314T100000Z"))
        #expect(lines.contains("SUMMARY:No date"), "an undated task is a to-do without DUE")
        #expect(lines.contains("NAME:Sarah & Mike's"))
        #expect(lines.contains("UID:calendar@h1.ours"))
        #expect(lines.contains("TRANSP:TRANSPARENT"), "a meal is not busy time")
        #expect(ics.components(separatedBy: "BEGIN:VTODO").count == 4)
        #expect(ICalendarExport.contents(of: Self.snapshot()) == .init(meals: 1, tasks: 2, chores: 1))
        #expect(ics.components(separatedBy: "BEGIN:VEVENT").count == 2)
    }

    @Test func htmlEscapesEverythingItShows() {
        #expect(
            HTMLExport.escape(#"<a href="x">Tom & Jerry's</a>"#) == "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;")
        let html = HTMLExport.render(Self.snapshot())
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
        #expect(html.contains("<title>Sarah &amp; Mike&#39;s</title>"))
        #expect(html.contains("Milk &lt;2%&gt;"))
        #expect(html.contains("<h3>Groceries &lt;main&gt;</h3>"))
        #expect(html.contains("Pancakes &amp; &lt;Syrup&gt; ★"))
        #expect(!html.contains("<main>"))
        #expect(!html.contains("<Syrup>"))
        #expect(html.contains("<li class=\"done\">✓ Eggs</li>"))
        #expect(!html.contains("<script"))
        #expect(!html.contains("http"))
    }

    @Test func markdown() {
        #expect(MarkdownExport.escape("*bold* [link] #1") == "\\*bold\\* \\[link\\] \\#1")
        let markdown = MarkdownExport.render(Self.snapshot())
        let lines = markdown.components(separatedBy: "\n")
        #expect(lines.first == "# Sarah & Mike's")
        #expect(lines.contains("- [ ] Milk \\<2%\\> — 1 l"))
        #expect(lines.contains("- [x] Eggs"))
        #expect(lines.contains("- 2025-03-14 (Friday), dinner: Tacos, with lime; spicy"))
        #expect(lines.contains("### Pancakes & \\<Syrup\\> ★"))
        #expect(lines.contains("- Bins — every 7 days, next due 2025-03-14 10:00, Alex"))
        #expect(lines.contains("- [ ] Fix the tap — project Home, upstairs, due 2025-03-20, priority 1"))
    }

    @Test func jsonDocument() {
        let json = Self.snapshot().json
        #expect(json["format"] == "ours-household")
        #expect(json["version"] == 1)
        #expect(json["household"] == ["id": "h1", "name": "Sarah & Mike's"])
        #expect(json["exportedAt"] == "2025-03-14T10:00:00.000Z")
        #expect(json["lists"]?.arrayValue?.first?["items"]?.arrayValue?.count == 2)
        #expect(json["chores"]?.arrayValue?.first?["assigneeName"] == "Alex")
        #expect(json["chores"]?.arrayValue?.first?["due"] == true)
        #expect(json["tasks"]?.arrayValue?.count == 2)
    }
}
