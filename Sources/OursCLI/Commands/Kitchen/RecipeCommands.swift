import OursHousehold
import OursSync

/// `ours recipe show NAME`: the recipe, for reading while cooking.
struct RecipeShowCommand: OursCommand {
    static let name: Argument<String> = .recipeName

    static let spec = Spec("show", summary: "Show a recipe", examples: ["ours recipe show Pancakes"], arguments: [name])

    let name: String

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(name: values[name])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let household = try context.household()
        let recipe = try household.recipe(named: name)
        if context.json {
            context.printJSON(recipe.json)
            return 0
        }
        context.say(context.bold(recipe.name) + (recipe.favorite ? " ★" : ""))
        if let description = recipe.description { context.say(description) }
        let times = [("Prep", recipe.prepTime), ("Cook", recipe.cookTime), ("Total", recipe.totalTime)].compactMap {
            label, time in
            time.map { "\(label) \(RecipeDuration.spoken($0))" }
        }
        let facts =
            [recipe.yield ?? recipe.servings.map { "Serves \($0)" }] + times.map { $0 } + [recipe.category, recipe.cuisine]
        let shown = facts.compactMap { $0 }
        if !shown.isEmpty { context.say(context.dim(shown.joined(separator: " · "))) }
        if !recipe.ingredients.isEmpty {
            context.say("\nIngredients")
            for (index, ingredient) in recipe.ingredients.enumerated() { context.say("  \(index + 1). " + ingredient.text) }
        }
        if !recipe.steps.isEmpty { context.say("\nSteps") }
        var number = 0
        for step in recipe.steps {
            if step.isSection {
                context.say("  " + context.bold(step.text))
                continue
            }
            number += 1
            context.say("  \(number). \(step.text)")
        }
        if let notes = recipe.notes { context.say("\nNotes\n  \(notes)") }
        if !recipe.photos.isEmpty {
            context.say("\nPhotos")
            context.sayPhotos(recipe.photos, in: household)
        }
        showDetails(recipe, household, context)
        return 0
    }

    /// Tags, nutrition, the source and who made it, below the recipe.
    private func showDetails(_ recipe: Recipe, _ household: Household, _ context: CommandContext) {
        var lines: [String] = []
        if !recipe.tags.isEmpty { lines.append("Tags: " + recipe.tags.joined(separator: ", ")) }
        if !recipe.nutrition.isEmpty {
            lines.append(
                "Nutrition: "
                    + recipe.nutrition.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        }
        if !recipe.authors.isEmpty { lines.append("By " + recipe.authors.joined(separator: ", ")) }
        if let url = recipe.url { lines.append("Source: " + url) }
        if let origin = try? household.origin(of: recipe), let at = origin.at {
            lines.append("Added \(household.localTime(at))" + (origin.by.map { " by \($0)" } ?? "") + " · id \(recipe.id)")
        }
        guard !lines.isEmpty else { return }
        context.say("")
        for line in lines { context.say(context.dim(line)) }
    }
}

/// `ours recipe favorite NAME`.
struct RecipeFavoriteCommand: OursCommand {
    static let name: Argument<String> = .recipeName

    static let spec = Spec(
        "favorite", summary: "Mark a recipe as a favourite", examples: ["ours recipe favorite Pancakes"], arguments: [name])

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

    static let spec = Spec(
        "unfavorite", summary: "Stop marking a recipe as a favourite", examples: ["ours recipe unfavorite Pancakes"],
        arguments: [name])

    let name: String

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(name: values[name])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        try context.setFavorite(name, false)
        return 0
    }
}

/// `ours recipe rm NAME [--yes]`: deletes a recipe; the meals planned with it stay, as text.
struct RecipeRemoveCommand: OursCommand {
    static let name: Argument<String> = .recipeName
    static let yes: Option<Bool> = .yes

    static let spec = Spec(
        "rm", aliases: ["delete", "remove"], summary: "Delete a recipe; --yes when meals are planned with it",
        discussion:
            "The meals planned with it stay planned, under its name as text. `ours restore recipe NAME` brings it back.",
        examples: ["ours recipe rm Toast", "ours recipe rm lasagne --yes"], arguments: [name], options: [yes])

    let name: String
    let yes: Bool

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(name: values[name], yes: values[yes])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let (recipe, meals) = try context.confirming(yes) { (confirmed) throws(OursError) in
            try context.household().deleteRecipe(name, confirmed: confirmed)
        }
        if context.json {
            context.printJSON(recipe.json.adding(["deleted": true, "meals": JSONValue(meals.count)]))
        } else {
            context.say(
                "Deleted the recipe \(recipe.name)"
                    + (meals.isEmpty
                        ? "."
                        : "; \(Phrase.count(meals.count, "planned meal")) \(meals.count == 1 ? "keeps" : "keep") its name, as text.")
            )
        }
        return 0
    }
}

/// `ours recipe export NAME`: the recipe as schema.org Recipe JSON-LD.
struct RecipeExportCommand: OursCommand {
    static let name: Argument<String> = .recipeName

    static let spec = Spec(
        "export", summary: "Print a recipe as schema.org Recipe JSON-LD",
        examples: ["ours recipe export Pancakes > pancakes.json"], arguments: [name])

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
