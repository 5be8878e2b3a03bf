import OursHousehold
import OursSync
import Testing

/// Every kind of record can be added, shown, edited, removed and listed with filters, and is
/// found by one resolution: an id, a name, or a unique beginning of one.
@Suite struct CompleteHouseholdTests {
    let world = SharedFolderWorld()

    @Test func aRecipeRemovedLeavesItsPlannedMealsAsTextAndComesBack() throws {
        let (life, _) = try world.privateLife()
        let lasagne = try life.addRecipe(named: "Lasagne", ingredients: ["500 g pasta"], servings: 4).recipe
        _ = try life.addRecipe(named: "Toast", ingredients: ["2 slices bread"])
        _ = try life.plan("2025-03-14", .dinner, "lasagne")
        _ = try life.plan("2025-03-16", .lunch, "Lasagne")

        let refused = OursError.caught { _ = try life.deleteRecipe("las", confirmed: false) }
        #expect(refused?.kind == .usage, "a missing --yes is a usage error (exit 2)")
        #expect(refused?.message == "Lasagne is planned for 2 meals: Friday 2025-03-14 dinner, Sunday 2025-03-16 lunch")
        #expect(try life.recipes().count == 2, "nothing deleted when refused")

        let (removed, meals) = try life.deleteRecipe("lasagne", confirmed: true)
        #expect(removed.id == lasagne.id)
        #expect(meals.map(\.id) == ["2025-03-14-dinner", "2025-03-16-lunch"])
        #expect(try life.recipes().map(\.name) == ["Toast"], "no meal keeps it in view: their links went with it")
        let dinner = try life.meal(on: "2025-03-14", .dinner)
        #expect(dinner.name == "Lasagne")
        #expect(dinner.recipeID == nil)
        #expect(try life.containerConflicts().isEmpty)

        #expect(try life.deleteRecipe("toast", confirmed: false).meals.isEmpty, "nothing planned: no --yes needed")
        #expect(OursError.caught { _ = try life.deleteRecipe("toast", confirmed: true) }?.kind == .notFound)
        _ = try life.restore(.recipe, "lasagne")
        #expect(try life.recipe(named: "lasagne").id == lasagne.id)
    }

    @Test func aRecipeKeptInViewByAMealIsDeletedAgainWithItsLink() throws {
        let (life, _) = try world.privateLife()
        let soup = try life.addRecipe(named: "Soup", ingredients: ["1 l stock"]).recipe
        _ = try life.plan("2025-03-14", .dinner, "Soup")
        // The raw command deletes the record alone, so the meal keeps the recipe in view.
        try life.zone.remove(RecordKey(type: "recipe", id: soup.id))
        #expect(try life.recipe(named: "soup").id == soup.id)
        #expect(try life.deleteRecipe("soup", confirmed: true).meals.map(\.id) == ["2025-03-14-dinner"])
        #expect(try life.recipes().isEmpty)
        #expect(try life.meal(on: "2025-03-14", .dinner).recipeID == nil)
    }

    @Test func aPlannedMealIsFoundByItsDayItsIdOrItsName() throws {
        let (life, _) = try world.privateLife()
        _ = try life.plan("2025-03-14", .dinner, "Fish and chips")
        _ = try life.plan("2025-03-15", .lunch, "Leftovers")
        _ = try life.plan("2025-03-07", .dinner, "Curry")
        _ = try life.plan("2025-03-16", .dinner, "Curry")
        #expect(try life.meal("friday", .dinner).name == "Fish and chips")
        #expect(try life.meal("fish", nil).id == "2025-03-14-dinner")
        #expect(try life.meal("chips", nil).id == "2025-03-14-dinner", "a later word's beginning")
        #expect(try life.meal("2025-03-07-dinner", nil).name == "Curry", "an id finds a meal of any week")
        #expect(try life.meal("curry", nil).id == "2025-03-16-dinner", "a name finds meals from this week on")
        _ = try life.plan("2025-03-17", .dinner, "Curry")
        let ambiguous = OursError.caught { _ = try life.meal("curry", nil) }
        #expect(
            ambiguous?.message
                == "\"curry\" matches several planned meals: Curry (Monday 2025-03-17 dinner), Curry (Sunday 2025-03-16 dinner)")
        #expect(ambiguous?.hint == "Only the id tells them apart: 2025-03-16-dinner, 2025-03-17-dinner.")
        #expect(OursError.caught { _ = try life.meal("pizza", nil) }?.kind == .notFound)

