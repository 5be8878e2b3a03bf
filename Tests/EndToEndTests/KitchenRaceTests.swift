import Foundation
import Testing

/// Two devices, offline from each other, meet the same ingredient, the same recipe title, and
/// the same recipe: what each did is kept, nothing is fused or lost.
@Suite("End to end: kitchen races")
struct KitchenRaceTests {
    func ingredients(_ device: SimulatedDevice) throws -> [[String: Any]] { try device.ok("ingredients", "--json").array }

    @Test func theSameIngredientOnBothIsOneRecordWhoseUsesAddUp() throws {
        let world = World()
        let devices = try world.household()
        let (sarah, mike) = (devices[0], devices[1])
        try world.offline {
            try sarah.ok("add", "Basil")
            try sarah.ok("add", "basil", "--list", "Market")
            try mike.ok("add", "fresh basil", "--category", "Herbs")
            try mike.ok("recipe", "add", "Pesto", "-i", "2 cups Fresh Basil")
        }
        try sarah.ok("sync")
        try mike.ok("sync")
        try sarah.ok("sync")
        for device in [sarah, mike] {
            let all = try ingredients(device)
            #expect(all.map { $0["name"] as? String } == ["basil"], "\(device.name)")
            #expect(all.first?["uses"] as? Int == 4, "\(device.name): 2 on each device")
            #expect(all.first?["category"] as? String == "Herbs")
            #expect(try device.ids("ingredient").count == 1)
            #expect(try device.conflicts().filter { $0["type"] as? String == "ingredient" }.isEmpty)
        }
        let file = world.object(world.recordPath(type: "ingredient", id: try sarah.ids("ingredient")[0]))
        #expect(file.keys.filter { $0.hasPrefix("uses.") }.count == 2, "one counter per device: \(file)")
    }

    @Test func theSameRecipeTitleOnBothIsTwoRecipesListedAsDuplicates() throws {
        let world = World()
        let devices = try world.household()
        let (sarah, mike) = (devices[0], devices[1])
        try world.offline {
            try sarah.ok(
                "recipe", "add", "Banana Bread", "-i", "3 bananas", "-i", "2 cups flour", "--step", "Mash", "--step", "Bake")
            try mike.ok("recipe", "add", "banana bread!", "-i", "4 ripe bananas", "--step", "Blend and bake")
        }
        try sarah.ok("sync")
        try mike.ok("sync")
        try sarah.ok("sync")
        for device in [sarah, mike] {
            let recipes = try device.ok("recipes", "--duplicates", "--json").array
            #expect(Set(recipes.compactMap { $0["title"] as? String }).count == 1, "one title: \(device.name)")
            #expect(Set(recipes.compactMap { $0["addedBy"] as? String }) == ["Sarah", "Mike"])
            let byAuthor = Dictionary(uniqueKeysWithValues: recipes.map { ($0["addedBy"] as? String ?? "?", $0) })
            let sarahs = byAuthor["Sarah"] ?? [:], mikes = byAuthor["Mike"] ?? [:]
            #expect(sarahs["name"] as? String == "Banana Bread")
            #expect(sarahs["steps"] as? [String] == ["Mash", "Bake"], "neither changed")
            #expect(
                (sarahs["ingredients"] as? [[String: Any]])?.compactMap { $0["text"] as? String } == [
                    "3 bananas", "2 cups flour",
                ])
            #expect(mikes["name"] as? String == "banana bread!")
            #expect(mikes["steps"] as? [String] == ["Blend and bake"])
            #expect(try device.conflicts().filter { $0["type"] as? String == "recipe" }.isEmpty)
            // The name alone is ambiguous: either device says so and lists both ids.
            let shown = try device.run("recipe", "show", "banana bread")
            #expect(shown.exitCode == 2)
            for recipe in recipes { #expect(shown.stderr.contains(recipe["id"] as? String ?? "?")) }
        }
    }

    @Test func differentIngredientsOfOneRecipeEditedOnBothAreBothKept() throws {
        let world = World()
        let devices = try world.household()
        let (sarah, mike) = (devices[0], devices[1])
        try sarah.ok(
            "recipe", "add", "Curry", "-i", "1 onion", "-i", "400 g chickpeas", "-i", "1 can coconut milk", "--step", "Fry")
        try mike.ok("sync")
        try world.offline {
            try sarah.ok("recipe", "edit", "Curry", "--replace-ingredient", "1=2 red onions", "--add-step", "Simmer")
            try mike.ok("recipe", "edit", "curry", "--replace-ingredient", "3=2 cans coconut milk", "--remove-ingredient", "2")
        }
        try sarah.ok("sync")
        try mike.ok("sync")
        try sarah.ok("sync")
        for device in [sarah, mike] {
            let curry = try device.ok("recipe", "show", "curry", "--json").object
            let texts = (curry["ingredients"] as? [[String: Any]])?.compactMap { $0["text"] as? String }
            #expect(texts == ["2 red onions", "2 cans coconut milk"], "\(device.name)")
            #expect(curry["steps"] as? [String] == ["Fry", "Simmer"])
        }
    }

    /// Both devices also write the arrays older versions read; the engine keeps one and the
    /// other as a conflict. Nothing was lost (the elements hold both edits), so `ours conflicts`
    /// leaves it out, and the recipe's next write settles it.
    @Test func theCopiesForOlderVersionsAreNotListedAsConflictsAndTheNextWriteSettlesThem() throws {
        let world = World()
        let devices = try world.household()
        let (sarah, mike) = (devices[0], devices[1])
        let added = try sarah.ok("recipe", "add", "Curry", "-i", "1 onion", "-i", "1 can coconut milk", "--json").object
        let id = try #require(added["id"] as? String)
        try mike.ok("sync")
        try world.offline {
            try sarah.ok("recipe", "edit", "Curry", "--replace-ingredient", "1=2 red onions")
            try mike.ok("recipe", "edit", "curry", "--replace-ingredient", "2=2 cans coconut milk")
        }
        for device in [sarah, mike, sarah] { try device.ok("sync") }
        for device in [sarah, mike] {
            let raw = try device.get("recipe", id)["_ours"] as? [String: Any]
            #expect(raw?["conflicts"] as? Int == 1, "the engine keeps the other copy: \(device.name)")
            #expect(try device.conflicts().isEmpty, "\(device.name)")
            #expect(try device.ok("conflicts").stdout == "No conflicts.\n", "\(device.name)")
        }
        // Any write of the recipe (here, marking it a favourite) writes the copies again.
        try mike.ok("recipe", "favorite", "curry")
        for device in [mike, sarah] { try device.ok("sync") }
        for device in [sarah, mike] {
            let record = try device.get("recipe", id)
            #expect((record["_ours"] as? [String: Any])?["conflicts"] == nil, "settled: \(device.name)")
            let copy = (record["ingredients"] as? [[String: Any]])?.compactMap { $0["text"] as? String }
            #expect(copy == ["2 red onions", "2 cans coconut milk"], "\(device.name)")
        }
    }
}
