import Testing

@testable import OursCLI

/// The everyday commands that show, edit and remove one record, and bring deleted ones back,
/// from realistic command lines.
@Suite struct EverydayCommandTests {
    /// Their paths, beyond the first contract.
    static let paths: [[String]] = [
        ["list", "edit"], ["list", "history"], ["item", "show"], ["item", "edit"], ["item", "rm"],
        ["category", "show"], ["category", "edit"], ["category", "rm"],
        ["meal", "show"], ["meal", "edit"], ["meal", "move"], ["meal", "rm"],
        ["task", "show"], ["task", "edit"], ["task", "rm"],
        ["project", "add"], ["project", "list"], ["project", "show"], ["project", "edit"], ["project", "archive"],
        ["project", "unarchive"], ["project", "rm"], ["deleted"], ["restore"],
    ]

    static let listCases: [(String, ParsedInvocation.Action)] = [
        ("list show Party --unchecked", .run(ListShowCommand(name: "Party", consolidated: false, unchecked: true))),
        ("list show --category dairy", .run(ListShowCommand(name: nil, consolidated: false, category: "dairy"))),
        ("list edit Hardware --name DIY", .run(ListEditCommand(name: "Hardware", newName: "DIY", archived: nil))),
        ("list edit Christmas --archived no", .run(ListEditCommand(name: "Christmas", newName: nil, archived: false))),
        ("list history", .run(ListHistoryCommand(name: nil, since: nil))),
        ("list history Groceries --since 7d", .run(ListHistoryCommand(name: "Groceries", since: duration("7d")))),
        ("item show milk", .run(ItemShowCommand(item: "milk", list: nil))),
        ("item show milk --list Party", .run(ItemShowCommand(item: "milk", list: "Party"))),
        (
            "item edit milk --qty '2 l' --note none --category dairy",
            .run(
                ItemEditCommand(
                    item: "milk", list: nil, name: nil, qty: .set("2 l"), category: .set("dairy"), note: .clear, moveTo: nil))
        ),
        (
            "item edit milk -l Party --name 'oat milk' --move-to Groceries",
            .run(
                ItemEditCommand(
                    item: "milk", list: "Party", name: "oat milk", qty: .keep, category: .keep, note: .keep, moveTo: "Groceries"))
        ),
        (
            "item edit coffee --photo brand.jpg",
            .run(
                ItemEditCommand(
                    item: "coffee", list: nil, name: nil, qty: .keep, category: .keep, note: .keep, moveTo: nil,
                    photos: .set(["brand.jpg"])))
        ),
        ("item rm milk", .run(ItemRemoveCommand(item: "milk", list: nil))),
        ("item rm milk --yes", .run(ItemRemoveCommand(item: "milk", list: nil, yes: true))),
        ("item remove milk --list Party", .run(ItemRemoveCommand(item: "milk", list: "Party"))),
        ("category show dairy", .run(CategoryShowCommand(name: "dairy"))),
        ("category edit dairy --name Fridge", .run(CategoryEditCommand(name: "dairy", newName: "Fridge"))),
        ("category rm dairy", .run(CategoryRemoveCommand(name: "dairy", yes: false))),
        ("category delete dairy --yes", .run(CategoryRemoveCommand(name: "dairy", yes: true))),
    ]

    static let mealCases: [(String, ParsedInvocation.Action)] = [
        (
            "plan friday dinner Pancakes --servings 6 --note 'double the syrup'",
            .run(
                PlanCommand(
                    date: "friday", slot: .dinner, meal: "Pancakes", replace: false, servings: 6, note: "double the syrup"))
        ),
        ("meal show friday dinner", .run(MealShowCommand(date: "friday", slot: .dinner))),
        ("meal show lasagne", .run(MealShowCommand(date: "lasagne", slot: nil))),
        ("meal rm 2025-03-14-dinner", .run(MealRemoveCommand(date: "2025-03-14-dinner", slot: nil))),
        ("meal rm 2025-03-14-dinner -y", .run(MealRemoveCommand(date: "2025-03-14-dinner", slot: nil, yes: true))),
        (
            "meal move lasagne --to sunday lunch",
            .run(MealMoveCommand(date: "lasagne", slot: .lunch, toSlot: nil, to: "sunday", replace: false))
        ),
        (
            "meal edit 2025-03-14 dinner --what Lasagne --servings 6 --note 'oven at 6'",
            .run(MealEditCommand(date: "2025-03-14", slot: .dinner, what: "Lasagne", servings: .set(6), note: .set("oven at 6")))
        ),
        (
            "meal edit friday Dinner --servings none",
            .run(MealEditCommand(date: "friday", slot: .dinner, what: nil, servings: .clear, note: .keep))
        ),
        (
            "meal move friday dinner --to saturday",
            .run(MealMoveCommand(date: "friday", slot: .dinner, toSlot: nil, to: "saturday", replace: false))
        ),
        (
            "meal move 2025-03-14 dinner --to 2025-03-15 lunch --replace",
            .run(MealMoveCommand(date: "2025-03-14", slot: .dinner, toSlot: .lunch, to: "2025-03-15", replace: true))
        ),
        ("meal rm 2025-03-14 dinner", .run(MealRemoveCommand(date: "2025-03-14", slot: .dinner))),
    ]

