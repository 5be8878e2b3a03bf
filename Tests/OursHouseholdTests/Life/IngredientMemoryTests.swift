import Foundation
import OursSync
import Testing

@testable import OursHousehold

/// Ingredients, remembered: one record per canonical name, made on first use, with the
/// category last used, a staple mark and a use count that adds up across devices.
@Suite struct IngredientMemoryTests {
    let world = SharedFolderWorld()

    @Test func addingRemembersTheIngredientAndItsCategory() throws {
        let (life, _) = try world.privateLife()
        let first = try life.add(["Basil"], category: "Produce")
        #expect(first.items[0].item.ingredientID == SemanticID.ingredient(named: "basil"))
        var basil = try life.ingredient(named: "fresh basil")
        #expect(basil.name == "basil")
        #expect(basil.category == "Produce")
        #expect(basil.uses == 1)
        _ = try life.add(["basil"])
        #expect(try life.ingredient(named: "basil").uses == 2)

        // A new item of a known ingredient is filed where it was last filed.
        let other = try life.add(["Basil"], to: "Market")
        #expect(other.items[0].item.category == "Produce")
        _ = try life.add(["basil"], to: "Party", category: "Herbs")
        basil = try life.ingredient(named: "basil")
        #expect(basil.category == "Herbs")
        #expect(basil.uses == 4)
        #expect(try life.add(["basil"], to: "Picnic").items[0].item.category == "Herbs")
        #expect(try life.ingredients().map(\.name) == ["basil"])
    }

    @Test func aRecipesFreshBasilAndTheListsBasilAreOneItem() throws {
        let (life, _) = try world.privateLife()
        _ = try life.add(["basil"])
        _ = try life.addRecipe(named: "Pesto", ingredients: ["2 cups Fresh Basil", "3 large eggs", "1 egg"], servings: 2)
        let added = try life.addRecipeToList("pesto")
        #expect(added.result.items.map(\.outcome) == [.updated, .created])
        let items = try life.items(on: try life.list(named: nil))
        #expect(items.map(\.name) == ["basil", "eggs"])
        #expect(items.map(\.total.description) == ["2 cups", "4"])
        let (_, lines) = try life.consolidated()
        #expect(lines.map(\.name) == ["basil", "eggs"])
        // Adding "eggs" by hand finds the item the recipe made.
        #expect(try life.add(["Egg"]).items[0].outcome == .unchanged)
        #expect(try life.items(on: try life.list(named: nil)).count == 2)
    }

    @Test func staplesGoBackOnTheListUnticked() throws {
        let (life, _) = try world.privateLife()
        _ = try life.add(["milk", "eggs", "bread"])
        _ = try life.editIngredient("milk", .init(category: "Dairy", staple: true))
        _ = try life.editIngredient("egg", .init(staple: true))
        #expect(try life.ingredients(staplesOnly: true).map(\.name) == ["egg", "milk"])
        #expect(try life.editIngredient("egg", .init(staple: true)).outcome == .unchanged)
        _ = try life.check("milk")
        _ = try life.remove("eggs")
        let result = try life.addStaplesToList()
        #expect(result.items.map(\.item.name) == ["egg", "milk"])
        #expect(result.items.map(\.outcome) == [.created, .restored])
        #expect(try life.addStaplesToList().items.map(\.outcome) == [.unchanged, .unchanged])
        let weekly = try life.addStaplesToList("Weekly")
        #expect(weekly.listOutcome == .created)
        #expect(weekly.items.map(\.item.category) == [nil, "Dairy"])
        #expect(try life.ingredient(named: "milk").uses == 1, "staples to-list is not a use")
        _ = try life.editIngredient("milk", .init(category: .some(nil), staple: false))
        let milk = try life.ingredient(named: "milk")
        #expect(milk.category == nil)
        #expect(!milk.staple)
    }

    @Test func suggestionsComeMostUsedFirst() throws {
        let (life, _) = try world.privateLife()
        _ = try life.add(["Basil", "Bay leaves", "Black pepper", "bread"])
        _ = try life.add(["bread", "black pepper"])
        _ = try life.add(["bread"])
        #expect(try life.suggestions(for: "b").map(\.name) == ["bread", "black pepper", "basil", "bay leaf"])
        #expect(try life.suggestions(for: "B", limit: 2).map(\.name) == ["bread", "black pepper"])
        #expect(try life.suggestions(for: "pep").map(\.name) == ["black pepper"])
        #expect(try life.suggestions(for: "x").isEmpty)
    }

    @Test func removingAnIngredientForgetsItUntilItIsUsedAgain() throws {
        let (life, _) = try world.privateLife()
        _ = try life.add(["basil"], category: "Produce")
        #expect(try life.removeIngredient("Basil").name == "basil")
        #expect(try life.ingredients().isEmpty)
        #expect(OursError.caught { _ = try life.ingredient(named: "basil") }?.kind == .notFound)
        _ = try life.add(["basil"], to: "Other")
        let basil = try life.ingredient(named: "basil")
        #expect(basil.uses == 2)
        #expect(basil.category == "Produce")
    }
}
