import OursSync

extension Household {
    /// The ingredients `names` are, by ingredient id, for those the household knows (deleted
    /// ones included: using one again brings it back with what it remembered).
    func knownIngredients(_ names: [String]) throws(OursError) -> [String: KnownIngredient] {
        var result: [String: KnownIngredient] = [:]
        for name in names {
            let id = SemanticID.ingredient(named: name)
            guard result[id] == nil, let snapshot = try snapshot(RecordTypes.ingredient, id) else { continue }
            result[id] = KnownIngredient(snapshot)
        }
        return result
    }

    /// Counts one use of each ingredient named (once per command, however many lines name it),
    /// making its record on first use, and remembers the category given. Runs under the
    /// device lock: this device's counter is read and written in one step.
    /// - Parameter uses: each ingredient as written, and a category to remember.
    func countUses(_ uses: [(name: String, category: String?)], known: [String: KnownIngredient]) throws(OursError) {
        guard !uses.isEmpty else { return }
        let device = try zone.device.requireIdentity().deviceID.description
        var done: Set<String> = []
        for (name, category) in uses {
            let canonical = IngredientName.canonical(name)
            let id = SemanticID.ingredient(named: canonical)
            guard !canonical.isEmpty, done.insert(id).inserted else { continue }
            let existing = try snapshot(RecordTypes.ingredient, id)
            let ingredient = known[id] ?? existing.flatMap(KnownIngredient.init)
            let field = KnownIngredient.usesField(device)
            let own = existing?.values[field]?.intValue ?? 0
            var fields: [String: JSONValue?] = [field: JSONValue(own == .max ? own : own + 1)]
            if existing?.values["name"] == nil { fields["name"] = .string(canonical) }
            if let category, ingredient?.category != category { fields["category"] = .string(category) }
            try write(RecordTypes.ingredient, id, fields)
        }
    }

    /// Every ingredient the household remembers, by name.
    /// - Parameters:
    ///   - staplesOnly: only those marked as staples.
    ///   - category: only those filed under this category (any case).
    public func ingredients(staplesOnly: Bool = false, category: String? = nil) throws(OursError) -> [KnownIngredient] {
        try all(RecordTypes.ingredient).compactMap(KnownIngredient.init).filter { ingredient in
            (!staplesOnly || ingredient.staple)
                && category.map { wanted in ingredient.category.map { NameKey.matches($0, wanted) } ?? false } ?? true
        }
    }

    /// The ingredient a name means: an id, or a name however it is written ("Fresh Basil" is
    /// basil), or a unique beginning of one.
    /// - Throws: `.notFound` for an unknown name, `.usage` when several match.
    public func ingredient(named name: String) throws(OursError) -> KnownIngredient {
        try Household.ingredientResolver().resolve(name, in: try ingredients())
    }

    /// What to change of an ingredient; `nil` leaves it as it is.
    public struct IngredientChange: Sendable, Hashable {
        /// A category to file it under, or `.some(nil)` to forget its category.
        public var category: String??
        /// Whether it is a staple, bought again and again (`addStaplesToList`).
        public var staple: Bool?

        /// A change with these values; the defaults change nothing.
        public init(category: String?? = nil, staple: Bool? = nil) {
            self.category = category
            self.staple = staple
        }
    }

    /// Changes what the household remembers of an ingredient.
    /// - Returns: the ingredient and `.updated`, or `.unchanged` when it already was so.
    public func editIngredient(
        _ name: String, _ change: IngredientChange
    ) throws(OursError) -> (ingredient: KnownIngredient, outcome: Outcome) {
        try zone.write { () throws(OursError) -> (ingredient: KnownIngredient, outcome: Outcome) in
            var ingredient = try ingredient(named: name)
            var fields: [String: JSONValue?] = [:]
            if let category = change.category {
                let categoryName = try category.map { (text: String) throws(OursError) -> String in
                    try addCategory(text).category.name
                }
                if categoryName != ingredient.category { fields["category"] = categoryName.map { .string($0) } ?? .null }
                ingredient.category = categoryName
            }
            if let staple = change.staple, staple != ingredient.staple {
                fields["staple"] = .bool(staple)
                ingredient.staple = staple
            }
            guard !fields.isEmpty else { return (ingredient, .unchanged) }
            try write(RecordTypes.ingredient, ingredient.id, fields)
            return (ingredient, .updated)
        }
    }

