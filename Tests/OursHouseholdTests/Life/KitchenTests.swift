import OursHousehold
import OursSync
import Testing

/// Recipes and the meal plan on one device's private data.
@Suite struct KitchenTests {
    let world = SharedFolderWorld()

    @Test func aTakenTitleIsRefusedNamingTheRecipeUnlessAsNewOrReplace() throws {
        let (life, _) = try world.privateLife()
        let (recipe, outcome) = try life.addRecipe(named: "Pancakes", ingredients: ["2 cups flour", "2 eggs"], servings: 4)
        #expect(outcome == .created)
        #expect(recipe.id != SemanticID.recipe(named: "Pancakes"), "a new recipe's id does not come from its title")
        #expect(recipe.id.count == 16)
        #expect(recipe.createdAt == SharedFolderWorld.friday)
        _ = try life.setFavorite("pancakes", true)
        let refused = OursError.caught { _ = try life.addRecipe(named: "PANCAKES!", ingredients: []) }
        #expect(refused?.kind == .failed)
        #expect(refused?.message == "there is already a recipe called Pancakes (id \(recipe.id), added Fri 2025-03-14 by Sarah)")
        let replaced = try life.addRecipe(named: "pancakes", ingredients: ["3 eggs"], sameTitle: .replace)
        #expect(replaced.outcome == .replaced)
        #expect(replaced.recipe.id == recipe.id)
        let stored = try life.recipe(named: "Pancakes")
        #expect(stored.ingredients.map(\.text) == ["3 eggs"])
        #expect(stored.servings == nil)
        #expect(stored.favorite)
        #expect(try life.recipes().count == 1)
        #expect(try life.recipes(favoritesOnly: true).map(\.name) == ["pancakes"])

        let second = try life.addRecipe(named: "Pancakes.", ingredients: ["1 cup oats"], sameTitle: .keepBoth)
        #expect(second.outcome == .created)
        #expect(try life.recipes().count == 2)
        let ambiguous = OursError.caught { _ = try life.recipe(named: "pancakes") }
        #expect(ambiguous?.kind == .usage)
        #expect(ambiguous?.message.contains(second.recipe.id) == true)
        #expect(try life.recipe(named: second.recipe.id).ingredients.map(\.text) == ["1 cup oats"])
        #expect(try life.duplicateRecipes().map { Set($0.map(\.id)) } == [[recipe.id, second.recipe.id]])
        let several = OursError.caught { _ = try life.addRecipe(named: "pancakes", ingredients: [], sameTitle: .replace) }
        #expect(several?.kind == .usage)
    }

