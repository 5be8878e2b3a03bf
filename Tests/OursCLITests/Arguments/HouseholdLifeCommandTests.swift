import Testing

@testable import OursCLI

/// Every command under "Household life", from a realistic command line.
@Suite struct HouseholdLifeCommandTests {
    static let listCases: [(String, ParsedInvocation.Action)] = [
        ("add milk", .run(AddCommand(items: ["milk"], list: nil, qty: nil, category: nil, note: nil))),
        (
            "add milk eggs 'oat milk' --list Groceries --qty 2 --category dairy --note 'not UHT'",
            .run(
                AddCommand(
                    items: ["milk", "eggs", "oat milk"], list: "Groceries", qty: "2",
                    category: "dairy", note: "not UHT"))
        ),
        (
            "add flour -l Baking --qty='1 kg'",
            .run(AddCommand(items: ["flour"], list: "Baking", qty: "1 kg", category: nil, note: nil))
        ),
        ("check milk", .run(CheckCommand(item: "milk", list: nil))),
        ("check 'oat milk' --list Groceries", .run(CheckCommand(item: "oat milk", list: "Groceries"))),
        ("uncheck milk -l Groceries", .run(UncheckCommand(item: "milk", list: "Groceries"))),
        ("remove eggs", .run(RemoveCommand(item: "eggs", list: nil))),
        ("remove eggs --list Groceries", .run(RemoveCommand(item: "eggs", list: "Groceries"))),
        ("list create Hardware", .run(ListCreateCommand(name: "Hardware"))),
        ("list show", .run(ListShowCommand(name: nil, consolidated: false))),
        ("list show Groceries --consolidated", .run(ListShowCommand(name: "Groceries", consolidated: true))),
        ("list rename Hardware DIY", .run(ListRenameCommand(name: "Hardware", newName: "DIY"))),
        ("list archive Christmas", .run(ListArchiveCommand(name: "Christmas"))),
        ("list delete Christmas", .run(ListDeleteCommand(name: "Christmas", yes: false))),
        ("list rm Christmas --yes", .run(ListDeleteCommand(name: "Christmas", yes: true))),
        ("lists", .run(ListsCommand(archived: false))),
        ("lists --archived", .run(ListsCommand(archived: true))),
    ]

    static let kitchenCases: [(String, ParsedInvocation.Action)] = [
        (
            "recipe add Pancakes",
            .run(RecipeAddCommand(name: "Pancakes", ingredients: [], steps: [], servings: nil, sameTitle: .refuse))
        ),
        (
            "recipe add Pancakes --ingredient '2 cups flour' --ingredient '2 eggs' -i milk --step Whisk --step Fry "
                + "--servings 4 --force",
            .run(
                RecipeAddCommand(
                    name: "Pancakes", ingredients: ["2 cups flour", "2 eggs", "milk"], steps: ["Whisk", "Fry"], servings: 4,
                    sameTitle: .replace))
        ),
        (
            "recipe add 'Banana Bread' -i '3 bananas' --as-new",
            .run(
                RecipeAddCommand(name: "Banana Bread", ingredients: ["3 bananas"], steps: [], servings: nil, sameTitle: .keepBoth)
            )
        ),
        (
            "recipe add 'Banana Bread' --replace",
            .run(RecipeAddCommand(name: "Banana Bread", ingredients: [], steps: [], servings: nil, sameTitle: .replace))
        ),
        ("recipe show Pancakes", .run(RecipeShowCommand(name: "Pancakes"))),
        ("recipe favorite Pancakes", .run(RecipeFavoriteCommand(name: "Pancakes"))),
        ("recipe unfavorite Pancakes", .run(RecipeUnfavoriteCommand(name: "Pancakes"))),
        ("recipe to-list Pancakes", .run(RecipeToListCommand(name: "Pancakes", list: nil, servings: nil))),
        (
            "recipe to-list Pancakes --list Groceries --servings 8",
            .run(RecipeToListCommand(name: "Pancakes", list: "Groceries", servings: 8))
        ),
        ("recipe import lasagne.jsonld", .run(RecipeImportCommand(file: "lasagne.jsonld", sameTitle: .refuse))),
        ("recipe import - --as-new", .run(RecipeImportCommand(file: "-", sameTitle: .keepBoth))),
        ("recipe import lasagne.jsonld --replace", .run(RecipeImportCommand(file: "lasagne.jsonld", sameTitle: .replace))),
        ("recipe export Lasagne", .run(RecipeExportCommand(name: "Lasagne"))),
        ("recipes", .run(RecipesCommand(favoritesOnly: false, duplicates: false))),
        ("recipes --favorites", .run(RecipesCommand(favoritesOnly: true, duplicates: false))),
        ("recipes --duplicates", .run(RecipesCommand(favoritesOnly: false, duplicates: true))),
        ("recipes --tag breakfast", .run(RecipesCommand(favoritesOnly: false, tag: "breakfast", duplicates: false))),
        ("recipe rm Pancakes", .run(RecipeRemoveCommand(name: "Pancakes", yes: false))),
        ("recipe delete lasagne --yes", .run(RecipeRemoveCommand(name: "lasagne", yes: true))),
        (
            "plan 2025-03-14 dinner Lasagne",
            .run(PlanCommand(date: "2025-03-14", slot: .dinner, meal: "Lasagne", replace: false))
        ),
        (
            "plan 2025-03-15 Lunch leftover pizza --replace",
            .run(PlanCommand(date: "2025-03-15", slot: .lunch, meal: "leftover pizza", replace: true))
        ),
        (
            "plan 2025-03-16 breakfast 'Eggs Benedict'",
            .run(PlanCommand(date: "2025-03-16", slot: .breakfast, meal: "Eggs Benedict", replace: false))
        ),
        (
            "plan 2025-03-16 snack fruit",
            .run(PlanCommand(date: "2025-03-16", slot: .snack, meal: "fruit", replace: false))
        ),
        ("meals", .run(MealsCommand(week: nil))),
        ("meals --week 2025-03-10", .run(MealsCommand(week: "2025-03-10"))),
        ("meals to-list", .run(MealsToListCommand(week: nil, list: nil))),
        (
            "meals to-list --week 2025-03-10 --list Groceries",
            .run(MealsToListCommand(week: "2025-03-10", list: "Groceries"))
        ),
        (
            "meals --week 2025-03-10 to-list",
            .run(MealsToListCommand(week: "2025-03-10", list: nil))
        ),
    ]

