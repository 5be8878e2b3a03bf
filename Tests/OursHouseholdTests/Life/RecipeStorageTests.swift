import Foundation
import OursSync
import Testing

@testable import OursHousehold

/// Each ingredient and step is a field of its own, with arrays kept for older versions.
@Suite struct RecipeStorageTests {
    let world = SharedFolderWorld()

    func offline(_ body: () throws -> Void) throws {
        let away = world.shared + "-away"
        try FileManager.default.moveItem(atPath: world.shared, toPath: away)
        defer { try? FileManager.default.moveItem(atPath: away, toPath: world.shared) }
        try body()
    }

    @Test func elementsAndTheCopiesOlderVersionsRead() throws {
        let (life, _) = try world.privateLife()
        let (recipe, _) = try life.addRecipe(
            named: "Pancakes", ingredients: ["2 cups flour", "2 eggs"], steps: ["Whisk", "Fry"])
        let values = try #require(try life.zone.get(RecordKey(type: "recipe", id: recipe.id))).values
        let ingredients = values.filter { $0.key.hasPrefix("ingredient.") }.map(\.value)
            .sorted { ($0["order"]?.stringValue ?? "") < ($1["order"]?.stringValue ?? "") }
        #expect(ingredients.map { $0["text"] } == ["2 cups flour", "2 eggs"])
        #expect(
            ingredients.map { $0["ingredient"] } == [
                .string(SemanticID.ingredient(named: "flour")), .string(SemanticID.ingredient(named: "egg")),
            ])
        #expect(values.filter { $0.key.hasPrefix("step.") }.count == 2)
        #expect(values["ingredients"]?.arrayValue?.map { $0["text"] } == ["2 cups flour", "2 eggs"])
        #expect(values["steps"] == ["Whisk", "Fry"])
        #expect(values["createdBy"] == .string(try life.zone.device.requireIdentity().participantID))
    }

    @Test func editingTouchesOnlyTheElementsItNames() throws {
        let (life, _) = try world.privateLife()
        let (recipe, _) = try life.addRecipe(
            named: "Soup", ingredients: ["1 onion", "1 l stock", "salt"], steps: ["Chop", "Boil"])
        let key = try RecordKey(type: "recipe", id: recipe.id)
        let before = try #require(try life.zone.get(key)).values
        var edit = RecipeEdit(prepTime: "10m", addTags: ["Quick", "quick"])
        edit.ingredients = RecipeListEdit(replace: [(2, "2 l stock")], remove: [3], insert: [(1, "1 tbsp oil")])
        edit.steps = RecipeListEdit(insert: [(2, "Fry the onion")], append: ["Serve"])
        let (edited, outcome) = try life.editRecipe("soup", edit)
        #expect(outcome == .updated)
        #expect(edited.ingredients.map(\.text) == ["1 tbsp oil", "1 onion", "2 l stock"])
        #expect(edited.steps.map(\.text) == ["Chop", "Fry the onion", "Boil", "Serve"])
        #expect(edited.prepTime == "PT10M")
        #expect(edited.tags == ["Quick"])
        let after = try #require(try life.zone.get(key)).values
        // The onion's element and the steps already there are the same fields, unchanged.
        let unchanged = before.filter { $0.key.hasPrefix("ingredient.") || $0.key.hasPrefix("step.") }.filter {
            after[$0.key] == $0.value
        }
        #expect(unchanged.count == 3, "onion, Chop and Boil")
        let reread = try life.recipe(named: "soup")
        #expect(reread.ingredients.map(\.text) == edited.ingredients.map(\.text))
        #expect(reread.steps == edited.steps)
        #expect(try life.editRecipe("soup", RecipeEdit(servings: nil)).outcome == .unchanged)
        let badStep = OursError.caught { _ = try life.editRecipe("soup", RecipeEdit(steps: .init(remove: [9]))) }
        #expect(badStep?.message == "Soup has no step 9: it has 4 steps")
        let badTime = OursError.caught { _ = try life.editRecipe("soup", RecipeEdit(cookTime: "a while")) }
        #expect(badTime?.kind == .usage)
    }

    @Test func differentIngredientsEditedOnTwoDevicesOfflineAreBothKept() throws {
        let (sarah, mike) = try world.couple()
        let (recipe, _) = try Household(sarah).addRecipe(
            named: "Curry", ingredients: ["1 onion", "400 g chickpeas", "1 can coconut milk"], steps: ["Fry", "Simmer"])
        _ = try mike.sync()
        try offline {
            _ = try Household(sarah).editRecipe(recipe.id, RecipeEdit(ingredients: .init(replace: [(1, "2 red onions")])))
            _ = try Household(mike).editRecipe(
                "curry", RecipeEdit(ingredients: .init(replace: [(3, "2 cans coconut milk")]), steps: .init(append: ["Serve"])))
        }
        _ = try sarah.sync()
        _ = try mike.sync()
        _ = try sarah.sync()
        for zone in [sarah, mike] {
            let curry = try Household(zone).recipe(named: "curry")
            #expect(curry.ingredients.map(\.text) == ["2 red onions", "400 g chickpeas", "2 cans coconut milk"])
            #expect(curry.steps.map(\.text) == ["Fry", "Simmer", "Serve"])
            let conflicts = try zone.conflicts().filter { $0.key.type == "recipe" }
            #expect(conflicts.map(\.field) == ["ingredients"], "only the copy for older versions conflicts")
            #expect(try Household(zone).conflicts().isEmpty, "and it is not listed: the elements hold both edits")
        }
        // The next write writes the copy again from the merged elements, which settles it.
        _ = try Household(sarah).setFavorite("curry", true)
        _ = try mike.sync()
        let copy = try #require(try mike.get(RecordKey(type: "recipe", id: recipe.id)))
        #expect(
            copy.values["ingredients"]?.arrayValue?.map { $0["text"] } == [
                "2 red onions", "400 g chickpeas", "2 cans coconut milk",
            ])
        #expect(try mike.conflicts().filter { $0.key.type == "recipe" }.isEmpty)
    }

    @Test func aRecipeInTheOlderFormatIsReadEditedAndPlanned() throws {
        let (life, _) = try world.privateLife()
        let id = SemanticID.recipe(named: "Toast")
        try life.zone.put(
            type: "recipe", id: id,
            fields: [
                "name": "Toast", "servings": 2, "favorite": false,
                "ingredients": [["text": "2 slices bread", "quantity": 2, "unit": "slice", "name": "bread"], "butter"],
                "steps": ["Toast the bread", "Butter it"],
            ])
        let toast = try life.recipe(named: "toast")
        #expect(toast.id == id)
        #expect(toast.ingredients.map(\.text) == ["2 slices bread", "butter"])
        #expect(toast.steps.map(\.text) == ["Toast the bread", "Butter it"])
        let (edited, _) = try life.editRecipe("toast", RecipeEdit(steps: .init(replace: [(2, "Butter it well")])))
        #expect(edited.steps.map(\.text) == ["Toast the bread", "Butter it well"])
        let values = try #require(try life.zone.get(RecordKey(type: "recipe", id: id))).values
        #expect(values.keys.filter { $0.hasPrefix("ingredient.") }.count == 2, "now stored as elements too")
        #expect(values["steps"] == ["Toast the bread", "Butter it well"])
        #expect(try life.plan("2025-03-14", .breakfast, "TOAST").meal.recipeID == id)
        #expect(try life.addRecipeToList("toast", servings: 4).result.items.map(\.item.total.description) == ["4 slices", ""])
    }

    @Test func aCopyAnOlderVersionWroteLaterIsReadAndTurnedBackIntoElements() throws {
        let (life, _) = try world.privateLife()
        let (recipe, _) = try life.addRecipe(named: "Salad", ingredients: ["1 lettuce", "2 tomatoes"], steps: ["Toss"])
        // An older version replaces the recipe: it writes only the arrays.
        try life.zone.put(
            type: "recipe", id: recipe.id,
            fields: ["ingredients": [["text": "1 cucumber", "name": "cucumber", "quantity": 1]], "steps": ["Slice", "Serve"]])
        let salad = try life.recipe(named: "salad")
        #expect(salad.ingredients.map(\.text) == ["1 cucumber"])
        #expect(salad.steps.map(\.text) == ["Slice", "Serve"])
        let (edited, _) = try life.editRecipe("salad", RecipeEdit(steps: .init(append: ["Eat"])))
        #expect(edited.steps.map(\.text) == ["Slice", "Serve", "Eat"])
        let values = try #require(try life.zone.get(RecordKey(type: "recipe", id: recipe.id))).values
        #expect(values.keys.filter { $0.hasPrefix("ingredient.") }.count == 1)
        #expect(values.keys.filter { $0.hasPrefix("step.") }.count == 3)
        #expect(try life.recipe(named: "salad").ingredients.map(\.text) == ["1 cucumber"])
    }
}
