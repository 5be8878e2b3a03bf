import OursSync
import Testing

@testable import OursHousehold

@Suite struct SemanticIDTests {
    // Expected values computed independently (FNV-1a 64 in a few lines of Python), so a change
    // to the scheme — which would split every household's records in two — fails here.
    @Test func idsArePinned() {
        #expect(SemanticID.list(named: "Produce") == "produce-57b809dfc64b")
        #expect(SemanticID.list(named: "Produce", attempt: 1) == "produce-4ac6d2430a3a")
        #expect(GroceryList.defaultID == "groceries-505f7ef579a9")
        #expect(SemanticID.item(named: "Milk", onList: GroceryList.defaultID) == "milk-635eff0dad8cdef9")
        #expect(SemanticID.recipe(named: "Pancakes") == "pancakes-fbc41e35f9a4")
        #expect(SemanticID.recipe(named: "Crème Brûlée") == "creme-brulee-1afe3b927c63")
        #expect(SemanticID.category(named: "Dairy") == "dairy-f7c3251c1681")
        #expect(SemanticID.chore(named: "Bins") == "bins-5e9b8094a381")
        #expect(SemanticID.task(named: "Fix the tap", project: "Home") == "fix-the-tap-965f8a16797a")
        #expect(SemanticID.meal(on: CalendarDay("2025-03-14")!, .dinner) == "2025-03-14-dinner")
        #expect(SemanticID.project(named: "Back  GARDEN") == "back-garden-8560e3ce26a2")
    }

    @Test(arguments: ["produce", "  PRODUCE ", "PRODUCE\u{00A0}", "ＰＲＯＤＵＣＥ"])
    func sameNameSameID(_ variant: String) {
        #expect(SemanticID.list(named: variant) == SemanticID.list(named: "Produce"))
        #expect(SemanticID.item(named: variant, onList: "l") == SemanticID.item(named: "Produce", onList: "l"))
    }

    @Test func differentThingsDifferentIDs() {
        #expect(SemanticID.item(named: "Milk", onList: "a") != SemanticID.item(named: "Milk", onList: "b"))
        #expect(SemanticID.item(named: "Milk", onList: "a") != SemanticID.item(named: "Oat milk", onList: "a"))
        #expect(SemanticID.task(named: "Paint", project: "Kitchen") != SemanticID.task(named: "Paint", project: "Hall"))
        #expect(SemanticID.task(named: "Paint", project: nil) == SemanticID.task(named: "paint", project: ""))
    }

    @Test(arguments: ["牛奶", "🍕", String(repeating: "Very long name ", count: 30), "a/b\\c:d", ".hidden", "-dash", "Ünïcödé"])
    func everyIDIsAValidRecordID(_ name: String) {
        let ids = [
            SemanticID.list(named: name), SemanticID.item(named: name, onList: SemanticID.list(named: name)),
            SemanticID.recipe(named: name), SemanticID.category(named: name), SemanticID.chore(named: name),
            SemanticID.task(named: name, project: name),
        ]
        for id in ids { #expect(RecordKey.isValidID(id), "\(id)") }
        #expect(SemanticID.list(named: "牛奶").hasPrefix("list-"))
    }

    @Test func itemIDsCarryTheirListsTag() {
        let list = SemanticID.list(named: "Party")
        let item = SemanticID.item(named: "Crisps", onList: list)
        #expect(SemanticID.listTag(ofItemID: item).map(String.init) == SemanticID.listTag(list))
        #expect(SemanticID.listTag(ofItemID: "8k2m4n6p8r0t2v4x") == nil)
        #expect(SemanticID.listTag(ofItemID: "milk") == nil)
        #expect(SemanticID.listTag(ofItemID: "milk-635eff0dad8cdeg9") == nil)
    }
}
