import OursSync

extension Household {
    /// What `add` did.
    public struct AddResult: Sendable {
        /// The list the items went on.
        public var list: GroceryList
        /// `.created` when the list was made for this, `.restored` when it was unarchived.
        public var listOutcome: Outcome
        /// Each item, with `.created`, `.restored` (it was checked: back on the list),
        /// `.updated` or `.unchanged` (already on the list as asked).
        public var items: [(item: GroceryItem, outcome: Outcome)]
        /// Items not brought back: `meals to-list` added them for the same meal before, and
        /// they were ticked off or removed since.
        public var settled: [GroceryItem] = []
    }

    /// Puts items on a list. An item already on the list is never duplicated: a checked one
    /// goes back on the list as a fresh need (its old quantities dropped), an unchecked one
    /// takes the quantity, category and note given, if any. Each item's ingredient is
    /// remembered: its use counted, the category given kept for next time, and a new item
    /// added without `category` filed under the category its ingredient last had.
    /// - Parameters:
    ///   - names: the items, as typed.
    ///   - listName: the list; `nil` for the default list. A list that does not exist is made.
    ///   - quantity, category, note: applied to every item named.
    public func add(
        _ names: [String], to listName: String? = nil, quantity: String? = nil, category: String? = nil, note: String? = nil
    ) throws(OursError) -> AddResult {
        var cleaned: [String] = []
        for name in names { cleaned.append(try Household.cleanName(name, what: "item")) }
        let quantity = quantity.map(NameKey.display).flatMap { $0.isEmpty ? nil : $0 }
        return try zone.write { () throws(OursError) -> AddResult in
            let (list, listOutcome) = try listForAdding(listName)
            var categoryName: String?
            if let category { categoryName = try addCategory(category).category.name }
            let known = try knownIngredients(cleaned)
            var result = AddResult(list: list, listOutcome: listOutcome, items: [])
            for name in cleaned {
                var given: [String: JSONValue?] = [:]
                if let quantity { given["qty"] = .string(quantity) }
                if let categoryName { given["category"] = .string(categoryName) }
                if let note { given["note"] = .string(note) }
                let ingredient = SemanticID.ingredient(named: name)
                let canonical = IngredientName.canonical(name)
                let ids = [name, canonical, Inflection.pluralPhrase(canonical)].map {
                    SemanticID.item(named: $0, onList: list.id)
                }
                result.items.append(
                    try putItem(
                        name, ids: ids, on: list, ingredient: ingredient, given: given,
                        remembered: known[ingredient]?.category))
            }
            try countUses(cleaned.map { ($0, categoryName) }, known: known)
            return result
        }
    }

    /// Puts one item on a list: the first of `ids` that is on it, else the first that was, else
    /// a new record under `ids[0]`.
    /// - Parameters:
    ///   - given: the fields asked for.
    ///   - remembered: the category to file a new item under when none is given.
    func putItem(
        _ name: String, ids: [String], on list: GroceryList, ingredient: String, given: [String: JSONValue?],
        remembered: String?
    ) throws(OursError) -> (item: GroceryItem, outcome: Outcome) {
        let (id, existing) = try locate(ids)
        let current = existing.flatMap { $0.isDeleted ? nil : GroceryItem($0) }
        var fields: [String: JSONValue?]
        let outcome: Outcome
        if let current, !current.checked {
            fields = given.filter { key, value in existing?.values[key] != value }
            outcome = fields.isEmpty ? .unchanged : .updated
        } else {
            fields = Household.freshNeed(name, on: list, existing: existing, isNew: current == nil)
            fields.merge(given) { $1 }
            fields.merge(try noting(.added, firstAdd: current == nil)) { $1 }
            if existing?.values["ingredient"] != .string(ingredient) { fields["ingredient"] = .string(ingredient) }
            if fields["category"] == nil, existing?.values["category"] == nil, let remembered {
                fields["category"] = .string(remembered)
            }
            outcome = current == nil ? .created : .restored
        }
        if !fields.isEmpty { try write(RecordTypes.item, id, fields) }
        return (try item(id: id) ?? GroceryItem(id: id, listID: list.id, name: name), outcome)
    }

