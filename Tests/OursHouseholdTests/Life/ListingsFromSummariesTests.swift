import Foundation
import Testing

@testable import OursHousehold
@testable import OursSync

/// The lists, recipes and tasks listings answer from the replica's summary index. Whatever
/// the records hold, and however they arrived (written here, merged from another device), the
/// answers must be exactly what reading every record gives.
@Suite struct ListingsFromSummariesTests {
    let world = SharedFolderWorld()

    /// Random records of every shape the listings meet: items on several lists, without a
    /// list, without a name, deleted; recipes whose two ingredient lists agree or not; tasks.
    func scribble(_ zone: Zone, seed: UInt64, round: Int) throws {
        var random = SplitMix64(seed: seed)
        let lists: [JSONValue?] = [.string(GroceryList.defaultID), "party", "camping", nil]
        for index in 0..<60 {
            var fields: [String: JSONValue?] = ["list": random.pick(lists), "checked": .bool(random.chance(0.5))]
            if random.chance(0.85) { fields["name"] = .string("thing \(index) \(round)") } else { fields["qty"] = "2" }
            let key = try zone.put(type: "item", id: "item-\(index)", fields: fields)
            if random.chance(0.1) { try zone.remove(key) }
        }
        for index in 0..<20 {
            let ingredient: JSONValue = ["text": "1 egg", "name": "egg", "order": "m"]
            var fields: [String: JSONValue?] = [
                "name": .string("Dish \(index)"), "favorite": .bool(random.chance(0.3)), "servings": JSONValue(index % 5),
                "ingredients": .array(Array(repeating: ingredient, count: Int.random(in: 0...3, using: &random))),
            ]
            for element in 0..<Int.random(in: 0...3, using: &random) { fields["ingredient.e\(element)"] = ingredient }
            let key = try zone.put(type: "recipe", id: "recipe-\(index)", fields: fields)
            if random.chance(0.1) { try zone.remove(key) }
        }
        for index in 0..<20 {
            var fields: [String: JSONValue?] = ["name": .string("Task \(index)"), "done": .bool(random.chance(0.3))]
            if random.chance(0.5) { fields["priority"] = JSONValue(Int.random(in: 1...4, using: &random)) }
            if random.chance(0.3) { fields["note"] = "tab\there, \"quoted\"" }
            let key = try zone.put(type: "task", id: "task-\(index)", fields: fields)
            if random.chance(0.1) { try zone.remove(key) }
        }
    }

    /// Every listing against the same listing computed from every record read whole.
    func expectListingsMatchTheRecords(_ zone: Zone, _ note: Comment) throws {
        let household = Household(zone)
        let lists = [GroceryList.defaultID, "party", "camping"].map { GroceryList(id: $0, name: $0) }
        let items = try zone.list(type: "item").compactMap(GroceryItem.init)
        var counts: [String: Household.ItemCounts] = [:]
        for item in items where Set(lists.map(\.id)).contains(item.listID) {
            var counted = counts[item.listID] ?? .init(open: 0, checked: 0)
            if item.checked { counted.checked += 1 } else { counted.open += 1 }
            counts[item.listID] = counted
        }
        #expect(try household.itemCounts(on: lists) == counts, note)
        let onLists = try household.items(on: lists)
        for list in lists {
            #expect(
                onLists[list.id] ?? [] == Household.inShoppingOrder(items.filter { $0.listID == list.id }), note)
        }
        #expect(try household.recipeListings() == (try household.recipes().map(Household.RecipeListing.init)), note)
        #expect(
            try household.recipeListings(favoritesOnly: true)
                == (try household.recipes(favoritesOnly: true).map(Household.RecipeListing.init)), note)
        let tasks = try zone.list(type: "task").compactMap(HouseholdTask.init)
        #expect(
            try household.tasks(includeDone: true, includeArchived: true) == HouseholdTask.byUrgency(tasks), note)
    }

    @Test func listingsAgreeWithTheRecordsWrittenHereAndMergedFromAnotherDevice() throws {
        let (sarah, mike) = try world.couple()
        try expectListingsMatchTheRecords(mike, "empty")
        let log = mike.replica.summaryIndex.path(of: "item")
        let built = try #require(try LocalFileSystem().stat(log)).inode
        for round in 0..<4 {
            try scribble(sarah, seed: UInt64(round), round: round)
            try scribble(mike, seed: UInt64(100 + round), round: round)
            try expectListingsMatchTheRecords(mike, "round \(round), before syncing")
            _ = try mike.sync()
            _ = try sarah.sync()
            _ = try mike.sync()
            try expectListingsMatchTheRecords(mike, "round \(round), Mike")
            try expectListingsMatchTheRecords(sarah, "round \(round), Sarah")
        }
        #expect(try LocalFileSystem().stat(log)?.inode == built, "kept up to date by every write, never rebuilt")
    }

    /// A build before the index changes records without keeping it, but journals every change;
    /// a device moved back to one and forward again must not list what the index last said.
    @Test func changesByABuildThatKeepsNoIndexAreNotMissed() throws {
        let (_, mike) = try world.couple()
        let household = Household(mike)
        _ = try household.add(["Milk", "Eggs"])
        let list = try household.list(named: nil)
        #expect(try household.itemCounts(on: [list])[list.id] == .init(open: 2, checked: 0))
        let milk = try #require(try household.items(on: list).first { $0.name == "Milk" })
        let key = try RecordKey(type: "item", id: milk.id)
        // What that build's `ours check Milk` leaves: the record replaced, the change journaled.
        var state = try #require(try mike.replica.load(key))
        state.write(["checked": true], at: try mike.device.stamp())
        try LocalFileSystem().writeAtomically(mike.replica.path(of: key), RecordFile.encode(state), durability: .deferred)
        try mike.replica.journal.append(
            [RecordChange(key: key, kind: .updated, by: "Mike", fields: ["checked"])], origin: .local, device: nil, at: 0)
        #expect(try household.itemCounts(on: [list])[list.id] == .init(open: 1, checked: 1))
        #expect(try household.items(on: list).first { $0.name == "Milk" }?.checked == true)
    }
}