    @Test func recipeToListIsIdempotentAndScales() throws {
        let (life, _) = try world.privateLife()
        let (pancakes, _) = try life.addRecipe(
            named: "Pancakes", ingredients: ["2 cups flour", "2 eggs", "1 1/2 cups milk", "salt"], servings: 4)
        _ = try life.add(["Milk"], quantity: "1 l")
        let first = try life.addRecipeToList("pancakes", servings: 6)
        #expect(first.result.items.map(\.outcome) == [.created, .created, .updated, .created])
        #expect(first.result.items.map(\.item.total.description) == ["3 cups", "3", "1.53 l", ""])
        let again = try life.addRecipeToList("pancakes", servings: 6)
        #expect(again.result.items.map(\.outcome) == [.unchanged, .unchanged, .unchanged, .unchanged])
        let fewer = try life.addRecipeToList("pancakes")
        #expect(fewer.result.items[0].item.total.description == "2 cups")
        #expect(try life.zone.list(type: "item").count == 4)
        let flour = try #require(try life.items(on: try life.list(named: nil)).first { $0.name == "flour" })
        #expect(
            flour.sources == [
                GroceryItem.Source(key: pancakes.id, recipe: "Pancakes", recipeID: pancakes.id, quantity: "2 cups")
            ])
    }

    @Test func scalingARecipeWithoutServingsIsAUsageError() throws {
        let (life, _) = try world.privateLife()
        _ = try life.addRecipe(named: "Toast", ingredients: ["2 slices bread"])
        let error = OursError.caught { _ = try life.addRecipeToList("toast", servings: 2) }
        #expect(error?.kind == .usage)
    }

    @Test func importingTheSameFileTwiceChangesNothing() throws {
        let (life, _) = try world.privateLife()
        let bytes = try fixture("recipes/lasagne.jsonld")
        let first = try life.importRecipes(bytes, source: "lasagne.jsonld")
        #expect(first.map(\.outcome) == [.created])
        let key = try RecordKey(type: "recipe", id: first[0].recipe.id)
        let before = try #require(try life.zone.get(key)).values
        #expect(try life.importRecipes(bytes, source: "lasagne.jsonld").map(\.outcome) == [.unchanged])
        #expect(try #require(try life.zone.get(key)).values == before)
        #expect(try life.recipe(named: "lasagne").servings == 6)

        // The same source, changed since: updated in place, notes and favourite kept.
        _ = try life.editRecipe("lasagne", RecipeEdit(notes: "Double the garlic"))
        let changed = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\"6\", \"6 servings\"", with: "\"8\"")
        #expect(try life.importRecipes(Array(changed.utf8), source: "l").map(\.outcome) == [.updated])
        let updated = try life.recipe(named: "lasagne")
        #expect(updated.servings == 8)
        #expect(updated.notes == "Double the garlic")
        #expect(try life.recipes().count == 1)
    }

    /// Renaming onto a taken title is refused with a way out `recipe edit` has (not add's).
    @Test func renamingOntoATakenTitleSaysWhatWorks() throws {
        let (life, _) = try world.privateLife()
        _ = try life.addRecipe(named: "Soup", ingredients: ["1 onion"])
        _ = try life.addRecipe(named: "Stew", ingredients: ["1 carrot"])
        var edit = RecipeEdit()
        edit.name = "soup"
        let refused = OursError.caught { _ = try life.editRecipe("Stew", edit) }
        #expect(refused?.message.hasPrefix("there is already a recipe called Soup (id ") == true)
        #expect(refused?.hint == "Choose another title, or rename or delete that recipe first.")
        #expect(try life.recipes().map(\.name).sorted() == ["Soup", "Stew"])
    }

    @Test func importingADifferentRecipeWithATakenTitleIsRefused() throws {
        let (life, _) = try world.privateLife()
        _ = try life.addRecipe(named: "Weeknight lasagne!", ingredients: ["1 box lasagne sheets"])
        let bytes = try fixture("recipes/lasagne.jsonld")
        let refused = OursError.caught { _ = try life.importRecipes(bytes, source: "lasagne.jsonld") }
        #expect(refused?.kind == .failed)
        #expect(refused?.message.hasPrefix("there is already a recipe called Weeknight lasagne! (id ") == true)
        #expect(try life.recipes().count == 1)
        #expect(try life.importRecipes(bytes, source: "l", sameTitle: .keepBoth).map(\.outcome) == [.created])
        #expect(try life.recipes().count == 2)
        #expect(try life.duplicateRecipes().count == 1)
    }

    @Test func planningMeals() throws {
        let (life, _) = try world.privateLife()
        _ = try life.addRecipe(named: "Lasagne", ingredients: ["500 g mince", "250 g lasagne sheets"], servings: 4)
        let planned = try life.plan("today", .dinner, "lasagne")
        #expect(planned.outcome == .created)
        #expect(planned.meal.id == "2025-03-14-dinner")
        #expect(planned.meal.name == "Lasagne")
        #expect(planned.meal.recipeID == (try life.recipe(named: "Lasagne").id))
        #expect(try life.plan("2025-03-14", .dinner, "Lasagne").outcome == .unchanged)
        let taken = OursError.caught { _ = try life.plan("2025-03-14", .dinner, "Tacos") }
        #expect(taken?.kind == .failed)
        #expect(taken?.message == "dinner on Friday 2025-03-14 is already planned: Lasagne")
        #expect(try life.plan("2025-03-14", .dinner, "Tacos", replace: true).outcome == .replaced)
        let tacos = try #require(try life.zone.get(RecordKey(type: "meal-plan", id: "2025-03-14-dinner")))
        #expect(tacos.values == ["name": "Tacos", "date": "2025-03-14", "slot": "dinner"])
        _ = try life.plan("monday", .lunch, "Lasagne")
        _ = try life.plan("2025-03-12", .lunch, "Lasagne")
        _ = try life.plan("2025-03-10", .breakfast, "Porridge")
        let week = try life.week(of: "2025-03-12")
        #expect(week.map(\.description) == (10...16).map { "2025-03-\($0)" })
        #expect(try life.meals(on: week).map(\.id) == ["2025-03-10-breakfast", "2025-03-12-lunch", "2025-03-14-dinner"])
        #expect(try life.meals(on: try life.week(of: nil)).count == 3)
        #expect(try life.meals(on: try life.week(of: "2025-03-17")).map(\.id) == ["2025-03-17-lunch"])
    }

    @Test func mealsToListCountsEachPlannedMeal() throws {
        let (life, _) = try world.privateLife()
        _ = try life.addRecipe(named: "Lasagne", ingredients: ["500 g mince", "1 onion"], servings: 4)
        _ = try life.plan("2025-03-11", .dinner, "Lasagne")
        _ = try life.plan("2025-03-13", .dinner, "Lasagne")
        _ = try life.plan("2025-03-14", .dinner, "Takeaway")
        let (result, meals, skipped) = try life.addMealsToList(try life.week(of: nil), list: "Week")
        #expect(meals.map(\.id) == ["2025-03-11-dinner", "2025-03-13-dinner"])
        #expect(skipped.map(\.name) == ["Takeaway"])
        #expect(result.list.name == "Week")
        let items = try life.items(on: try life.list(named: "week"))
        #expect(items.map(\.name) == ["mince", "onion"])
        #expect(items.map(\.total.description) == ["1 kg", "2"])
        _ = try life.addMealsToList(try life.week(of: nil), list: "Week")
        #expect(try life.items(on: try life.list(named: "week")).map(\.total.description) == ["1 kg", "2"])
    }
}
