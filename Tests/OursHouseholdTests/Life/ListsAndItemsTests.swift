import OursHousehold
import OursSync
import Testing

/// Lists and items on one device's private data (no shared folder needed).
@Suite struct ListsAndItemsTests {
    let world = SharedFolderWorld()

    @Test func addingCreatesTheDefaultListAndNeverDuplicates() throws {
        let (life, _) = try world.privateLife()
        let first = try life.add(["Milk"])
        #expect(first.list.id == GroceryList.defaultID)
        #expect(first.listOutcome == .created)
        #expect(first.items.map(\.outcome) == [.created])
        let again = try life.add(["  milk "])
        #expect(again.listOutcome == .unchanged)
        #expect(again.items.map(\.outcome) == [.unchanged])
        #expect(again.items[0].item.name == "Milk")
        #expect(try life.zone.list(type: "item").count == 1)
        #expect(try life.zone.list(type: "list").count == 1)
    }

    @Test func addingAnUncheckedItemUpdatesOnlyWhatIsGiven() throws {
        let (life, _) = try world.privateLife()
        _ = try life.add(["Milk"], quantity: "2", note: "not UHT")
        let updated = try life.add(["milk"], quantity: "1 l")
        #expect(updated.items[0].outcome == .updated)
        #expect(updated.items[0].item.quantity == "1 l")
        #expect(updated.items[0].item.note == "not UHT")
    }

    @Test func addingACheckedItemPutsItBackAsAFreshNeed() throws {
        let (life, _) = try world.privateLife()
        _ = try life.add(["Milk"], quantity: "2 l", category: "Dairy", note: "not UHT")
        let checked = try life.check("MILK")
        #expect(checked.outcome == .updated)
        #expect(checked.item.checked)
        let back = try life.add(["milk"])
        #expect(back.items[0].outcome == .restored)
        let item = back.items[0].item
        #expect(!item.checked)
        #expect(item.quantity == nil)
        #expect(item.category == "Dairy")
        #expect(item.note == "not UHT")
        #expect(item.checkedAt == nil)
    }