    /// Remembers an ingredient before anyone uses it (to mark it a staple, or file it under a
    /// category), or changes one the household remembers, like `editIngredient`. One that was
    /// forgotten comes back with what it remembered. Not counted as a use.
    /// - Returns: the ingredient and `.created`, `.updated` or `.unchanged`.
    public func addIngredient(
        _ name: String, _ change: IngredientChange = IngredientChange()
    ) throws(OursError) -> (ingredient: KnownIngredient, outcome: Outcome) {
        let canonical = IngredientName.canonical(name)
        guard !canonical.isEmpty else { throw .usage("the ingredient needs a name") }
        let id = SemanticID.ingredient(named: canonical)
        return try zone.write { () throws(OursError) -> (ingredient: KnownIngredient, outcome: Outcome) in
            if try live(RecordTypes.ingredient, id) != nil { return try editIngredient(id, change) }
            let forgotten = try snapshot(RecordTypes.ingredient, id)
            try write(RecordTypes.ingredient, id, ["name": .string(forgotten?.name ?? canonical)])
            return (try editIngredient(id, change).ingredient, .created)
        }
    }

    /// Forgets an ingredient (a tombstone: using it again brings the same record back). Items
    /// and recipes that name it keep it.
    public func removeIngredient(_ name: String) throws(OursError) -> KnownIngredient {
        try zone.write { () throws(OursError) -> KnownIngredient in
            let ingredient = try ingredient(named: name)
            try zone.remove(key(RecordTypes.ingredient, ingredient.id))
            return ingredient
        }
    }

    /// Ingredients whose name, or a word of it, begins with `prefix` (any case and accents),
    /// most used first: for completion in a shell or an app.
    /// - Parameter limit: how many at most.
    public func suggestions(for prefix: String, limit: Int = 10) throws(OursError) -> [KnownIngredient] {
        let key = NameKey.normalize(prefix)
        let matching = try ingredients().filter { ingredient in
            let name = NameKey.normalize(ingredient.name)
            return key.isEmpty || name.hasPrefix(key) || name.contains(" " + key)
        }
        return Array(
            matching.sorted { a, b in
                let aStarts = NameKey.normalize(a.name).hasPrefix(key), bStarts = NameKey.normalize(b.name).hasPrefix(key)
                if aStarts != bStarts { return aStarts }
                if a.uses != b.uses { return a.uses > b.uses }
                return a.name < b.name
            }
            .prefix(max(0, limit)))
    }

    /// Puts every staple on a list that is not already on it, unticked: a ticked one comes
    /// back as a fresh need, one already unticked is left as it is. Not counted as a use.
    public func addStaplesToList(_ listName: String? = nil) throws(OursError) -> AddResult {
        try zone.write { () throws(OursError) -> AddResult in
            let (list, listOutcome) = try listForAdding(listName)
            var result = AddResult(list: list, listOutcome: listOutcome, items: [])
            let onList = Dictionary(grouping: try items(on: list), by: \.ingredientID)
            for staple in try ingredients(staplesOnly: true) {
                let there = onList[staple.id] ?? []
                if let unticked = there.first(where: { !$0.checked }) {
                    result.items.append((unticked, .unchanged))
                    continue
                }
                let ids = there.map(\.id) + [SemanticID.item(named: staple.name, onList: list.id)]
                result.items.append(
                    try putItem(staple.name, ids: ids, on: list, ingredient: staple.id, given: [:], remembered: staple.category))
            }
            return result
        }
    }

    /// The recipes that use an ingredient, by name.
    public func recipes(using ingredient: KnownIngredient) throws(OursError) -> [Recipe] {
        try recipes().filter { recipe in recipe.ingredients.contains { SemanticID.ingredient(named: $0.name) == ingredient.id } }
    }
}
