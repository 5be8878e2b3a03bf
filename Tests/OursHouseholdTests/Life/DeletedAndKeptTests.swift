import Foundation
import OursHousehold
import OursSync
import Testing

/// Deleting is never final by mistake: what was deleted is listed and can be restored, and a
/// container deleted while someone added to it stays in view.
@Suite struct DeletedAndKeptTests {
    let world = SharedFolderWorld()

    func offline(_ body: () throws -> Void) throws {
        let away = world.shared + "-away"
        try FileManager.default.moveItem(atPath: world.shared, toPath: away)
        defer { try? FileManager.default.moveItem(atPath: away, toPath: world.shared) }
        try body()
    }

    func syncBoth(_ a: Household, _ b: Household) throws {
        _ = try a.zone.sync()
        _ = try b.zone.sync()
        _ = try a.zone.sync()
    }

    @Test func deletedRecordsAreListedWithWhenAndWhoAndComeBack() throws {
        let (life, clock) = try world.privateLife()
        let me = try #require(try life.members().first)
        _ = try life.add(["Milk", "Eggs"])
        _ = try life.add(["Balloons"], to: "Party")
        _ = try life.addCategory("Dairy")
        clock.advance(by: 60_000)
        _ = try life.remove("eggs")
        clock.advance(by: 60_000)
        _ = try life.deleteList("Party", confirmed: true)
        _ = try life.deleteCategory("dairy", confirmed: false)
        let deleted = try life.deletedRecords()
        #expect(deleted.map(\.record.label) == ["Dairy", "Party", "Balloons (Party)", "Eggs (Groceries)"])
        #expect(deleted.allSatisfy { $0.deletedBy == me.id && $0.deletedByName == me.name })
        #expect(deleted.last?.deletedAt == SharedFolderWorld.friday + 60_000)
        #expect(try life.deletedRecords(kind: .item).map(\.record.name) == ["Balloons", "Eggs"])
        #expect(try life.deletedRecords(since: SharedFolderWorld.friday + 120_000).count == 3)

        let eggs = try life.restore(.item, "eggs")
        #expect(eggs.alongside.isEmpty)
        #expect(try life.items(on: life.list(named: nil)).map(\.name) == ["Eggs", "Milk"])
        // An item whose list went too brings the list back, not its other items.
        _ = try life.add(["Cake"], to: "Party")
        _ = try life.remove("cake")
        _ = try life.deleteList("Party", confirmed: true)
        let cake = try life.restore(.item, "cake")
        #expect(cake.alongside.map(\.record.name) == ["Party"])
        #expect(try life.items(on: life.list(named: "Party")).map(\.name) == ["Cake"])
        #expect(OursError.caught { _ = try life.restore(.item, "milk") }?.kind == .notFound)
    }

    @Test func restoringAListBringsBackTheItemsItsDeletionTookNotOnesRemovedBefore() throws {
        let (life, clock) = try world.privateLife()
        _ = try life.add(["Balloons", "Candles", "Cake"], to: "Party")
        _ = try life.remove("cake")
        clock.advance(by: 60_000)
        _ = try life.deleteList("Party", confirmed: true)
        let restored = try life.restore(.list, "party")
        #expect(Set(restored.alongside.map(\.record.name)) == ["Balloons", "Candles"])
        #expect(try life.items(on: life.list(named: "Party")).map(\.name) == ["Balloons", "Candles"])
    }

    @Test func categoriesAreRenamedWithTheirItemsAndDeletedOffThem() throws {
        let (life, _) = try world.privateLife()
        _ = try life.add(["Milk"], category: "Dairy")
        let renamed = try life.renameCategory("dairy", to: "Fridge")
        #expect(renamed.items == 1)
        #expect(try life.item(named: "milk").item.category == "Fridge")
        #expect(try life.category(named: "fri").name == "Fridge")
        let refused = OursError.caught { _ = try life.deleteCategory("fridge", confirmed: false) }
        #expect(refused?.kind == .usage, "a missing --yes is a usage error (exit 2)")
        #expect(refused?.message == "1 item is filed under Fridge")
        #expect(try life.deleteCategory("fridge", confirmed: true).items == 1)
        #expect(try life.item(named: "milk").item.category == nil)
        #expect(try life.categories().isEmpty)
    }

