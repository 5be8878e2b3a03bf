import OursSync

extension Household {
    /// What to do when a recipe's title is already taken ("Banana Bread!" and "banana bread"
    /// are the same title, see `RecipeTitle`).
    public enum SameTitle: Sendable {
        /// Fail, naming the recipe that has it (the default).
        case refuse
        /// Keep both: the new one is a recipe of its own.
        case keepBoth
        /// Write the new one over the one that has the title (its favourite mark, tags added
        /// by hand and when it was made are kept).
        case replace
    }

    /// The recipes, by name, with those a planned meal keeps in view after a deletion.
    /// - Parameters:
    ///   - favoritesOnly: only the favourites.
    ///   - tag: only those with this tag (any case).
    public func recipes(favoritesOnly: Bool = false, tag: String? = nil) throws(OursError) -> [Recipe] {
        var result: [Recipe] = []
        var planned: Set<String>?
        for key in try zone.replica.keys(ofType: RecordTypes.recipe) {
            guard let state = try zone.state(of: key) else { continue }
            if state.isDeleted {
                if planned == nil { planned = try plannedRecipeIDs() }
                guard planned?.contains(key.id) == true else { continue }
            }
            guard let recipe = Recipe(state) else { continue }
            guard !favoritesOnly || recipe.favorite else { continue }
            if let tag, !recipe.tags.contains(where: { NameKey.matches($0, tag) }) { continue }
            result.append(recipe)
        }
        return NameKey.sortedByName(result, name: \.name, id: \.id)
    }

    /// Recipes that share a title, each group oldest first; groups by title.
    public func duplicateRecipes() throws(OursError) -> [[Recipe]] {
        let groups = Dictionary(grouping: try recipes(), by: { RecipeTitle.key($0.name) }).values.filter { $0.count > 1 }
        var result: [[Recipe]] = []
        for group in groups {
            var dated: [(Recipe, Int64)] = []
            for recipe in group { dated.append((recipe, try origin(of: recipe).at ?? .max)) }
            result.append(dated.sorted { ($0.1, $0.0.id) < ($1.1, $1.0.id) }.map(\.0))
        }
        return result.sorted { NameKey.normalize($0[0].name) < NameKey.normalize($1[0].name) }
    }

    /// The recipe a name or an id means (any case and punctuation; a unique beginning will
    /// do). Two recipes with the same title are told apart by id.
    /// - Throws: `.notFound` for an unknown name, `.usage` when several recipes match.
    public func recipe(named name: String) throws(OursError) -> Recipe {
        try recipeResolver().resolve(name, in: try recipes())
    }

    /// The recipe a planned meal's text names exactly (its title in any case, spacing and
    /// punctuation), or its id; `nil` when it names none, so the text is planned as it is.
    /// - Throws: `.usage` when two recipes have that title (the id tells them apart).
    public func recipe(exactlyNamed text: String) throws(OursError) -> Recipe? {
        try recipeResolver().resolveExactly(text, in: try recipes())
    }

    /// When a recipe was made and by whom (a name): its `createdAt` and `createdBy`, or for one
    /// made by an older version, the stamp of its title and the member whose device wrote it.
    public func origin(of recipe: Recipe) throws(OursError) -> (at: Int64?, by: String?) {
        let manifest = try zone.manifest()
        if let createdAt = recipe.createdAt {
            let by =
                recipe.createdBy.flatMap { manifest.participants[$0]?.name }
                ?? recipe.createdBy.flatMap { id in
                    (try? members())?.first { $0.id == id }?.name
                }
            return (createdAt, by)
        }
        guard let stamp = try zone.state(of: key(RecordTypes.recipe, recipe.id))?.fields["name"]?.winner.stamp else {
            return (nil, nil)
        }
        let by =
            manifest.participant(forDevice: stamp.device)?.name
            ?? (try? zone.device.identity())?.flatMap { identity in
                identity.deviceID == stamp.device ? identity.name : nil
            }
        return (stamp.millis, by)
    }

    /// `Pancakes (id 3k9x…, added Fri 2025-03-14 by Sarah)`.
    func describe(_ recipe: Recipe) throws(OursError) -> String {
        "\(recipe.name) (\(try originLabel(of: recipe)))"
    }

    /// `id 3k9x…, added Fri 2025-03-14 by Sarah`: what tells a recipe from another of its title.
    func originLabel(of recipe: Recipe) throws(OursError) -> String {
        let (at, by) = try origin(of: recipe)
        let when = at.map { "added \(localTime($0).prefix(14))" } ?? ""
        let who = by.map { (when.isEmpty ? "added" : "") + " by \($0)" } ?? ""
        return "id \(recipe.id)\(when.isEmpty && who.isEmpty ? "" : ", ")\(when)\(who)"
    }

