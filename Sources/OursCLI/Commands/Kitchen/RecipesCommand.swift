import OursHousehold
import OursSync

/// `ours recipes [--favorites]`: the recipes, with servings and ingredient counts.
struct RecipesCommand: OursCommand {
    static let favorites: Option<Bool> = .flag("favorites", help: "Only the favourites")

    static let spec = Spec("recipes", summary: "List the recipes", options: [favorites])

    let favoritesOnly: Bool

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(favoritesOnly: values[favorites])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let recipes = try context.household().recipes(favoritesOnly: favoritesOnly)
        if context.json {
            context.printJSON(.array(recipes.map(\.json)))
            return 0
        }
        if recipes.isEmpty {
            context.say(
                favoritesOnly
                    ? "No favourites yet: `ours recipe favorite NAME`."
                    : "No recipes yet: `ours recipe add NAME` or `ours recipe import FILE`.")
            return 0
        }
        let rows = recipes.map { recipe in
            [recipe.name + (recipe.favorite ? " ★" : ""), recipe.servings.map(String.init) ?? "", "\(recipe.ingredients.count)"]
        }
        context.console.out(Table.render(["RECIPE", "SERVES", "INGREDIENTS"], rows))
        return 0
    }
}
