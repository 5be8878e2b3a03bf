import Foundation
import OursTestSupport
import Testing

/// Recipes across versions: one the previous build made is shown, edited and planned here, and a
/// device still on the previous build shows what this one writes.
@Suite(
    "End to end: mixed versions, recipes",
    .needsPreviousBuild, .tags(.slow), .fullLoopOnly)
struct MixedVersionKitchenTests {
    func previous() throws -> URL {
        try #require(PreviousBuild.url, Comment(rawValue: PreviousBuild.missing))
    }

    /// Sarah on the previous build owns the household; Mike runs this one.
    func household() throws -> (world: World, old: SimulatedDevice, new: SimulatedDevice) {
        let world = World()
        let sarah = try world.device("Sarah", binary: try previous())
        try sarah.ok("household", "create", "Home", "--folder", world.shared)
        let code = try sarah.ok("invite", "--json").object["code"] as? String ?? ""
        let mike = try world.device("Mike")
        try mike.ok("join", code, "--folder", world.shared)
        return (world, sarah, mike)
    }

    func texts(_ recipe: [String: Any], _ key: String) -> [String] {
        (recipe[key] as? [Any] ?? []).compactMap { ($0 as? [String: Any])?["text"] as? String ?? $0 as? String }
    }

    @Test func aRecipeThePreviousVersionMadeIsShownEditedAndPlannedHere() throws {
        let (world, sarah, mike) = try household()
        defer { withExtendedLifetime(world) {} }
        try sarah.ok("recipe", "add", "Pancakes", "-i", "2 cups flour", "-i", "2 eggs", "--servings", "4")
        try mike.ok("sync")
        let shown = try mike.ok("recipe", "show", "pancakes", "--json").object
        #expect(texts(shown, "ingredients") == ["2 cups flour", "2 eggs"])
        let id = shown["id"] as? String ?? ""
        try mike.ok("recipe", "edit", "pancakes", "--replace-ingredient", "2=3 eggs", "--add-step", "Whisk", "--prep", "10m")
        let planned = try mike.ok("plan", "2025-03-14", "dinner", "Pancakes", "--json").object
        #expect(planned["recipeId"] as? String == id, "the previous build's title-based id keeps working")
        let toList = try mike.ok("recipe", "to-list", "pancakes", "--servings", "8", "--json").object
        let totals = (toList["items"] as? [[String: Any]])?.compactMap { $0["total"] as? String }
        #expect(totals == ["4 cups", "6"])

        // The device still on the previous build shows the edit.
        try sarah.ok("sync")
        let old = try sarah.ok("recipe", "show", "pancakes", "--json").object
        #expect(old["id"] as? String == id)
        #expect(texts(old, "ingredients") == ["2 cups flour", "3 eggs"])
        #expect(old["steps"] as? [String] == ["Whisk"])
        #expect(old["prepTime"] as? String == "PT10M")
        #expect(try sarah.ok("meals", "--week", "2025-03-14", "--json").object["meals"] as? [Any] != nil)
    }

    @Test func aDeviceOnThePreviousVersionShowsARecipeThisOneWrote() throws {
        let (world, sarah, mike) = try household()
        defer { withExtendedLifetime(world) {} }
        try mike.ok(
            "recipe", "add", "Curry", "-i", "1 onion", "-i", "400 g chickpeas", "--step", "Fry", "--step", "Simmer", "--servings",
            "2")
        try mike.ok("recipe", "import", FixtureFiles.path("recipes/lasagne.jsonld"))
        try sarah.ok("sync")
        let curry = try sarah.ok("recipe", "show", "curry", "--json").object
        #expect(curry["name"] as? String == "Curry")
        #expect(texts(curry, "ingredients") == ["1 onion", "400 g chickpeas"])
        #expect(curry["steps"] as? [String] == ["Fry", "Simmer"])
        let text = try sarah.ok("recipe", "show", "lasagne").stdout
        #expect(text.contains("Weeknight Lasagne"))
        #expect(text.contains("500 g beef mince"))
        #expect(text.contains("Sauce"), "a section heading shows as a line of the method")
        #expect(text.contains("Brown the mince with the onion and garlic."))
        let toList = try sarah.ok("recipe", "to-list", "curry", "--json").object
        #expect((toList["items"] as? [[String: Any]])?.count == 2)

        // A meal the previous version planned as text still shops for this version's recipe.
        try sarah.ok("plan", "2025-03-14", "dinner", "Curry")
        try mike.ok("sync")
        let meals = try mike.ok("meals", "to-list", "--week", "2025-03-14", "--list", "Week", "--json").object
        #expect((meals["meals"] as? [Any])?.count == 1)
        #expect((meals["items"] as? [[String: Any]])?.count == 2)

        // The previous version writing the arrays over this version's elements is read as the recipe.
        let id = curry["id"] as? String ?? ""
        try sarah.ok("record", "put", "recipe", id, "--fields", #"{"ingredients": ["1 cucumber"], "steps": ["Slice"]}"#)
        try mike.ok("sync")
        let after = try mike.ok("recipe", "show", "curry", "--json").object
        #expect(texts(after, "ingredients") == ["1 cucumber"])
        #expect(after["steps"] as? [String] == ["Slice"])
    }

    @Test func thePreviousVersionAddingATakenTitleMakesADuplicateThisOneLists() throws {
        let (world, sarah, mike) = try household()
        defer { withExtendedLifetime(world) {} }
        try mike.ok("recipe", "add", "Soup", "-i", "1 l stock")
        try sarah.ok("sync")
        // The previous build looks the title up by its title-based id, finds nothing, and adds one.
        try sarah.ok("recipe", "add", "Soup", "-i", "2 leeks")
        try mike.ok("sync")
        let duplicates = try mike.ok("recipes", "--duplicates", "--json").array
        #expect(duplicates.count == 2)
        #expect(Set(duplicates.compactMap { $0["title"] as? String }).count == 1)
    }

    /// An older version writing a recipe's arrays while this version edits its elements is a
    /// real conflict (its list replaced the other's edit), and stays listed.
    @Test func thePreviousVersionReplacingAListWhileThisOneEditsItIsAConflictListed() throws {
        let (world, sarah, mike) = try household()
        defer { withExtendedLifetime(world) {} }
        let added = try mike.ok("recipe", "add", "Curry", "-i", "1 onion", "-i", "400 g chickpeas", "--json").object
        let id = try #require(added["id"] as? String)
        try sarah.ok("sync")
        try world.offline {
            try mike.ok("recipe", "edit", "curry", "--replace-ingredient", "2=1 can chickpeas")
            try sarah.ok("record", "put", "recipe", id, "--fields", #"{"ingredients": ["1 cucumber"]}"#)
        }
        for device in [sarah, mike, sarah] { try device.ok("sync") }
        let listed = try mike.conflicts().filter { $0["recordId"] as? String == id }
        #expect(listed.map { $0["field"] as? String } == ["ingredients"], "\(listed)")
    }
}
