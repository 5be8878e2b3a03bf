import OursHousehold
import OursSync

/// `ours recipes [--favorites] [--tag T] [--duplicates]`: the recipes, with servings and
/// ingredient counts; or the recipes that share a title, by title.
struct RecipesCommand: OursCommand {
    static let favorites: Option<Bool> = .flag("favorites", help: "Only the favourites")
    static let tag: Option<String?> = .value("tag", placeholder: "T", help: "Only the recipes with this tag")
    static let duplicates: Option<Bool> = .flag(
        "duplicates", help: "Only recipes that share a title with another, grouped by title")

    static let spec = Spec(
        "recipes", summary: "List the recipes",
        examples: ["ours recipes --favorites", "ours recipes --tag breakfast", "ours recipes --duplicates"],
        options: [favorites, tag, duplicates])

    let favoritesOnly: Bool
    var tag: String? = nil
    let duplicates: Bool

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(favoritesOnly: values[favorites], tag: values[tag], duplicates: values[duplicates])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let household = try context.household()
        if duplicates { return try showDuplicates(household, context) }
        if context.json {
            context.printJSON(.array(try household.recipes(favoritesOnly: favoritesOnly, tag: tag).map(\.json)))
            return 0
        }
        // Without a tag the list comes from the summary index; tags are read from each recipe.
        let recipes =
            try tag == nil
            ? household.recipeListings(favoritesOnly: favoritesOnly)
            : household.recipes(favoritesOnly: favoritesOnly, tag: tag).map(Household.RecipeListing.init)
        if recipes.isEmpty {
            context.say(
                tag.map { "No recipes tagged \($0)." }
                    ?? (favoritesOnly
                        ? "No favourites yet: `ours recipe favorite NAME`."
                        : "No recipes yet: `ours recipe add NAME` or `ours recipe import FILE`."))
            return 0
        }
        let rows = recipes.map { recipe in
            [recipe.name + (recipe.favorite ? " ★" : ""), recipe.servings.map(String.init) ?? "", "\(recipe.ingredientCount)"]
        }
        context.console.out(Table.render(["RECIPE", "SERVES", "INGREDIENTS"], rows))
        return 0
    }

    private func showDuplicates(_ household: Household, _ context: CommandContext) throws(OursError) -> Int32 {
        let wanted = Set(try household.recipes(favoritesOnly: favoritesOnly, tag: tag).map(\.id))
        let groups = try household.duplicateRecipes().map { group in group.filter { wanted.contains($0.id) } }
            .filter { $0.count > 1 }
        if context.json {
            var recipes: [JSONValue] = []
            for group in groups {
                for recipe in group {
                    let origin = try household.origin(of: recipe)
                    var object = recipe.json.objectValue ?? [:]
                    object["title"] = .string(group[0].name)
                    if let at = origin.at { object["addedAt"] = .string(UTCTime.iso8601(millis: at)) }
                    if let by = origin.by { object["addedBy"] = .string(by) }
                    recipes.append(.object(object))
                }
            }
            context.printJSON(.array(recipes))
            return 0
        }
        if groups.isEmpty {
            context.say("No two recipes share a title.")
            return 0
        }
        for group in groups {
            context.say(context.bold(group[0].name))
            var rows: [[String]] = []
            for recipe in group {
                let origin = try household.origin(of: recipe)
                rows.append([
                    "  " + recipe.id, origin.at.map { household.localTime($0) } ?? "", origin.by ?? "",
                    Phrase.count(recipe.ingredients.count, "ingredient"),
                ])
            }
            context.console.out(Table.render(["  ID", "ADDED", "BY", "INGREDIENTS"], rows))
        }
        context.say(
            context.dim("Tell them apart by id: `ours recipe show ID`; rename one with `ours recipe edit ID --name NEW`."))
        return 0
    }
}