    /// The first of `ids` whose record is live, else the first that exists (deleted), else the
    /// first id with no record.
    private func locate(_ ids: [String]) throws(OursError) -> (String, RecordSnapshot?) {
        var deleted: (String, RecordSnapshot)?
        for id in ids {
            guard let snapshot = try snapshot(RecordTypes.item, id) else { continue }
            if !snapshot.isDeleted { return (id, snapshot) }
            if deleted == nil { deleted = (id, snapshot) }
        }
        return deleted.map { ($0.0, $0.1) } ?? (ids[0], nil)
    }

    /// Adds what a recipe or planned meal needs to a list, as that source's share of each
    /// item (`from.<source>`): adding the same source again replaces its share, never doubles it.
    /// Lines of one ingredient ("2 cups Fresh Basil", "basil") are one item.
    /// - Parameters:
    ///   - ingredients: the lines, already scaled; lines naming the same thing are added up.
    ///   - source: whose share it is.
    ///   - settled: items the same source added before: left alone once ticked off or removed.
    func addNeeds(
        _ ingredients: [Ingredient], source: GroceryItem.Source, to listName: String?, settled: Set<String> = []
    ) throws(OursError) -> AddResult {
        var order: [String] = []
        var needs: [String: (name: String, canonical: String, total: QuantityTotal)] = [:]
        for ingredient in ingredients {
            let canonical = IngredientName.canonical(ingredient.name)
            guard !canonical.isEmpty else { continue }
            let id = SemanticID.ingredient(named: canonical)
            if needs[id] == nil {
                order.append(id)
                needs[id] = (IngredientName.display(ingredient.name), canonical, QuantityTotal())
            }
            if let quantity = ingredient.quantity { needs[id]!.total.add(quantity) }
        }
        return try zone.write { () throws(OursError) -> AddResult in
            let (list, listOutcome) = try listForAdding(listName)
            let known = try knownIngredients(order.map { needs[$0]!.canonical })
            var result = AddResult(list: list, listOutcome: listOutcome, items: [])
            var used: [(String, String?)] = []
            for id in order {
                let (name, canonical, total) = needs[id]!
                var share = source
                share.quantity = total.isEmpty ? nil : total.description
                let field = GroceryItem.sourcePrefix + source.key
                let ids = [canonical, name, Inflection.pluralPhrase(canonical)].map {
                    SemanticID.item(named: $0, onList: list.id)
                }
                let (itemID, existing) = try locate(ids)
                if settled.contains(itemID), let existing, existing.isDeleted || existing.values["checked"]?.boolValue == true,
                    let item = GroceryItem(existing)
                {
                    result.settled.append(item)
                    continue
                }
                let unchanged =
                    existing.map { !$0.isDeleted && $0.values["checked"]?.boolValue != true } == true
                    && existing?.values[field] == share.json
                let added =
                    unchanged
                    ? (try item(id: itemID) ?? GroceryItem(id: itemID, listID: list.id, name: name), Outcome.unchanged)
                    : try putItem(
                        name, ids: [itemID], on: list, ingredient: id, given: [field: share.json], remembered: known[id]?.category
                    )
                result.items.append(added)
                if added.1 != .unchanged { used.append((canonical, nil)) }
            }
            try countUses(used, known: known)
            return result
        }
    }

    /// The fields that put an item on a list as a new need: unchecked, without the quantities
    /// and recipe shares of what was bought before. A deleted item that comes back also loses
    /// its note; its category is remembered.
    static func freshNeed(_ name: String, on list: GroceryList, existing: RecordSnapshot?, isNew: Bool) -> [String: JSONValue?] {
        let shares = (existing?.values.keys).map { $0.filter { $0.hasPrefix(GroceryItem.sourcePrefix) } } ?? []
        var fields = clearing(["qty", "checkedAt", "checkedBy"] + shares + (isNew ? ["note"] : []), in: existing)
        if isNew {
            fields["name"] = .string(name)
            fields["list"] = .string(list.id)
        }
        fields["checked"] = false
        return fields
    }
}
