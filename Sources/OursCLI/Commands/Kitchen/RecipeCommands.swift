import OursHousehold
import OursSync

/// `ours recipe show NAME`: the recipe, for reading while cooking.
struct RecipeShowCommand: OursCommand {
    static let name: Argument<String> = .recipeName

    static let spec = Spec("show", summary: "Show a recipe", arguments: [name])

    let name: String

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(name: values[name])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let recipe = try context.household().recipe(named: name)
        if context.json {
            context.printJSON(recipe.json)
            return 0
        }
        context.say(context.bold(recipe.name) + (recipe.favorite ? " ★" : ""))
        if let description = recipe.description { context.say(description) }
        let facts = [
            recipe.yield ?? recipe.servings.map { "Serves \($0)" }, recipe.totalTime.map { "Total \($0)" }, recipe.url,
        ].compactMap { $0 }
        if !facts.isEmpty { context.say(context.dim(facts.joined(separator: " · "))) }
        if !recipe.ingredients.isEmpty {
            context.say("\nIngredients")
            for ingredient in recipe.ingredients { context.say("  " + ingredient.text) }
        }
        if !recipe.steps.isEmpty {
            context.say("\nSteps")
            for (index, step) in recipe.steps.enumerated() { context.say("  \(index + 1). \(step)") }
        }
        if let notes = recipe.notes { context.say("\nNotes\n  \(notes)") }
        return 0
    }
}

/// `ours recipe favorite NAME`.
struct RecipeFavoriteCommand: OursCommand {
    static let name: Argument<String> = .recipeName

    static let spec = Spec("favorite", summary: "Mark a recipe as a favourite", arguments: [name])

    let name: String

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(name: values[name])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        try context.setFavorite(name, true)
        return 0
    }
}

/// `ours recipe unfavorite NAME`.
struct RecipeUnfavoriteCommand: OursCommand {
    static let name: Argument<String> = .recipeName

    static let spec = Spec("unfavorite", summary: "Stop marking a recipe as a favourite", arguments: [name])

    let name: String

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(name: values[name])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        try context.setFavorite(name, false)
        return 0
    }
}

/// `ours recipe export NAME`: the recipe as schema.org Recipe JSON-LD.
struct RecipeExportCommand: OursCommand {
    static let name: Argument<String> = .recipeName

    static let spec = Spec("export", summary: "Print a recipe as schema.org Recipe JSON-LD", arguments: [name])

    let name: String

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(name: values[name])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        context.printJSON(SchemaOrgRecipe.export(try context.household().recipe(named: name)))
        return 0
    }
}

extension CommandContext {
    /// Marks a recipe as a favourite or not, and says so.
    fileprivate func setFavorite(_ name: String, _ favorite: Bool) throws(OursError) {
        let (recipe, outcome) = try household().setFavorite(name, favorite)
        if json { return printJSON(recipe.json.adding(outcome)) }
        switch (favorite, outcome) {
        case (true, .unchanged): say("\(recipe.name) is already a favourite.")
        case (true, _): say("\(recipe.name) is now a favourite ★.")
        case (false, .unchanged): say("\(recipe.name) was not a favourite.")
        case (false, _): say("\(recipe.name) is no longer a favourite.")
        }
    }
}