    /// Adds a recipe from ingredient lines and steps as typed.
    /// - Parameters:
    ///   - photos: files to keep with it (paths), each as an attachment, copied before the
    ///     recipe is written.
    ///   - sameTitle: what to do when a recipe has the title already.
    /// - Returns: the recipe and `.created` or `.replaced`.
    /// - Throws: `.failed` (exit 1) naming the recipe that has the title, when `sameTitle` is
    ///   `.refuse` (before any photo is copied); `.notFound`/`.usage` for a photo that cannot
    ///   be read or passes the attachment size limit.
    public func addRecipe(
        named name: String, ingredients lines: [String], servings: Int? = nil, steps: [String] = [],
        photos: [String] = [], sameTitle: SameTitle = .refuse
    ) throws(OursError) -> (recipe: Recipe, outcome: Outcome) {
        let name = try Household.cleanName(name, what: "recipe")
        let ingredients = lines.map(NameKey.display).filter { !$0.isEmpty }.map(Ingredient.init(parsing:))
        let steps = steps.map(NameKey.display).filter { !$0.isEmpty }.map { RecipeStep($0) }
        var recipe = Recipe(name: name, ingredients: ingredients, servings: servings, steps: steps)
        if !photos.isEmpty, sameTitle == .refuse {
            let taken = try recipes().filter { RecipeTitle.same($0.name, name) }
            if !taken.isEmpty { throw try titleTaken(name, by: taken) }
        }
        recipe.photos = try addPhotos(photos)
        return try save(recipe, sameTitle: sameTitle)
    }

    /// Saves a new recipe, or writes it over the one with its title when `sameTitle` says so.
    public func save(_ recipe: Recipe, sameTitle: SameTitle) throws(OursError) -> (recipe: Recipe, outcome: Outcome) {
        try zone.write { () throws(OursError) -> (recipe: Recipe, outcome: Outcome) in
            let taken = try recipes().filter { RecipeTitle.same($0.name, recipe.name) && $0.id != recipe.id }
            switch sameTitle {
            case .refuse where !taken.isEmpty: throw try titleTaken(recipe.name, by: taken)
            case .replace where taken.count == 1: return (try replace(taken[0], with: recipe), .replaced)
            case .replace where taken.count > 1:
                throw .usage(
                    "several recipes are called \"\(recipe.name)\": "
                        + (try taken.map { (recipe) throws(OursError) -> String in try describe(recipe) }).joined(separator: "; "),
                    hint: "Rename or delete all but one, or add this one with --as-new.")
            default: return (try create(recipe), .created)
            }
        }
    }

    /// The error for a title that is taken: which recipe has it, when and by whom it was made.
    func titleTaken(
        _ title: String, by taken: [Recipe], hint: String = "Add --as-new to keep both, or --replace to write this one over it."
    ) throws(OursError) -> OursError {
        let named = try taken.map { (recipe) throws(OursError) -> String in try describe(recipe) }
        return .failed(
            taken.count == 1
                ? "there is already a recipe called \(named[0])"
                : "there are already \(taken.count) recipes called \"\(title)\": \(named.joined(separator: "; "))",
            hint: hint)
    }

    /// Writes a new recipe record, noting who made it and counting its ingredients' use.
    func create(_ recipe: Recipe) throws(OursError) -> Recipe {
        var recipe = recipe
        recipe.createdAt = nowMillis
        recipe.createdBy = try me()
        try write(RecordTypes.recipe, recipe.id, recipe.fields(replacing: nil))
        try countRecipeUses(recipe)
        return recipe
    }

    /// Writes `recipe` over `existing`, keeping its id, favourite mark, when and by whom it was
    /// made, and its tags.
    func replace(_ existing: Recipe, with recipe: Recipe) throws(OursError) -> Recipe {
        var replacement = existing
        replacement.take(recipe)
        replacement.notes = recipe.notes
        let stored = try snapshot(RecordTypes.recipe, existing.id)
        let fields = replacement.fields(replacing: stored)
        if !fields.isEmpty {
            try writeRecipe(replacement, fields)
            try countRecipeUses(replacement)
        }
        return replacement
    }

    func countRecipeUses(_ recipe: Recipe) throws(OursError) {
        let names = recipe.ingredients.map(\.name)
        try countUses(names.map { ($0, nil) }, known: try knownIngredients(names))
    }

    /// Marks a recipe as a favourite, or not.
    public func setFavorite(_ name: String, _ favorite: Bool) throws(OursError) -> (recipe: Recipe, outcome: Outcome) {
        var recipe = try recipe(named: name)
        guard recipe.favorite != favorite else { return (recipe, .unchanged) }
        try writeRecipe(recipe, ["favorite": .bool(favorite)])
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

extension Recipe {
    /// Takes what an import or a replacement brings: everything but the favourite mark, the
    /// notes, when and by whom it was made, and tags (the new ones are added).
    mutating func take(_ other: Recipe) {
        name = other.name
        ingredients = other.ingredients
        steps = other.steps
        servings = other.servings
        yield = other.yield
        description = other.description
        url = other.url ?? url
        image = other.image
        if !other.photos.isEmpty { photos = other.photos }
        authors = other.authors
        prepTime = other.prepTime
        cookTime = other.cookTime
        totalTime = other.totalTime
        category = other.category
        cuisine = other.cuisine
        nutrition = other.nutrition
        for tag in other.tags where !tags.contains(where: { NameKey.matches($0, tag) }) { tags.append(tag) }
    }
}
