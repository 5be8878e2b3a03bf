import Foundation
import Testing

/// What readers see after a container is deleted while someone adds to it: nothing anyone
/// added disappears from view, and `ours conflicts` says what happened.
@Suite("Nothing lost, nothing split: a deleted container keeps what was added to it")
struct OrdinaryUseContainerTests {
    /// Sarah deletes the Party list while Mike, offline from her, adds salsa to it. Salsa ended
    /// in no list, no conflict and no export; only `record list item` showed it.
    @Test func anItemAddedToAListDeletedMeanwhileStaysInViewAndTheConflictIsListed() throws {
        let world = World()
        let devices = try world.household()
        let (sarah, mike) = (devices[0], devices[1])
        try sarah.ok("add", "chips", "--list", "Party")
        try mike.ok("sync")
        try world.offline {
            try sarah.ok("list", "delete", "Party", "--yes")
            try mike.ok("add", "salsa", "--list", "Party")
        }
        for device in [sarah, mike, sarah] { try device.ok("sync") }

        for device in [sarah, mike] {
            let exported = try device.exportedLists()
            let holding = exported.filter { $0.value.contains("salsa") }.map(\.key)
            #expect(holding.count == 1, "\(device.name): salsa is in \(holding) of \(exported)")
            let shown = try device.run("lists", "--json").array.compactMap { $0["name"] as? String }
            #expect(holding.allSatisfy(shown.contains), "\(device.name): `lists` shows \(shown)")
            if let list = holding.first {
                #expect(try device.itemNames(on: list)?.contains("salsa") == true, "\(device.name): list show \(list)")
            }
            let conflicts = try device.conflicts()
            #expect(
                conflicts.contains { $0["type"] as? String == "list" || ($0["recordId"] as? String)?.hasPrefix("salsa") == true },
                "\(device.name): `ours conflicts` says what happened: \(conflicts)")
        }
    }

    /// The same rule for a recipe and a meal planned with it: Sarah deletes the recipe while
    /// Mike plans dinner with it.
    @Test func aMealPlannedWithARecipeDeletedMeanwhileKeepsItsRecipe() throws {
        let world = World()
        let devices = try world.household()
        let (sarah, mike) = (devices[0], devices[1])
        let recipe = try sarah.ok("recipe", "add", "Pancakes", "-i", "2 cups flour", "-i", "2 eggs", "--json").object
        let recipeID = try #require(recipe["id"] as? String)
        try mike.ok("sync")
        try world.offline {
            try sarah.ok("record", "rm", "recipe", recipeID)
            try mike.ok("plan", "2030-01-07", "dinner", "Pancakes")
        }
        for device in [sarah, mike, sarah] { try device.ok("sync") }

        for device in [sarah, mike] {
            let meals = try device.ok("meals", "--week", "2030-01-07", "--json").array
            #expect(meals.first?["recipeId"] as? String == recipeID, "\(device.name): \(meals)")
            let shown = try device.run("recipe", "show", "Pancakes", "--json")
            #expect(shown.exitCode == 0, "\(device.name): the planned recipe is still there: \(shown)")
            let conflicts = try device.conflicts()
            #expect(
                conflicts.contains { $0["recordId"] as? String == recipeID },
                "\(device.name): `ours conflicts` says what happened: \(conflicts)")
        }
    }
}
