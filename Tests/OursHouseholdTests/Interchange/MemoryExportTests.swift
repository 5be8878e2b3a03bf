import Foundation
import OursSync
import Testing

@testable import OursHousehold

/// Memories in every export: the JSON document (with the records `ours import` reads back),
/// Markdown and HTML; and an import that checks a memory can be read.
@Suite struct MemoryExportTests {
    let world = SharedFolderWorld()

    static func snapshot() -> HouseholdSnapshot {
        HouseholdSnapshot(
            householdID: "h1", householdName: "Grandparents", takenAt: ExportTests.takenAt,
            timeZone: TimeZone(identifier: "UTC")!, members: [Member(id: "p1", name: "Grandma")],
            memories: [
                Memory(
                    id: "m2", title: "Day at the <sea>", note: "Windy.\n\nLily found a *crab*.", date: CalendarDay("2021-08-14"),
                    recipient: "Lily"),
                Memory(id: "m1", title: "Her garden", recipient: "p1", addedBy: "p1"),
            ])
    }

    @Test func markdownKeepsEachMemoryWithItsParagraphs() {
        let text = MarkdownExport.render(Self.snapshot())
        #expect(
            text.hasSuffix(
                """
                ## Memories

                ### Day at the \\<sea\\>

                *2021-08-14 (Saturday), for Lily*

                Windy.

                Lily found a \\*crab\\*.

                ### Her garden

                *for Grandma*

                """))
    }

    @Test func htmlEscapesAndKeepsTheNotesLines() {
        let page = HTMLExport.render(Self.snapshot())
        #expect(page.contains("<section><h2>Memories</h2>\n<article><h3>Day at the &lt;sea&gt;</h3>"))
        #expect(page.contains("<p class=\"meta\">Saturday 2021-08-14, for Lily</p>"))
        #expect(page.contains("<p class=\"note\">Windy.\n\nLily found a *crab*.</p>"))
        #expect(page.contains(".note { white-space: pre-line; }"))
        #expect(!HTMLExport.render(ExportTests.snapshot()).contains("Memories"), "no empty section")
    }

    @Test func theJSONDocumentListsThemAndCarriesTheirRecords() throws {
        let (life, _) = try world.privateLife("Grandma")
        let memory = try life.addMemory("First steps", note: "To Grandpa", date: "2019-06-02", for: "Lily")
        let json = try life.snapshot().json
        let listed = try #require(json["memories"]?.arrayValue)
        #expect(listed.map { $0["id"] } == [.string(memory.id)])
        #expect(listed.first?["forName"] == "Lily" && listed.first?["addedByName"] == "Grandma")
        let records = try #require(json["records"]?["memory"]?.arrayValue)
        #expect(records.first?["fields"]?["name"] == "First steps" && records.first?["fields"]?["for"] == "Lily")

        let (other, _) = try world.privateLife("Ana")
        let document = try HouseholdImport.parse(JSONWriter.compact(json), source: "backup.json")
        #expect(try other.importDocument(document).byType["memory"] == ImportReport.Counts(created: 1))
        #expect(try other.memories() == [memory])
    }

    @Test func anImportRefusesAMemoryWithoutATitle() {
        let text = HouseholdImportTests.document(#"{"memory": [{"id": "m", "fields": {"note": "no title"}}]}"#)
        let error = OursError.caught { _ = try HouseholdImport.parse(Array(text.utf8), source: "b.json") }
        #expect(error?.message == "b.json: records.memory[0] (m) is not a readable memory")
    }
}
