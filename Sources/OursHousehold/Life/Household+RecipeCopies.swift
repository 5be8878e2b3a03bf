import OursSync

// A recipe keeps each ingredient and step in a field of its own and, for older versions, the
// same lists as the arrays `ingredients` and `steps`. When two devices edit different elements
// at once, each also writes its own copy of the array: the engine keeps one copy and lists the
// other as a conflict, although the elements hold both edits and nothing was lost. Such
// conflicts are left out of `conflicts()`, and the next write of the recipe settles them.
extension Household {
    /// Every value that lost to a concurrent edit, newest first, as the engine lists them, but
    /// without the conflicts between copies of a recipe's lists that are only noise
    /// (`isListCopyNoise`).
    public func conflicts() throws(OursError) -> [Conflict] {
        var states: [RecordKey: RecordState] = [:]
        var result: [Conflict] = []
        for conflict in try zone.conflicts() {
            if conflict.key.type == RecordTypes.recipe, let field = conflict.field, Recipe.listCopies[field] != nil {
                if states[conflict.key] == nil { states[conflict.key] = try zone.state(of: conflict.key) }
                if let state = states[conflict.key], Household.isListCopyNoise(conflict, in: state) { continue }
            }
            result.append(conflict)
        }
        return result
    }

    /// Whether a conflict on a recipe's `ingredients` or `steps` array is only between copies
    /// of its elements: the losing write wrote that list's element fields too (so its edit is
    /// in them), and the recipe is read from its elements rather than from an array an older
    /// version wrote after them (then the conflict is real, and listed).
    static func isListCopyNoise(_ conflict: Conflict, in state: RecordState) -> Bool {
        guard conflict.kind == .value, let field = conflict.field, let prefix = Recipe.listCopies[field] else { return false }
        let wroteElements = state.fields.contains { name, register in
            name.hasPrefix(prefix)
                && register.entries.contains { entry in
                    entry.stamp == conflict.stamp || entry.replaced.contains { $0.stamp == conflict.stamp }
                }
        }
        guard wroteElements, let recipe = Recipe(state) else { return false }
        let slots = field == "ingredients" ? recipe.ingredientSlots : recipe.stepSlots
        return slots.contains { $0 != nil }
    }

    /// Writes fields of a recipe. When its arrays for older versions conflict only as noise,
    /// they are written again from `recipe`'s lists, which supersedes both copies everywhere.
    func writeRecipe(_ recipe: Recipe, _ fields: [String: JSONValue?]) throws(OursError) {
        var fields = fields
        if let state = try zone.state(of: key(RecordTypes.recipe, recipe.id)) {
            for conflict in state.conflicts where Household.isListCopyNoise(conflict, in: state) {
                guard let field = conflict.field, fields.index(forKey: field) == nil else { continue }
                fields.updateValue(recipe.listCopies[field] ?? nil, forKey: field)
            }
        }
        if !fields.isEmpty { try write(RecordTypes.recipe, recipe.id, fields) }
    }
}