    @Test func checkUncheckRemove() throws {
        let (life, _) = try world.privateLife()
        _ = try life.add(["Milk", "Eggs"])
        #expect(try life.check("eggs").outcome == .updated)
        #expect(try life.check("eggs").outcome == .unchanged)
        let snapshot = try #require(
            try life.zone.get(RecordKey(type: "item", id: SemanticID.item(named: "Eggs", onList: GroceryList.defaultID))))
        #expect(snapshot.values["checked"] == true)
        #expect(snapshot.values["checkedAt"] == "2025-03-14T10:00:00.000Z")
        #expect(try life.uncheck("Eggs").outcome == .updated)
        #expect(try life.uncheck("Eggs").outcome == .unchanged)
        let removed = try life.remove("milk")
        #expect(removed.item.name == "Milk")
        let items = try life.items(on: try life.list(named: nil))
        #expect(items.map(\.name) == ["Eggs"])
        #expect(try life.add(["Milk"]).items[0].outcome == .created)
    }

    @Test func unknownAndAmbiguousNames() throws {
        let (life, _) = try world.privateLife()
        _ = try life.add(["Milk", "Millet", "Oat milk"])
        _ = try life.add(["Milk"], to: "Party")
        let unknown = OursError.caught { _ = try life.check("bread") }
        #expect(unknown?.kind == .notFound)
        #expect(unknown?.message == "no item called \"bread\"")
        let prefix = OursError.caught { _ = try life.check("mil") }
        #expect(prefix?.kind == .usage)
        #expect(prefix?.message == "\"mil\" matches several items: Milk (Groceries), Milk (Party), Millet (Groceries)")
        let twoLists = OursError.caught { _ = try life.remove("milk") }
        #expect(twoLists?.kind == .usage)
        #expect(twoLists?.message == "\"milk\" matches several items: Milk (Groceries), Milk (Party)")
        #expect(try life.remove("milk", from: "party").list.name == "Party")
        #expect(try life.check("mill").item.name == "Millet")
        #expect(try life.check("oat").item.name == "Oat milk")
        #expect(OursError.caught { _ = try life.check("milk", on: "Hardware") }?.kind == .notFound)
    }

    @Test func checkPrefersTheItemThatCanBeChecked() throws {
        let (life, _) = try world.privateLife()
        _ = try life.add(["Milk"])
        _ = try life.add(["Milk"], to: "Party")
        _ = try life.check("milk", on: "Party")
        #expect(try life.check("milk").list.name == "Groceries")
    }

    @Test func listsCreateRenameArchiveDelete() throws {
        let (life, _) = try world.privateLife()
        #expect(try life.createList(named: "Produce").outcome == .created)
        #expect(try life.createList(named: "PRODUCE").outcome == .unchanged)
        let renamed = try life.renameList("produce", to: "Veg")
        #expect(renamed.id == SemanticID.list(named: "Produce"))
        #expect(try life.list(named: "veg").id == renamed.id)
        // "Produce" again: its own id is taken by the renamed list, so the next one is used.
        let again = try life.createList(named: "Produce")
        #expect(again.outcome == .created)
        #expect(again.list.id == SemanticID.list(named: "Produce", attempt: 1))
        #expect(try life.list(named: "produce").id == again.list.id)
        let clash = OursError.caught { _ = try life.renameList("Veg", to: "produce") }
        #expect(clash?.kind == .failed)
        #expect(try life.archiveList("veg").outcome == .updated)
        #expect(try life.lists().map(\.name) == ["Produce"])
        #expect(try life.lists(includeArchived: true).map(\.name) == ["Produce", "Veg"])
        #expect(try life.createList(named: "veg").outcome == .restored)
        _ = try life.add(["Carrots", "Leeks"], to: "Veg")
        let refused = OursError.caught { _ = try life.deleteList("veg", confirmed: false) }
        #expect(refused?.kind == .usage, "a missing --yes is a usage error (exit 2)")
        #expect(refused?.message == "Veg still has 2 item(s)")
        #expect(try life.deleteList("veg", confirmed: true).items == 2)
        #expect(try life.zone.list(type: "item").isEmpty)
        #expect(OursError.caught { _ = try life.list(named: "veg") }?.kind == .notFound)
    }

    @Test func itemsAreShownInShoppingOrder() throws {
        let (life, _) = try world.privateLife()
        _ = try life.add(["bread", "Apples"])
        _ = try life.add(["milk"], category: "dairy")
        _ = try life.check("apples")
        let items = try life.items(on: try life.list(named: nil))
        #expect(items.map(\.name) == ["milk", "bread", "Apples"])
        #expect(try life.categories().map(\.name) == ["dairy"])
    }

    @Test func itemsFromOtherAppsAreOnTheDefaultList() throws {
        let (life, _) = try world.privateLife()
        _ = try life.add(["Milk"])
        try life.zone.put(type: "item", fields: ["name": "Eggs", "qty": 12])
        let items = try life.items(on: try life.list(named: nil))
        #expect(items.map(\.name) == ["Eggs", "Milk"])
        #expect(items[0].quantity == "12")
        #expect(try life.check("eggs").item.name == "Eggs")
    }

    @Test func consolidatedAcrossLists() throws {
        let (life, _) = try world.privateLife()
        _ = try life.add(["Flour"], quantity: "1 cup")
        _ = try life.add(["flour"], to: "Baking", quantity: "2 cups")
        _ = try life.add(["Sugar"], to: "Baking", quantity: "500 g")
        _ = try life.add(["sugar"], quantity: "1 kg")
        let (lists, lines) = try life.consolidated()
        #expect(lists.map(\.name) == ["Baking", "Groceries"])
        #expect(lines.map(\.name) == ["flour", "Sugar"])
        #expect(lines.map(\.total.description) == ["3 cups", "1.5 kg"])
    }

    /// A member's add that every device ignores (its writer was removed before it), ticked
    /// off by another member meanwhile, leaves a record holding only the tick: not an item.
    @Test func aRecordHoldingOnlyATickIsNoItemAndAddingMakesItAfresh() throws {
        let (elsewhere, _) = try world.privateLife("Mike")
        let id = try elsewhere.add(["Milk"]).items[0].item.id
        let (life, _) = try world.privateLife()
        _ = try life.zone.put(
            type: "item", id: id,
            fields: [
                "checked": true, "checkedAt": "2026-11-20T10:00:00Z", "checkedBy": "p0000000000a",
                "log.2026-11-20T10:00:00.000Z-0000-abcdefgh": ["event": "checked"],
            ])
        #expect(try life.item(id: id) == nil)
        #expect(try life.zone.list(type: "item").count == 1, "the record is there, and is no item")
        let added = try life.add(["milk"])
        #expect(added.items.map(\.outcome) == [.created])
        #expect(added.items[0].item.id == id)
        #expect(added.items[0].item.name == "milk" && !added.items[0].item.checked)
        #expect(added.items[0].item.checkedAt == nil && added.items[0].item.checkedBy == nil)
        #expect(try life.items(on: added.list).map(\.id) == [id])
    }
}
