import OursHousehold
import OursSync

/// `ours category add NAME`: a category for list items.
struct CategoryAddCommand: OursCommand {
    static let name: Argument<String> = .required("NAME", help: "The category, e.g. dairy or bakery")

    static let spec = Spec("add", summary: "Add a category", examples: ["ours category add Frozen"], arguments: [name])

    let name: String

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(name: values[name])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let (category, outcome) = try context.household().addCategory(name)
        if context.json {
            context.printJSON(category.json.adding(outcome))
            return 0
        }
        context.say(
            outcome == .created ? "Added the category \(category.name)." : "There is already a category called \(category.name).")
        return 0
    }
}

/// `ours categories`: the categories, one a line.
struct CategoriesCommand: OursCommand {
    static let spec = Spec("categories", summary: "List the categories", examples: ["ours categories"])

    static func parse(_ values: ParsedValues) -> Self { Self() }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let categories = try context.household().categories()
        if context.json {
            context.printJSON(.array(categories.map(\.json)))
            return 0
        }
        if categories.isEmpty {
            context.say("No categories yet. `ours category add NAME`, or `ours add ITEM --category NAME`.")
            return 0
        }
        for category in categories { context.say(category.name) }
        return 0
    }
}
