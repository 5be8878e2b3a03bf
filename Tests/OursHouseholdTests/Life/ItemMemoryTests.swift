import OursHousehold
import OursSync
import Testing

/// Who added an item and when, what happened to it since, and editing it.
@Suite struct ItemMemoryTests {
    let world = SharedFolderWorld()
    let minute: Int64 = 60_000

    @Test func anItemRemembersWhoAddedItAndEveryTickAcrossReAdding() throws {
        let (life, clock) = try world.privateLife()
        let me = try #require(try life.members().first?.id)
        let added = try life.add(["Milk"]).items[0].item
        #expect(added.addedAt == "2025-03-14T10:00:00.000Z")
        #expect(added.addedBy == me)
        #expect(added.history.map(\.kind) == [.added])
        clock.advance(by: minute)
        _ = try life.check("milk")
        clock.advance(by: minute)
        let again = try life.add(["milk"], quantity: "2")
        #expect(again.items[0].outcome == .restored)
        clock.advance(by: minute)
        _ = try life.check("milk")
        clock.advance(by: minute)
        _ = try life.uncheck("milk")
        let item = try life.item(named: "milk").item
        #expect(item.addedAt == "2025-03-14T10:00:00.000Z", "the first add is kept across ticking and re-adding")
        #expect(item.history.map(\.kind) == [.added, .checked, .added, .checked, .unchecked])
        #expect(item.history.map(\.at).last == "2025-03-14T10:04:00.000Z")
        #expect(item.history.allSatisfy { $0.by == me })
        // Each event is a field of its own.
        let stored = try #require(try life.zone.get(RecordKey(type: "item", id: item.id)))
        #expect(stored.values.keys.filter { $0.hasPrefix("log.") }.count == 5)
    }

    @Test func historyListsWhatWasBoughtNewestFirstOnOneListOrAll() throws {
        let (life, clock) = try world.privateLife()
        _ = try life.add(["Milk", "Eggs"])
        _ = try life.add(["Balloons"], to: "Party")
        clock.advance(by: minute)
        _ = try life.check("eggs")
        clock.advance(by: minute)
        _ = try life.check("balloons")
        clock.advance(by: minute)
        _ = try life.check("milk")
        _ = try life.add(["milk"])
        clock.advance(by: minute)
        _ = try life.check("milk")
        _ = try life.remove("eggs")  // removing it keeps what was bought in the history
        #expect(try life.purchases().map(\.item.name) == ["Milk", "Milk", "Balloons", "Eggs"])
        #expect(try life.purchases(on: "Groceries").map(\.item.name) == ["Milk", "Milk", "Eggs"])
        #expect(try life.purchases(on: "party").map(\.list.name) == ["Party"])
        let recent = try life.purchases(since: SharedFolderWorld.friday + 2 * minute)
        #expect(recent.map(\.event.at) == ["2025-03-14T10:04:00.000Z", "2025-03-14T10:03:00.000Z", "2025-03-14T10:02:00.000Z"])
        #expect(OursError.caught { _ = try life.purchases(on: "Hardware") }?.kind == .notFound)
    }

    @Test func anItemTickedByAnEarlierVersionHasItsTickInTheHistory() throws {
        let (life, _) = try world.privateLife()
        _ = try life.createList(named: "Groceries")
        try life.zone.put(
            type: "item", id: "bread",
            fields: [
                "name": "Bread", "list": .string(GroceryList.defaultID), "checked": true,
                "checkedAt": "2025-03-01T09:00:00.000Z", "checkedBy": "p-old",
            ])
        let bought = try life.purchases()
        #expect(bought.map(\.item.name) == ["Bread"])
        #expect(bought.first?.event.at == "2025-03-01T09:00:00.000Z")
        #expect(bought.first?.event.by == "p-old")
    }

    @Test func editingChangesWhatIsGivenAndMovesTheRecordForANewNameOrList() throws {
        let (life, _) = try world.privateLife()
        _ = try life.add(["Milk"], quantity: "2", note: "not UHT")
        _ = try life.check("milk")
        let edited = try life.editItem("milk", .init(quantity: .set("1 l"), category: .set("Dairy"), note: .clear))
        #expect(edited.outcome == .updated)
        #expect(edited.item.quantity == "1 l")
        #expect(edited.item.category == "Dairy")
        #expect(edited.item.note == nil)
        #expect(try life.categories().map(\.name) == ["Dairy"])
        #expect(try life.editItem("milk", .init(quantity: .set("1 l"))).outcome == .unchanged)

        let renamed = try life.editItem("milk", .init(name: "Oat milk"))
        #expect(renamed.item.id == SemanticID.item(named: "Oat milk", onList: GroceryList.defaultID))
        #expect(renamed.item.checked, "the item moves as it was")
        #expect(renamed.item.history.map(\.kind) == [.added, .checked])
        let old = SemanticID.item(named: "Milk", onList: GroceryList.defaultID)
        #expect(try life.zone.get(RecordKey(type: "item", id: old))?.isDeleted == true)

        let moved = try life.editItem("oat milk", .init(list: "Cafe"))
        #expect(moved.list.name == "Cafe")
        #expect(moved.item.listID == moved.list.id)
        #expect(try life.items(on: life.list(named: "Cafe")).map(\.name) == ["Oat milk"])
        #expect(try life.items(on: life.list(named: nil)).isEmpty)
        // Adding it again on the list it is on now finds it: it has that list's id.
        #expect(try life.add(["oat milk"], to: "Cafe").items[0].outcome == .restored)

        _ = try life.add(["Eggs"], to: "Cafe")
        let clash = OursError.caught { _ = try life.editItem("eggs", on: "cafe", .init(name: "Oat milk")) }
        #expect(clash?.kind == .failed)
        #expect(clash?.message == "there is already an item called \"Oat milk\" on Cafe")
    }

    @Test func anItemOnTwoListsIsToldApartByItsList() throws {
        let (life, _) = try world.privateLife()
        _ = try life.add(["Milk"])
        _ = try life.add(["Milk"], to: "Party")
        let ambiguous = OursError.caught { _ = try life.item(named: "milk") }
        #expect(ambiguous?.kind == .usage)
        #expect(ambiguous?.hint?.hasPrefix("Say which with --list (Groceries, Party), or use the id: milk-") == true)
        #expect(try life.item(named: "milk", on: "party").list.name == "Party")
        let id = try life.item(named: "milk", on: "Party").item.id
        #expect(try life.item(named: id).list.name == "Party")
    }
}
