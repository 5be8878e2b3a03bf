import Foundation
import OursHousehold
import OursSync
import Testing

/// Two devices sharing a real folder: what each makes offline is one record once they sync.
@Suite struct TwoDeviceTests {
    let world = SharedFolderWorld()

    /// Runs `body` while the shared folder is renamed away, as when it is unmounted or the
    /// sync tool is stopped: every write waits in the devices' own copies.
    func offline(_ body: () throws -> Void) throws {
        let away = world.shared + "-away"
        try FileManager.default.moveItem(atPath: world.shared, toPath: away)
        defer { try? FileManager.default.moveItem(atPath: away, toPath: world.shared) }
        try body()
    }

    func syncBoth(_ sarah: Zone, _ mike: Zone) throws {
        _ = try sarah.sync()
        _ = try mike.sync()
        _ = try sarah.sync()
    }

    /// Record files of a type in the shared folder.
    func files(ofType type: String) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: world.shared)
        var result: [String] = []
        while let path = enumerator?.nextObject() as? String {
            if path.contains("/records/\(type)/"), path.hasSuffix(".json") { result.append(path) }
        }
        return result
    }

    @Test func produceAndMilkMadeOfflineOnTwoPhonesAreOneRecordEach() throws {
        let (sarah, mike) = try world.couple()
        let sarahLife = Household(sarah)
        let mikeLife = Household(mike)
        try offline {
            _ = try sarahLife.createList(named: "Produce")
            _ = try sarahLife.add(["Apples"], to: "Produce")
            _ = try sarahLife.add(["Milk"])
            _ = try mikeLife.createList(named: " produce")
            _ = try mikeLife.add(["apples"], to: "PRODUCE", quantity: "6")
            _ = try mikeLife.add(["milk"], quantity: "2 l")
        }
        #expect(files(ofType: "item").isEmpty)
        try syncBoth(sarah, mike)

        for life in [sarahLife, mikeLife] {
            let lists = try life.lists()
            #expect(lists.count == 2)
            #expect(Set(lists.map(\.id)) == [GroceryList.defaultID, SemanticID.list(named: "Produce")])
            #expect(try life.zone.list(type: "item").count == 2)
            let produce = try life.items(on: try life.list(named: "produce"))
            #expect(produce.count == 1)
            #expect(NameKey.matches(produce[0].name, "Apples"))
            #expect(produce[0].quantity == "6")
            let groceries = try life.items(on: try life.list(named: nil))
            #expect(groceries.map(\.quantity) == ["2 l"])
        }
        #expect(files(ofType: "item").count == 2)
        #expect(files(ofType: "list").count == 2)
        let milk = try RecordKey(type: "item", id: SemanticID.item(named: "Milk", onList: GroceryList.defaultID))
        #expect(try sarah.get(milk)?.values == mike.get(milk)?.values)
    }

    @Test func theSameDinnerPlannedOfflineIsOneRecordWithAConflict() throws {
        let (sarah, mike) = try world.couple()
        try offline {
            _ = try Household(sarah).plan("2025-03-14", .dinner, "Tacos")
            _ = try Household(mike).plan("2025-03-14", .dinner, "Pizza")
            _ = try Household(sarah).addRecipe(named: "Pancakes", ingredients: ["2 eggs"])
            _ = try Household(mike).addRecipe(named: "pancakes", ingredients: ["2 eggs"])
        }
        try syncBoth(sarah, mike)
        for household in [sarah, mike] {
            #expect(try household.list(type: "meal-plan").count == 1)
            #expect(try household.list(type: "recipe").count == 2, "two recipes that share a title, neither changed")
            #expect(try Household(household).duplicateRecipes().map(\.count) == [2])
            let meal = try #require(try Household(household).meals(on: [CalendarDay("2025-03-14")!]).first)
            #expect(["Tacos", "Pizza"].contains(meal.name))
            let conflicts = try household.conflicts().filter { $0.key.type == "meal-plan" && $0.field == "name" }
            #expect(conflicts.count == 1)
            #expect(
                conflicts.first?.value.flatMap(\.stringValue).map { ["Tacos", "Pizza"].contains($0) && $0 != meal.name } == true)
        }
    }

    @Test func checkedOnOnePhoneIsCheckedOnTheOther() throws {
        let (sarah, mike) = try world.couple()
        _ = try Household(sarah).add(["Bread"])
        _ = try mike.sync()
        #expect(try Household(mike).check("bread").outcome == .updated)
        _ = try sarah.sync()
        let bread = try #require(try Household(sarah).items(on: try Household(sarah).list(named: nil)).first)
        #expect(bread.checked)
        #expect(bread.checkedBy == (try mike.device.requireIdentity().participantID))
    }
}
