import Foundation
import OursHousehold
import OursSync
import Testing

/// What an app holds: values that are Identifiable and Codable, with their times as `Date`s and
/// their web addresses as `URL`s, and calls that take the ids it kept.
@Suite("Library: value types and operations by id")
struct ValueTypeTests {
    let world = SharedFolderWorld()

    func roundTrip<T: Codable & Equatable>(_ value: T) throws -> T {
        try JSONDecoder().decode(T.self, from: JSONEncoder().encode(value))
    }

    @Test func householdValuesSurviveCodingUnchanged() throws {
        let (life, clock) = try world.privateLife()
        let added = try life.add(["Milk"], quantity: "2 l", category: "Dairy", note: "not UHT")
        clock.advance(by: 60_000)
        let checked = try life.check("milk").item
        #expect(try roundTrip(checked) == checked)
        #expect(try roundTrip(added.list) == added.list)
        let recipe = try life.addRecipe(
            named: "Pancakes", ingredients: ["1 1/2 cups flour", "2 eggs", "a pinch of salt"], servings: 4,
            steps: ["Mix", "Fry"]
        ).recipe
        let decoded = try roundTrip(recipe)
        #expect(decoded.ingredients == recipe.ingredients)
        #expect(decoded.steps == recipe.steps)
        #expect(decoded.name == recipe.name && decoded.id == recipe.id && decoded.servings == 4)
        let chore = try life.addChore(named: "Water plants", every: Interval("3d")!).chore
        #expect(try roundTrip(chore) == chore)
        let task = try life.addTask("Fix the tap", project: "Bathroom", due: "2025-03-20").task
        #expect(try roundTrip(task) == task)
        #expect(try roundTrip(life.members()) == life.members())
    }

    @Test func daysAndFractionsAreWrittenAsTheyAreShown() throws {
        let day = try #require(CalendarDay("2025-03-14"))
        #expect(String(decoding: try JSONEncoder().encode(day), as: UTF8.self) == "\"2025-03-14\"")
        #expect(String(decoding: try JSONEncoder().encode(Rational(3, 4)), as: UTF8.self) == "\"3\\/4\"")
        #expect(try JSONDecoder().decode(Rational.self, from: Data("\"6/8\"".utf8)) == Rational(3, 4))
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Rational.self, from: Data("\"1/0\"".utf8)) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(CalendarDay.self, from: Data("\"2025-02-30\"".utf8)) }
    }

    @Test func timesAreDatesAndAddressesAreURLs() throws {
        let (life, clock) = try world.privateLife()
        _ = try life.add(["Milk"])
        clock.advance(by: 90_000)
        let item = try life.check("milk").item
        let friday = Date(timeIntervalSince1970: Double(SharedFolderWorld.friday) / 1000)
        #expect(item.addedDate == friday)
        #expect(item.checkedDate == friday.addingTimeInterval(90))
        #expect(try life.item(id: item.id)?.history.compactMap(\.date) == [friday, friday.addingTimeInterval(90)])
        var recipe = Recipe(name: "Soup")
        recipe.url = "https://example.org/soup"
        recipe.image = "javascript:alert(1)"
        #expect(recipe.sourceURL == URL(string: "https://example.org/soup"))
        #expect(recipe.imageURL == nil, "only web addresses are places")
        let day = try #require(CalendarDay("2025-03-14"))
        #expect(day.start(in: TimeZone(identifier: "Europe/Berlin")!) == Date(timeIntervalSince1970: 1_741_906_800))
        #expect(life.zone.folderURL == nil, "private data has no folder")
    }

    @Test func itemsAreTickedAndRemovedByID() throws {
        let (life, _) = try world.privateLife()
        let milk = try life.add(["Milk"]).items[0].item
        _ = try life.createList(named: "Hardware")
        _ = try life.add(["Milk"], to: "Hardware")
        let checked = try life.check(itemID: milk.id)
        #expect(checked.item.id == milk.id && checked.outcome == .updated && checked.list.name == "Groceries")
        #expect(try life.check(itemID: milk.id).outcome == .unchanged)
        #expect(try life.uncheck(itemID: milk.id).outcome == .updated)
        #expect(try life.remove(itemID: milk.id).item.id == milk.id)
        #expect(try life.item(id: milk.id) == nil)
        let gone = OursError.caught { _ = try life.check(itemID: milk.id) }
        #expect(gone?.kind == .notFound && gone?.message == "no item with id \(milk.id)")
        #expect(try life.items(on: life.list(named: "Hardware")).map(\.name) == ["Milk"], "the other Milk is untouched")
    }

    @Test func listsChoresTasksAndRecipesByID() throws {
        let (life, _) = try world.privateLife()
        let list = try life.createList(named: "Hardware").list
        #expect(try life.renameList(id: list.id, to: "DIY").name == "DIY")
        #expect(try life.archiveList(id: list.id).list.archived)
        #expect(try life.list(id: list.id)?.name == "DIY")
        let chore = try life.addChore(named: "Water plants", every: Interval("3d")!).chore
        #expect(try life.choreDone(id: chore.id).completions.count == 1)
        let task = try life.addTask("Fix the tap").task
        #expect(try life.taskDone(id: task.id).done)
        let recipe = try life.addRecipe(named: "Pancakes", ingredients: ["2 eggs"]).recipe
        #expect(try life.setFavorite(recipeID: recipe.id, true).recipe.favorite)
        #expect(try life.recipe(id: recipe.id)?.favorite == true)
        let unknown = OursError.caught { _ = try life.choreDone(id: "water") }
        #expect(unknown?.kind == .notFound, "a beginning of a name is not an id")
        #expect(OursError.caught { _ = try life.taskDone(id: "nope") }?.message == "no task with id nope")
    }
}