    static let choreAndTaskCases: [(String, ParsedInvocation.Action)] = [
        (
            "chore add Bins --every 7d",
            .run(ChoreAddCommand(name: "Bins", every: .every(7, .day), fixed: false, assign: nil, rotate: nil, note: nil))
        ),
        (
            "chore add 'Water plants' --every=3d --assign Alex",
            .run(
                ChoreAddCommand(
                    name: "Water plants", every: .every(3, .day), fixed: false, assign: "Alex", rotate: nil, note: nil))
        ),
        (
            "chore add Recycling --every 'mon, thu' --fixed --rotate Sarah,Mike --note 'blue bin'",
            .run(
                ChoreAddCommand(
                    name: "Recycling", every: .weekdays([1, 4]), fixed: true, assign: nil, rotate: "Sarah,Mike",
                    note: "blue bin"))
        ),
        (
            "chore add Rent --every 'on the 1st'",
            .run(ChoreAddCommand(name: "Rent", every: .monthDay(1), fixed: false, assign: nil, rotate: nil, note: nil))
        ),
        ("chore done Bins", .run(ChoreDoneCommand(name: "Bins"))),
        ("chore show Bins", .run(ChoreShowCommand(name: "Bins"))),
        ("chore log Bins --limit 3", .run(ChoreLogCommand(name: "Bins", limit: 3))),
        (
            "chore edit Bins --every monthly --from-last --unassign --note ''",
            .run(
                ChoreEditCommand(
                    name: "Bins", every: .every(1, .month), fixed: false, fromLast: true, assign: nil, rotate: nil,
                    unassign: true, note: ""))
        ),
        (
            "chore edit Bins --fixed --assign Alex",
            .run(
                ChoreEditCommand(
                    name: "Bins", every: nil, fixed: true, fromLast: false, assign: "Alex", rotate: nil, unassign: false,
                    note: nil))
        ),
        (
            "chore edit Bins --rotate 'Sarah, Mike'",
            .run(
                ChoreEditCommand(
                    name: "Bins", every: nil, fixed: false, fromLast: false, assign: nil, rotate: "Sarah, Mike",
                    unassign: false, note: nil))
        ),
        ("chore pause Bins", .run(ChorePauseCommand(name: "Bins"))),
        ("chore resume Bins", .run(ChoreResumeCommand(name: "Bins"))),
        ("chore rm Bins", .run(ChoreRemoveCommand(name: "Bins"))),
        ("chore rm Bins --yes", .run(ChoreRemoveCommand(name: "Bins", yes: true))),
        ("chores", .run(ChoresCommand())),
        ("chores --due --assignee me", .run(ChoresCommand(due: true, assignee: "me"))),
        (
            "task add Fix the tap",
            .run(TaskAddCommand(title: "Fix the tap", project: nil, due: nil, priority: nil, assign: nil))
        ),
        (
            "task add 'Book MOT' --project Car --due 2025-04-01 --priority 1 --assign Sam",
            .run(
                TaskAddCommand(
                    title: "Book MOT", project: "Car", due: "2025-04-01", priority: 1, assign: "Sam"))
        ),
        (
            "task add Paint --priority=4",
            .run(TaskAddCommand(title: "Paint", project: nil, due: nil, priority: 4, assign: nil))
        ),
        ("task done Fix the tap", .run(TaskDoneCommand(title: "Fix the tap"))),
        ("tasks", .run(TasksCommand(project: nil))),
        ("tasks --project Car", .run(TasksCommand(project: "Car"))),
        ("category add Frozen", .run(CategoryAddCommand(name: "Frozen"))),
        ("categories", .run(CategoriesCommand())),
        ("export", .run(ExportCommand(format: nil, out: nil))),
        ("export --format markdown", .run(ExportCommand(format: .markdown, out: nil))),
        ("export --format=ics -o meals.ics", .run(ExportCommand(format: .ics, out: "meals.ics"))),
        ("export --format JSON --out backup.json", .run(ExportCommand(format: .json, out: "backup.json"))),
        ("export --format html", .run(ExportCommand(format: .html, out: nil))),
        ("import backup.json", .run(ImportCommand(file: "backup.json", newHousehold: nil, folder: nil))),
        (
            "import backup.json --new-household Home --folder /mnt/ours",
            .run(ImportCommand(file: "backup.json", newHousehold: "Home", folder: "/mnt/ours"))
        ),
    ]

    @Test(arguments: listCases)
    func parsesListCommands(line: String, expected: ParsedInvocation.Action) {
        #expect(command(line) == .success(expected))
    }

    @Test(arguments: kitchenCases)
    func parsesKitchenCommands(line: String, expected: ParsedInvocation.Action) {
        #expect(command(line) == .success(expected))
    }

    @Test(arguments: choreAndTaskCases)
    func parsesChoreAndTaskCommands(line: String, expected: ParsedInvocation.Action) {
        #expect(command(line) == .success(expected))
    }
}
