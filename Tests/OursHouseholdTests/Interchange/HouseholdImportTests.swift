import Foundation
import OursSync
import Testing

@testable import OursHousehold

/// `ours import`: an export's records merged into a household by id; bad files refused
/// before anything is written.
@Suite struct HouseholdImportTests {
    let world = SharedFolderWorld()

    static let header = #""format": "ours-household", "version": 1, "household": {"id": "h1", "name": "Home"}"#

    static func document(_ records: String) -> String { "{\(header), \"records\": \(records)}" }

    @Test(arguments: [
        ("{", "backup.json is not valid JSON: line 1, column 2"),
        ("[]", "backup.json is not an ours export document"),
        (#"{"format": "ours-recipe", "version": 1}"#, "backup.json is not an ours export document"),
        (#"{"format": "ours-household", "version": "1"}"#, #"backup.json: "version" must be a whole number"#),
        (#"{"format": "ours-household", "version": 1, "records": {}}"#, #"backup.json: "household" must be an object"#),
        ("{\(header)}", #"backup.json has no "records": it was exported by an older version"#),
        (document("[]"), #"backup.json: "records" must be an object of record types, not an array"#),
        (document(#"{"Chore": []}"#), #"backup.json: records.Chore: "Chore" is not a record type"#),
        (document(#"{"chore": {}}"#), "backup.json: records.chore must be an array of records"),
        (document(#"{"chore": [7]}"#), #"backup.json: records.chore[0] must be an object with "id" and "fields""#),
        (
            document(#"{"chore": [{"id": "Bins", "fields": {"name": "Bins"}}]}"#),
            #"records.chore[0]: the id "Bins" is not a record id"#
        ),
        (document(#"{"chore": [{"fields": {"name": "Bins"}}]}"#), #"records.chore[0]: there is no "id""#),
        (document(#"{"chore": [{"id": "bins", "fields": []}]}"#), #"records.chore[0] (bins): "fields" must be an object"#),
        (document(#"{"chore": [{"id": "bins", "fields": {"name": null}}]}"#), "records.chore[0] (bins) has no fields"),
        (document(#"{"chore": [{"id": "bins", "fields": {"name": "Bins", "_ours": {}}}]}"#), #""_ours" cannot be a field name"#),
        (document(#"{"chore": [{"id": "bins", "fields": {"name": "Bins", "every": "often"}}]}"#), "is not a readable chore"),
        (
            document(#"{"meal-plan": [{"id": "m", "fields": {"name": "Tacos", "date": "someday"}}]}"#),
            "records.meal-plan[0] (m) is not a readable meal-plan"
        ),
        (
            document(#"{"widget": [{"id": "a", "fields": {"x": 1}}, {"id": "a", "fields": {"x": 2}}]}"#),
            #"records.widget[1]: the id "a" appears twice"#
        ),
    ])
    func refusesWhatIsNotAValidExport(text: String, message: String) {
        let error = OursError.caught { _ = try HouseholdImport.parse(Array(text.utf8), source: "backup.json") }
        #expect(error?.kind == .usage)
        #expect(error?.message.contains(message) == true, "\(error?.message ?? "no error")")
    }

    @Test func refusesANewerVersion() {
        let text = #"{"format": "ours-household", "version": 2, "records": {}}"#
        let error = OursError.caught { _ = try HouseholdImport.parse(Array(text.utf8), source: "new.json") }
        #expect(error?.kind == .failed)
        #expect(error?.message == "new.json was exported by a newer version of ours (export version 2; this one reads up to 1)")
    }

    /// Another household's life, exported.
    func exported() throws -> (json: String, snapshot: HouseholdSnapshot) {
        let (life, clock) = try world.privateLife("Ana")
        _ = try life.add(["Milk", "Eggs"], quantity: "2")
        _ = try life.addRecipe(named: "Pancakes", ingredients: ["2 cups flour", "2 eggs"], servings: 4)
        _ = try life.addChore(named: "Bins", rule: .weekdays([1, 4]), ChoreChanges(fixed: true, note: "Blue bin"))
        clock.advance(by: 60_000)
        _ = try life.choreDone("Bins")
        try life.zone.put(type: "widget", id: "w1", fields: ["size": .number("2.50"), "tags": ["a", "b"]])
        let snapshot = try life.snapshot()
        return (JSONWriter.prettyString(snapshot.json), snapshot)
    }

    @Test func mergesByIdAndASecondImportChangesNothing() throws {
        let (json, source) = try exported()
        let document = try HouseholdImport.parse(Array(json.utf8), source: "backup.json")
        #expect(document.householdName == "Private")
        #expect(document.types == ["chore", "ingredient", "item", "list", "recipe", "widget"])
        let (life, _) = try world.privateLife("Ben")
        // Milk is here with another quantity and a note the file does not have.
        _ = try life.add(["Milk"], quantity: "1 l", note: "oat")
        let report = try life.importDocument(document)
        #expect(report.byType["item"] == ImportReport.Counts(created: 1, updated: 1, unchanged: 0))
        #expect(report.byType["list"] == ImportReport.Counts(created: 0, updated: 0, unchanged: 1), "the same default list")
        #expect(report.byType["chore"] == ImportReport.Counts(created: 1, updated: 0, unchanged: 0))
        #expect(report.byType["widget"] == ImportReport.Counts(created: 1, updated: 0, unchanged: 0))
        // Egg and flour are new here; milk's use count gains Ana's device's uses.
        #expect(report.byType["ingredient"] == ImportReport.Counts(created: 2, updated: 1, unchanged: 0))
        #expect(report.total == ImportReport.Counts(created: 6, updated: 2, unchanged: 1))
        let milk = try #require(
            try life.zone.get(RecordKey(type: "item", id: SemanticID.item(named: "Milk", onList: GroceryList.defaultID))))
        #expect(milk.values["qty"] == "2")
        #expect(milk.values["note"] == "oat", "a field the file lacks is left alone")
        let widget = try #require(try life.zone.get(RecordKey(type: "widget", id: "w1")))
        #expect(widget.values["size"] == .number("2.50"), "numbers keep their exact text")
        let bins = try life.chore(named: "Bins")
        let original = try #require(source.chores.first)
        #expect(bins.completions == original.completions, "the log came along")
        #expect(bins.schedule.rule == .weekdays([1, 4]))
        #expect(bins.schedule.fixed)
        #expect(bins.nextDue == original.nextDue)
        let again = try life.importDocument(document)
        #expect(again.total == ImportReport.Counts(created: 0, updated: 0, unchanged: 9))
    }

    @Test func aDeletedRecordComesBackAsTheFileHasIt() throws {
        let (json, _) = try exported()
        let document = try HouseholdImport.parse(Array(json.utf8), source: "backup.json")
        let (life, _) = try world.privateLife("Ben")
        _ = try life.importDocument(document)
        _ = try life.editChore("Bins", ChoreChanges(rotation: ["me"]))
        _ = try life.removeChore("Bins")
        let report = try life.importDocument(document)
        #expect(report.byType["chore"] == ImportReport.Counts(created: 1, updated: 0, unchanged: 0))
        let bins = try life.chore(named: "Bins")
        #expect(bins.rotation.isEmpty, "what the deleted record had beyond the file is gone")
        #expect(bins.note == "Blue bin")
    }

    @Test func aBadRecordAfterGoodOnesIsStillFound() throws {
        let text = Self.document(
            #"{"chore": [{"id": "bins", "fields": {"name": "Bins", "every": "7d"}}], "task": [{"id": "t", "fields": {"done": true}}]}"#
        )
        let error = OursError.caught { _ = try HouseholdImport.parse(Array(text.utf8), source: "b.json") }
        #expect(error?.message == "b.json: records.task[0] (t) is not a readable task")
    }
}
