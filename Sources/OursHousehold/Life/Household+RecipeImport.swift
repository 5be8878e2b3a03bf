import OursSync

extension Household {
    /// Imports every schema.org Recipe in a JSON-LD document.
    ///
    /// A recipe already here — the same title and the same source address, or the same
    /// ingredients and steps — is updated from the file (`.unchanged` when nothing differs, so
    /// importing a file twice changes nothing). A *different* recipe whose title is taken is
    /// refused unless `sameTitle` says otherwise; then nothing in the file is imported.
    public func importRecipes(
        _ bytes: [UInt8], source: String, sameTitle: SameTitle = .refuse
    ) throws(OursError) -> [(recipe: Recipe, outcome: Outcome)] {
        let parsed = try SchemaOrgRecipe.parse(bytes, source: source)
        return try zone.write { () throws(OursError) -> [(recipe: Recipe, outcome: Outcome)] in
            let known = try recipes()
            var plan: [(recipe: Recipe, existing: Recipe?, outcome: Outcome)] = []
            for recipe in parsed {
                let taken = known.filter { RecipeTitle.same($0.name, recipe.name) }
                if let same = taken.first(where: { recipe.isSameSource(as: $0) }) {
                    plan.append((recipe, same, .updated))
                } else if taken.isEmpty || sameTitle == .keepBoth {
                    plan.append((recipe, nil, .created))
                } else if sameTitle == .replace, taken.count == 1 {
                    plan.append((recipe, taken[0], .replaced))
                } else {
                    throw try titleTaken(recipe.name, by: taken)
                }
            }
            var results: [(recipe: Recipe, outcome: Outcome)] = []
            for (recipe, existing, outcome) in plan {
                guard let existing else {
                    results.append((try create(recipe), .created))
                    continue
                }
                results.append(try update(existing, from: recipe, outcome: outcome))
            }
            return results
        }
    }

    /// Updates a recipe from an import of the same recipe.
    private func update(
        _ existing: Recipe, from recipe: Recipe, outcome: Outcome
    ) throws(OursError) -> (recipe: Recipe, outcome: Outcome) {
        var updated = existing
        updated.take(recipe)
        let fields = updated.fields(replacing: try snapshot(RecordTypes.recipe, existing.id))
        guard !fields.isEmpty else { return (existing, .unchanged) }
        try writeRecipe(updated, fields)
        try countRecipeUses(updated)
        return (updated, outcome)
    }
}

extension Recipe {
    /// Whether an imported recipe is this one again: the same source address, or the same
    /// ingredients and steps.
    func isSameSource(as other: Recipe) -> Bool {
        if let url, let otherURL = other.url, url == otherURL { return true }
        return hasSameContent(as: other)
    }
}
