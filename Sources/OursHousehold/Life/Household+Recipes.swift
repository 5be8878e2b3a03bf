import OursSync

extension Household {
    /// The recipes, by name.
    public func recipes(favoritesOnly: Bool = false) throws(OursError) -> [Recipe] {
        try all(RecordTypes.recipe).compactMap(Recipe.init).filter { !favoritesOnly || $0.favorite }
    }

    /// The recipe a name means (any case; a unique beginning will do).
    /// - Throws: `.notFound` for an unknown name, `.usage` when several recipes match.
    public func recipe(named name: String) throws(OursError) -> Recipe {
        if let recipe = try live(RecordTypes.recipe, SemanticID.recipe(named: name)).flatMap(Recipe.init),
            NameKey.matches(recipe.name, name)
        {
            return recipe
        }
        return try NameMatch.find(
            name, in: try recipes(), name: \.name, what: "recipe",
            hint: "`ours recipes` lists them; `ours recipe add NAME` adds one.")
    }

    /// Adds a recipe from ingredient lines as typed.
    /// - Parameter replace: whether a recipe of the same name is replaced (its favourite mark
    ///   stays); without it, an existing name is refused.
    /// - Returns: the recipe and `.created` or `.replaced`.
    /// - Throws: `.failed` (exit 1) when the recipe exists and `replace` is false.
    public func addRecipe(
        named name: String, ingredients lines: [String], servings: Int? = nil, replace: Bool = false
    ) throws(OursError) -> (recipe: Recipe, outcome: Outcome) {
        let name = try Household.cleanName(name, what: "recipe")
        let ingredients = lines.map(NameKey.display).filter { !$0.isEmpty }.map(Ingredient.init(parsing:))
        return try save(Recipe(name: name, ingredients: ingredients, servings: servings), replace: replace)
    }

    /// Saves a whole recipe under its semantic id.
    public func save(_ recipe: Recipe, replace: Bool) throws(OursError) -> (recipe: Recipe, outcome: Outcome) {
        try zone.device.withLock { () throws(OursError) -> (recipe: Recipe, outcome: Outcome) in
            var recipe = recipe
            let existing = try snapshot(RecordTypes.recipe, recipe.id)
            let current = existing.flatMap { $0.isDeleted ? nil : Recipe($0) }
            if let current {
                guard replace else {
                    throw .failed(
                        "there is already a recipe called \"\(current.name)\"",
                        hint: "Add --force to replace it, or pick another name.")
                }
                recipe.favorite = current.favorite
            }
            let fields = recipe.fields.filter { $0.value != nil || existing?.values[$0.key] != nil }
            try write(RecordTypes.recipe, recipe.id, fields)
            let names = recipe.ingredients.map(\.name)
            try countUses(names.map { ($0, nil) }, known: try knownIngredients(names))
            return (recipe, current == nil ? .created : .replaced)
        }
    }

    /// Imports every schema.org Recipe in a JSON-LD document; a recipe of the same name is
    /// updated (importing the same file twice changes nothing).
    public func importRecipes(_ bytes: [UInt8], source: String) throws(OursError) -> [(recipe: Recipe, outcome: Outcome)] {
        var results: [(recipe: Recipe, outcome: Outcome)] = []
        for recipe in try SchemaOrgRecipe.parse(bytes, source: source) {
            results.append(try save(recipe, replace: true))
        }
        return results
    }

    /// Marks a recipe as a favourite, or not.
    public func setFavorite(_ name: String, _ favorite: Bool) throws(OursError) -> (recipe: Recipe, outcome: Outcome) {
        var recipe = try recipe(named: name)
        guard recipe.favorite != favorite else { return (recipe, .unchanged) }
        try write(RecordTypes.recipe, recipe.id, ["favorite": .bool(favorite)])
        recipe.favorite = favorite
        return (recipe, .updated)
    }

    /// Adds a recipe's ingredients to a list, scaled to `servings`, as the recipe's share of
    /// each item: doing it again replaces that share instead of doubling it.
    public func addRecipeToList(
        _ name: String, list listName: String? = nil, servings: Int? = nil
    ) throws(OursError) -> (recipe: Recipe, result: AddResult) {
        let recipe = try recipe(named: name)
        let ingredients = try recipe.ingredients(forServings: servings)
        let source = GroceryItem.Source(key: recipe.id, recipe: recipe.name, recipeID: recipe.id, quantity: nil)
        return (recipe, try addNeeds(ingredients, source: source, to: listName))
    }
}