        #expect(try life.editMeal("left", nil, .init(servings: .set(3))).meal.servings == 3)
        let moved = try life.moveMeal("leftovers", nil, to: "2025-03-18", slot: .dinner)
        #expect(moved.meal.id == "2025-03-18-dinner")
        #expect(try life.removeMeal("2025-03-18-dinner", nil).name == "Leftovers")
    }

    @Test func anIngredientAddedBeforeItIsUsedAndForgottenComesBack() throws {
        let (life, _) = try world.privateLife()
        let added = try life.addIngredient("Fresh Oat Milk", .init(category: .some("Dairy"), staple: true))
        #expect(added.outcome == .created)
        #expect(added.ingredient.name == "oat milk")
        #expect(added.ingredient.uses == 0, "remembering is not a use")
        #expect(try life.addIngredient("oat milk", .init(staple: true)).outcome == .unchanged)
        #expect(try life.addIngredient("oat milk", .init(staple: false)).outcome == .updated)
        _ = try life.add(["oat milk"])
        _ = try life.removeIngredient("oat")
        let back = try life.addIngredient("OAT MILK")
        #expect(back.outcome == .created)
        #expect(back.ingredient.category == "Dairy", "what it remembered comes back with it")
        #expect(back.ingredient.uses == 1)
        #expect(OursError.caught { _ = try life.addIngredient("  ") }?.kind == .usage)
        // Any way of writing it names it, as the resolver's same name.
        #expect(try life.ingredient(named: "2 cups Fresh Oat Milk, cold").id == back.ingredient.id)
    }

    @Test func listingsFilter() throws {
        let (life, clock) = try world.privateLife()
        _ = try life.addIngredient("basil", .init(category: .some("Herbs")))
        _ = try life.addIngredient("milk", .init(category: .some("Dairy")))
        #expect(try life.ingredients(category: "herbs").map(\.name) == ["basil"])
        _ = try life.addRecipe(named: "Pancakes", ingredients: ["2 cups flour"])
        _ = try life.editRecipe("pancakes", RecipeEdit(addTags: ["Breakfast"]))
        _ = try life.addRecipe(named: "Soup", ingredients: ["1 l stock"])
        #expect(try life.recipes(tag: "breakfast").map(\.name) == ["Pancakes"])
        _ = try life.addChore(named: "Bins", rule: .every(7, .day), ChoreChanges(assignee: "me"))
        _ = try life.addChore(named: "Plants", rule: .every(3, .day))
        _ = try life.choreDone("plants")
        clock.advance(by: 60_000)
        #expect(try life.chores(dueOnly: true).map(\.name) == ["Bins"])
        #expect(try life.chores(assignee: "me").map(\.name) == ["Bins"])
        #expect(OursError.caught { _ = try life.chores(assignee: "Nobody") }?.kind == .notFound)
    }

    @Test func recipeTitlesCountAsTheSameNameWhenPlanningAndFinding() throws {
        let (life, _) = try world.privateLife()
        let bread = try life.addRecipe(named: "Banana Bread!", ingredients: ["3 bananas"]).recipe
        #expect(try life.plan("2025-03-14", .dinner, "banana bread").meal.recipeID == bread.id)
        #expect(try life.recipe(named: "BANANA-BREAD").id == bread.id)
        #expect(try life.plan("2025-03-15", .dinner, "banana").meal.recipeID == nil, "planning takes a whole title only")
        _ = try life.addRecipe(named: "banana bread", ingredients: ["2 bananas"], sameTitle: .keepBoth)
        let ambiguous = OursError.caught { _ = try life.recipe(named: "banana bread") }
        #expect(ambiguous?.kind == .usage)
        #expect(ambiguous?.hint?.hasPrefix("Only the id tells them apart: ") == true)
        #expect(ambiguous?.message.contains("Banana Bread! (id \(bread.id), added Fri 2025-03-14 by Sarah)") == true)
    }
}
