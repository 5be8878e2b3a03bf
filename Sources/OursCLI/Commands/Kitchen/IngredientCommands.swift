import OursHousehold
import OursSync

/// `ours ingredients [--staples] [--category C]`: the ingredients the household remembers.
struct IngredientsCommand: OursCommand {
    static let staples: Option<Bool> = .flag("staples", help: "Only the staples")
    static let category: Option<String?> = .value("category", placeholder: "C", help: "Only those filed under this category")

    static let spec = Spec(
        "ingredients", summary: "List the ingredients the household remembers, with how often each was used",
        examples: ["ours ingredients", "ours ingredients --staples", "ours ingredients --category dairy"],
        options: [staples, category])

    let staplesOnly: Bool
    var category: String? = nil

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(staplesOnly: values[staples], category: values[category])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let ingredients = try context.household().ingredients(staplesOnly: staplesOnly, category: category)
        try context.showIngredients(ingredients, staplesOnly: staplesOnly)
        return 0
    }
}

/// `ours ingredient add NAME [--category C] [--staple]`: an ingredient remembered before it is used.
struct IngredientAddCommand: OursCommand {
    static let name: Argument<String> = .ingredientName
    static let category: Option<String?> = .ingredientCategory
    static let staple: Option<Bool> = .staple

    static let spec = Spec(
        "add", summary: "Remember an ingredient before it is used: its category, whether it is a staple",
        discussion: "An ingredient the household remembers already is changed as `ours ingredient edit` does.",
        examples: ["ours ingredient add \"oat milk\" --category Dairy --staple"], arguments: [name],
        options: [category, staple])

    let name: String
    let change: Household.IngredientChange

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        let staple = try values[staple]
        return try Self(
            name: values[name], change: .init(category: values[category].map { .some($0) }, staple: staple ? true : nil))
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let (ingredient, outcome) = try context.household().addIngredient(name, change)
        context.printIngredientChange(ingredient, outcome)
        return 0
    }
}

/// `ours ingredient show NAME`: what the household remembers of one ingredient, and the
/// recipes that use it.
struct IngredientShowCommand: OursCommand {
    static let name: Argument<String> = .ingredientName

    static let spec = Spec(
        "show", summary: "Show an ingredient: category, staple, uses and the recipes that use it",
        examples: ["ours ingredient show basil"], arguments: [name])

    let name: String

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self { try Self(name: values[name]) }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let household = try context.household()
        let ingredient = try household.ingredient(named: name)
        let recipes = try household.recipes(using: ingredient)
        if context.json {
            var object = ingredient.json.objectValue ?? [:]
            object["recipes"] = .array(recipes.map { ["id": .string($0.id), "name": .string($0.name)] })
            context.printJSON(.object(object))
            return 0
        }
        context.say(context.bold(ingredient.name) + (ingredient.staple ? " (staple)" : ""))
        context.say("  Category: \(ingredient.category ?? "none")")
        context.say("  Used \(Phrase.count(ingredient.uses, "time"))")
        if !recipes.isEmpty { context.say("  In: " + recipes.map(\.name).joined(separator: ", ")) }
        return 0
    }
}

/// `ours ingredient edit NAME [--category C | --no-category] [--staple | --no-staple]`.
struct IngredientEditCommand: OursCommand {
    static let name: Argument<String> = .ingredientName
    static let category: Option<String?> = .ingredientCategory
    static let noCategory: Option<Bool> = .flag("no-category", help: "Forget its category")
    static let staple: Option<Bool> = .staple
    static let noStaple: Option<Bool> = .flag("no-staple", help: "No longer a staple")

    static let spec = Spec(
        "edit", summary: "Set an ingredient's category, or mark it as a staple or not",
        examples: ["ours ingredient edit milk --category Dairy --staple", "ours ingredient edit basil --no-category"],
        arguments: [name], options: [category, noCategory, staple, noStaple])

    let name: String
    let change: Household.IngredientChange

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        let given = try values[category]
        if given != nil, try values[noCategory] {
            throw .conflictingOptions(category.spec, noCategory.spec, command: values.command)
        }
        if try values[staple], try values[noStaple] {
            throw .conflictingOptions(staple.spec, noStaple.spec, command: values.command)
        }
        var change = Household.IngredientChange()
        if let given { change.category = .some(given) } else if try values[noCategory] { change.category = .some(nil) }
        if try values[staple] { change.staple = true } else if try values[noStaple] { change.staple = false }
        return try Self(name: values[name], change: change)
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let (ingredient, outcome) = try context.household().editIngredient(name, change)
        context.printIngredientChange(ingredient, outcome)
        return 0
    }
}

/// `ours ingredient rm NAME`: forget an ingredient; items and recipes keep it.
struct IngredientRemoveCommand: OursCommand {
    static let yes: Option<Bool> = .yesTaken
    static let name: Argument<String> = .ingredientName

    static let spec = Spec(
        "rm", aliases: ["remove", "delete"], summary: "Forget an ingredient (lists and recipes keep it)",
        examples: ["ours ingredient rm basil"], arguments: [name], options: [yes])

    let name: String
    /// Taken for scripts (`--yes`); nothing is asked either way.
    var yes = false

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self { try Self(name: values[name], yes: values[yes]) }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let ingredient = try context.household().removeIngredient(name)
        if context.json {
            context.printJSON(["id": .string(ingredient.id), "name": .string(ingredient.name), "deleted": true])
            return 0
        }
        context.say("Forgot \(ingredient.name). Using it again brings it back.")
        return 0
    }
}

extension Argument where Value == String {
    /// `NAME`: an ingredient.
    fileprivate static var ingredientName: Self {
        .required("NAME", help: "The ingredient, as any recipe or list writes it (\"Fresh Basil\" is basil)")
    }
}

extension Option where Value == String? {
    /// `--category C`, for the ingredient commands.
    fileprivate static var ingredientCategory: Self {
        .value("category", placeholder: "C", help: "File it under this category when it is added to a list")
    }
}

extension Option where Value == Bool {
    /// `--staple`.
    fileprivate static var staple: Self {
        .flag("staple", help: "Mark it as a staple: `ours staples to-list` puts it back")
    }
}

extension CommandContext {
    /// What `ingredient add` and `ingredient edit` print.
    fileprivate func printIngredientChange(_ ingredient: KnownIngredient, _ outcome: Household.Outcome) {
        if json { return printJSON(ingredient.json.adding(outcome)) }
        let category = ingredient.category.map { "filed under \($0)" } ?? "no category"
        let staple = ingredient.staple ? "a staple" : "not a staple"
        switch outcome {
        case .unchanged: say("\(ingredient.name) was already so: \(category), \(staple).")
        case .created: say("Remembered \(ingredient.name): \(category), \(staple).")
        default: say("Updated \(ingredient.name): \(category), \(staple).")
        }
    }

    /// The ingredients as a table (or a JSON array): name, category, staple, uses.
    func showIngredients(_ ingredients: [KnownIngredient], staplesOnly: Bool) throws(OursError) {
        if json { return printJSON(.array(ingredients.map(\.json))) }
        if ingredients.isEmpty {
            return say(
                staplesOnly
                    ? "No staples yet: `ours ingredient edit NAME --staple`."
                    : "No ingredients yet: they are remembered once added to a list or a recipe.")
        }
        let rows = ingredients.map { [$0.name, $0.category ?? "", $0.staple ? "yes" : "", "\($0.uses)"] }
        console.out(Table.render(["INGREDIENT", "CATEGORY", "STAPLE", "USES"], rows))
    }
}