    @Test func aListDeletedWhileAnItemIsAddedStaysInViewUntilSettled() throws {
        let (sarahZone, mikeZone) = try world.couple()
        let (sarah, mike) = (Household(sarahZone), Household(mikeZone))
        _ = try sarah.add(["Chips"], to: "Party")
        try syncBoth(sarah, mike)
        try offline {
            _ = try sarah.deleteList("Party", confirmed: true)
            _ = try mike.add(["Salsa"], to: "Party")
        }
        try syncBoth(sarah, mike)
        var ids: Set<String> = []
        for life in [sarah, mike] {
            let party = try life.list(named: "Party")
            #expect(party.keptBy == ["Salsa"])
            #expect(try life.items(on: party).map(\.name) == ["Salsa"])
            #expect(try life.lists().map(\.name) == ["Party"])
            #expect(try life.check("salsa").item.name == "Salsa")
            let conflicts = try life.containerConflicts()
            #expect(conflicts.map(\.kind) == [.deletionLostToAddition])
            #expect(conflicts.first?.children.map(\.name) == ["Salsa"])
            ids.formUnion(conflicts.map(\.id))
        }
        #expect(ids.count == 1, "the same conflict on both devices")
        _ = try mike.dismissContainerConflict(ids.first!)
        try syncBoth(sarah, mike)
        for life in [sarah, mike] {
            #expect(try life.lists().isEmpty)
            #expect(try life.containerConflicts().isEmpty)
        }
    }

    @Test func aProjectArchivedWhileATaskIsAddedKeepsTheTaskInViewAndRestoringUnarchives() throws {
        let (sarahZone, mikeZone) = try world.couple()
        let (sarah, mike) = (Household(sarahZone), Household(mikeZone))
        _ = try sarah.addTask("Paint", project: "Shed")
        try syncBoth(sarah, mike)
        try offline {
            _ = try sarah.archiveProject("Shed")
            _ = try mike.addTask("Fix the door", project: "Shed")
        }
        try syncBoth(sarah, mike)
        for life in [sarah, mike] {
            #expect(try life.tasks().map(\.name) == ["Fix the door"])
            #expect(try life.containerConflicts().map(\.kind) == [.archiveLostToAddition])
        }
        let conflict = try #require(try sarah.containerConflicts().first)
        _ = try sarah.restoreContainerConflict(conflict.id)
        try syncBoth(sarah, mike)
        for life in [sarah, mike] {
            #expect(Set(try life.tasks().map(\.name)) == ["Fix the door", "Paint"])
            #expect(try life.containerConflicts().isEmpty)
            #expect(try life.projects().map(\.name) == ["Shed"])
        }
    }

    @Test func aRecipeDeletedWhileAMealIsPlannedStillShopsAndSaysSo() throws {
        let (sarahZone, mikeZone) = try world.couple()
        let (sarah, mike) = (Household(sarahZone), Household(mikeZone))
        let pancakes = try sarah.addRecipe(named: "Pancakes", ingredients: ["2 cups flour"], servings: 4).recipe
        try syncBoth(sarah, mike)
        try offline {
            _ = try sarah.delete(.recipe, id: pancakes.id)
            _ = try mike.plan("2030-01-07", .dinner, "Pancakes")
        }
        try syncBoth(sarah, mike)
        for life in [sarah, mike] {
            #expect(try life.recipe(named: "pancakes").name == "Pancakes")
            #expect(try life.containerConflicts().map(\.container.kind) == [.recipe])
            let added = try life.addMealsToList(try life.week(of: "2030-01-07"))
            #expect(added.result.items.map(\.item.name) == ["flour"])
        }
        // Deleting it now takes the link off the meal, which stays planned.
        _ = try sarah.dismissContainerConflict(try #require(try sarah.containerConflicts().first).id)
        #expect(try sarah.meal(on: "2030-01-07", .dinner).recipeID == nil)
        #expect(try sarah.recipes().isEmpty)
    }
}
