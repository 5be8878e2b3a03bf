import OursSync

/// Listings answered from the replica's summary index (`Zone.summaries(ofType:)`): what the
/// lists, recipes and tasks commands show, without reading every record of the household. A
/// record whose summary cannot settle something (an item without a name, a recipe whose two
/// stored ingredient lists differ in length) is read whole.
extension Household {
    /// How many items of a list are still to buy and how many are ticked off.
    public struct ItemCounts: Sendable, Equatable {
        /// Items not ticked off.
        public var open: Int
        /// Items ticked off.
        public var checked: Int
    }

    /// The item counts of each of `lists`, by list id (a list without items is absent).
    public func itemCounts(on lists: [GroceryList]) throws(OursError) -> [String: ItemCounts] {
        let wanted = Set(lists.map(\.id))
        var counts: [String: ItemCounts] = [:]
        func add(_ listID: String, checked: Bool, _ count: Int = 1) {
            guard wanted.contains(listID) else { return }
            var counted = counts[listID] ?? ItemCounts(open: 0, checked: 0)
            if checked { counted.checked += count } else { counted.open += count }
            counts[listID] = counted
        }
        let groups = try zone.summaryGroups(ofType: RecordTypes.item, by: ["list", "checked"], requiring: "name")
        for (values, count) in groups.counts {
            add(values[0]?.stringValue ?? GroceryList.defaultID, checked: values[1]?.boolValue ?? false, count)
        }
        // Without a name the summary cannot tell whether it is an item at all (`GroceryItem.init`).
        for key in groups.unsettled {
            guard let snapshot = try zone.get(key), !snapshot.isDeleted, let item = GroceryItem(snapshot) else { continue }
            add(item.listID, checked: item.checked)
        }
        return counts
    }

    /// The items on each of `lists`, by list id, in shopping order. Reads only the items whose
    /// summary puts them on one of the lists (or cannot tell).
    public func items(on lists: [GroceryList]) throws(OursError) -> [String: [GroceryItem]] {
        guard !lists.isEmpty else { return [:] }
        var values: [JSONValue?] = lists.map { .string($0.id) }
        if lists.contains(where: { $0.id == GroceryList.defaultID }) { values.append(nil) }  // no list: the default one
        let keys = try zone.summaryKeys(ofType: RecordTypes.item, where: "list", isAnyOf: values, orLacking: "name")
        let wanted = Set(lists.map(\.id))
        var result: [String: [GroceryItem]] = [:]
        for key in keys {
            guard let snapshot = try zone.get(key), !snapshot.isDeleted, let item = GroceryItem(snapshot),
                wanted.contains(item.listID)
            else { continue }
            result[item.listID, default: []].append(item)
        }
        return result.mapValues(Household.inShoppingOrder)
    }

    /// A recipe as the recipe list shows it.
    public struct RecipeListing: Sendable, Equatable, Identifiable {
        /// The recipe's id.
        public var id: String
        /// Its title.
        public var name: String
        /// Whether it is a favourite.
        public var favorite: Bool
        /// How many it serves, when known.
        public var servings: Int?
        /// How many ingredients it lists.
        public var ingredientCount: Int

        /// A listing of these facts.
        public init(id: String, name: String, favorite: Bool, servings: Int?, ingredientCount: Int) {
            (self.id, self.name, self.favorite, self.servings, self.ingredientCount) = (
                id, name, favorite, servings, ingredientCount
            )
        }

        /// The listing of a whole recipe.
        public init(_ recipe: Recipe) {
            self.init(
                id: recipe.id, name: recipe.name, favorite: recipe.favorite, servings: recipe.servings,
                ingredientCount: recipe.ingredients.count)
        }
    }

    /// The recipes as the recipe list shows them, by title: the same recipes as `recipes(favoritesOnly:)`.
    public func recipeListings(favoritesOnly: Bool = false) throws(OursError) -> [RecipeListing] {
        var result: [RecipeListing] = []
        var planned: Set<String>?
        for summary in try zone.summaries(ofType: RecordTypes.recipe) {
            if summary.isDeleted {
                if planned == nil { planned = try plannedRecipeIDs() }
                guard planned?.contains(summary.key.id) == true else { continue }
            }
            let values = summary.values
            guard let name = values["name"]?.stringValue else { continue }
            let favorite = values["favorite"]?.boolValue ?? false
            guard !favoritesOnly || favorite else { continue }
            // The element fields, else the array older versions read. When both are there and
            // differ in length, the recipe's own rule decides which is read (`Recipe+Storage`).
            // (Entries that are not ingredients at all, which only a hand edit leaves, are
            // counted here and skipped by the recipe.)
            let elements = values["#ingredient."]?.intValue ?? 0
            let copy = values["#ingredients"]?.intValue  // `nil`: no array at all
            var count = elements == 0 ? copy ?? 0 : elements
            if elements != 0, let copy, elements != copy {
                guard let state = try zone.state(of: summary.key), let recipe = Recipe(state) else { continue }
                count = recipe.ingredients.count
            }
            result.append(
                RecipeListing(
                    id: summary.key.id, name: name, favorite: favorite, servings: values["servings"]?.intValue,
                    ingredientCount: count))
        }
        return NameKey.sortedByName(result, name: \.name, id: \.id)
    }
}
