import OursSync
import Testing

@testable import OursHousehold

/// Planned meals: servings and notes, editing, removing and moving, and `meals to-list`
/// remembering what it added.
@Suite struct MealPlanTests {
    let world = SharedFolderWorld()

    @Test func aPlannedRecipeTakesItsServingsUnlessToldOtherwise() throws {
        let (life, _) = try world.privateLife()
        let pancakes = try life.addRecipe(named: "Pancakes", ingredients: ["2 cups flour"], servings: 4).recipe
        let planned = try life.plan("2025-03-14", .dinner, "pancakes")
        #expect(planned.meal.servings == 4)
        #expect(planned.meal.recipeID == pancakes.id)
        let more = try life.plan("2025-03-14", .dinner, "Pancakes", servings: 6, note: "double the syrup")
        #expect(more.outcome == .updated)
        #expect(more.meal.servings == 6)
        #expect(more.meal.note == "double the syrup")
        #expect(try life.plan("2025-03-14", .dinner, "Pancakes").outcome == .unchanged)
        let text = try life.plan("2025-03-15", .lunch, "leftovers", servings: 2)
        #expect(text.meal.recipeID == nil)
        #expect(text.meal.servings == 2)
        let replaced = try life.plan("2025-03-14", .dinner, "Pizza", replace: true)
        #expect(replaced.meal.servings == nil, "a meal planned over another does not keep its servings")
        #expect(replaced.meal.note == nil)
        #expect(OursError.caught { _ = try life.plan("2025-03-16", .lunch, "x", servings: 0) }?.kind == .usage)
    }

    @Test func editRemoveAndMove() throws {
        let (life, _) = try world.privateLife()
        let lasagne = try life.addRecipe(named: "Lasagne", ingredients: ["500 g pasta"], servings: 4).recipe
        _ = try life.plan("2025-03-14", .dinner, "Tacos")
        let edited = try life.editMeal("2025-03-14", .dinner, .init(what: "lasagne", servings: .set(8), note: .set("oven at 6")))
        #expect(edited.outcome == .updated)
        #expect(edited.meal.name == "Lasagne")
        #expect(edited.meal.recipeID == lasagne.id)
        #expect(try life.meal(on: "2025-03-14", .dinner).servings == 8)
        #expect(try life.editMeal("2025-03-14", .dinner, .init(servings: .set(8))).outcome == .unchanged)
        #expect(try life.editMeal("2025-03-14", .dinner, .init(note: .clear)).meal.note == nil)

        _ = try life.plan("2025-03-15", .dinner, "Soup")
        let refused = OursError.caught { _ = try life.moveMeal("2025-03-14", .dinner, to: "2025-03-15") }
        #expect(refused?.kind == .failed)
        #expect(refused?.message == "dinner on Saturday 2025-03-15 is already planned: Soup")
        let moved = try life.moveMeal("2025-03-14", .dinner, to: "2025-03-16", slot: .lunch)
        #expect(moved.outcome == .updated)
        #expect(moved.meal.id == "2025-03-16-lunch")
        #expect(moved.meal.servings == 8)
        #expect(OursError.caught { _ = try life.meal(on: "2025-03-14", .dinner) }?.kind == .notFound)
        let onto = try life.moveMeal("2025-03-16", .lunch, to: "2025-03-15", slot: .dinner, replace: true)
        #expect(onto.outcome == .replaced)
        #expect(try life.meal(on: "2025-03-15", .dinner).name == "Lasagne")
        #expect(try life.meals(on: life.week(of: "2025-03-14")).map(\.id) == ["2025-03-15-dinner"])

        let removed = try life.removeMeal("2025-03-15", .dinner)
        #expect(removed.name == "Lasagne")
        #expect(try life.meals(on: life.week(of: "2025-03-14")).isEmpty)
        #expect(OursError.caught { _ = try life.removeMeal("2025-03-15", .dinner) }?.kind == .notFound)
    }

    @Test func toListScalesToTheMealsServings() throws {
        let (life, _) = try world.privateLife()
        _ = try life.addRecipe(named: "Pancakes", ingredients: ["2 cups flour", "2 eggs"], servings: 4)
        _ = try life.plan("2025-03-14", .breakfast, "Pancakes", servings: 8)
        let (result, meals, _) = try life.addMealsToList(try life.week(of: "2025-03-14"))
        #expect(meals.count == 1)
        #expect(result.items.map(\.item.total.description) == ["4 cups", "4"])
    }

    @Test func toListNeverBringsBackWhatWasBoughtSinceItLastRanForTheWeek() throws {
        let (life, clock) = try world.privateLife()
        _ = try life.addRecipe(named: "Pancakes", ingredients: ["2 cups flour", "2 eggs"], servings: 4)
        _ = try life.addRecipe(named: "Omelette", ingredients: ["3 eggs"], servings: 1)
        _ = try life.plan("2025-03-14", .breakfast, "Pancakes")
        let week = try life.week(of: "2025-03-14")
        let first = try life.addMealsToList(week)
        #expect(first.result.items.map(\.outcome) == [.created, .created])
        #expect(try life.addMealsToList(week).result.items.map(\.outcome) == [.unchanged, .unchanged])

        clock.advance(by: 60_000)
        _ = try life.check("eggs")
        _ = try life.remove("flour")
        let again = try life.addMealsToList(week)
        #expect(again.result.items.isEmpty, "what was bought or removed since stays so")
        #expect(again.result.settled.map(\.name) == ["flour", "eggs"])
        #expect(try life.item(named: "eggs").item.checked)

        // Another meal of the week that needs eggs brings them back, as its own need.
        _ = try life.plan("2025-03-15", .lunch, "Omelette")
        let omelette = try life.addMealsToList(week)
        #expect(omelette.result.items.map(\.outcome) == [.restored])
        #expect(omelette.result.items.first?.item.total.description == "3")

        // `add` still brings a ticked item back; another week starts afresh.
        _ = try life.check("eggs")
        let next = try life.addMealsToList(try life.week(of: "2025-03-14"))
        #expect(next.result.items.isEmpty)
        let memory = try life.mealShopping(week: "2025-03-10")
        #expect(memory.runs.count == 2)
        #expect(memory.runs.first?.needs.map(\.meal) == ["2025-03-14-breakfast", "2025-03-14-breakfast"])
        #expect(memory.runs.first?.at == "2025-03-14T10:00:00.000Z")
    }
}