    static let taskCases: [(String, ParsedInvocation.Action)] = [
        (
            "task add Buy paint --project Shed --note 'white, satin'",
            .run(TaskAddCommand(title: "Buy paint", project: "Shed", due: nil, priority: nil, assign: nil, note: "white, satin"))
        ),
        ("task done 'Buy paint' --project Home", .run(TaskDoneCommand(title: "Buy paint", project: "Home"))),
        ("task show Fix the tap", .run(TaskShowCommand(title: "Fix the tap", project: nil))),
        ("task show 'Buy paint' --project Home", .run(TaskShowCommand(title: "Buy paint", project: "Home"))),
        (
            "task edit Fix the tap --due friday --priority none --assign me --name 'Fix the kitchen tap'",
            .run(
                TaskEditCommand(
                    title: "Fix the tap", project: nil, name: "Fix the kitchen tap", due: .set("friday"), priority: .clear,
                    assign: .set("me"), note: .keep, moveTo: .keep))
        ),
        (
            "task edit 'Buy paint' --project Home --move-to Shed --note 'white, satin' --priority 2",
            .run(
                TaskEditCommand(
                    title: "Buy paint", project: "Home", name: nil, due: .keep, priority: .set(2), assign: .keep,
                    note: .set("white, satin"), moveTo: .set("Shed")))
        ),
        (
            "task add Fix the tap --photo leak.jpg --photo 'Under the sink.jpg'",
            .run(
                TaskAddCommand(
                    title: "Fix the tap", project: nil, due: nil, priority: nil, assign: nil,
                    photos: ["leak.jpg", "Under the sink.jpg"]))
        ),
        (
            "task edit Fix the tap --photo after.jpg",
            .run(
                TaskEditCommand(
                    title: "Fix the tap", project: nil, name: nil, due: .keep, priority: .keep, assign: .keep, note: .keep,
                    moveTo: .keep, photos: .set(["after.jpg"])))
        ),
        (
            "task edit Fix the tap --photo none",
            .run(
                TaskEditCommand(
                    title: "Fix the tap", project: nil, name: nil, due: .keep, priority: .keep, assign: .keep, note: .keep,
                    moveTo: .keep, photos: .clear))
        ),
        ("task rm Fix the tap", .run(TaskRemoveCommand(title: "Fix the tap", project: nil))),
        ("task rm Fix the tap --yes", .run(TaskRemoveCommand(title: "Fix the tap", project: nil, yes: true))),
        ("task delete 'Buy paint' --project Shed", .run(TaskRemoveCommand(title: "Buy paint", project: "Shed"))),
        ("tasks --assignee me --archived", .run(TasksCommand(project: nil, assignee: "me", archived: true))),
        ("tasks --done --since 7d", .run(TasksCommand(project: nil, done: true, since: duration("7d")))),
        ("project add Garden --color green", .run(ProjectAddCommand(name: "Garden", color: "green"))),
        ("project add Back garden", .run(ProjectAddCommand(name: "Back garden", color: nil))),
        ("project list", .run(ProjectListCommand(archived: false))),
        ("project list --archived", .run(ProjectListCommand(archived: true))),
        ("project show garden", .run(ProjectShowCommand(name: "garden"))),
        (
            "project edit Garden --name 'Back garden' --color none",
            .run(ProjectEditCommand(name: "Garden", newName: "Back garden", color: .clear))
        ),
        ("project archive Shed", .run(ProjectArchiveCommand(name: "Shed"))),
        ("project unarchive Shed", .run(ProjectUnarchiveCommand(name: "Shed"))),
        ("project rm Shed", .run(ProjectRemoveCommand(name: "Shed", yes: false))),
        ("project delete Shed --yes", .run(ProjectRemoveCommand(name: "Shed", yes: true))),
        ("deleted", .run(DeletedCommand(type: nil, since: nil))),
        ("deleted --type item --since 7d", .run(DeletedCommand(type: .item, since: duration("7d")))),
        ("restore item salsa", .run(RestoreCommand(type: .item, name: "salsa"))),
        ("restore Task Fix the tap", .run(RestoreCommand(type: .task, name: "Fix the tap"))),
    ]

    static let cases = listCases + mealCases + taskCases

    @Test(arguments: cases)
    func parses(line: String, expected: ParsedInvocation.Action) {
        #expect(command(line) == .success(expected))
    }

    @Test func badValuesAreUsageErrors() {
        for line in [
            "meal move friday dinner --to saturday teatime", "list edit Party --archived maybe",
            "task edit x --priority 5", "deleted --type chair", "restore chair x", "meal edit friday dinner --servings 0",
        ] {
            guard case .failure = command(line) else {
                Issue.record("'\(line)' parsed")
                continue
            }
        }
    }
}
