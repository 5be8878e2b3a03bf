import OursSync

/// One line of a consolidated shopping list: everything needed of one thing, across lists,
/// recipes and planned meals.
public struct ConsolidatedLine: Sendable, Hashable {
    /// The name most of its items have.
    public var name: String
    /// Everything needed, added up: the items' own quantities and what recipes and meals need.
    public var total: QuantityTotal
    /// The category of the first of its items that has one; `nil` when none has.
    public var category: String?
    /// The names of the lists it is on.
    public var lists: [String]
    /// The items it stands for.
    public var itemIDs: [String]
    /// The recipes that need it.
    public var recipes: [String]
    /// The ingredient it is.
    public var ingredientID: String

    /// `{"name", "ingredient", "qty"?, "category"?, "lists", "recipes", "items"}`.
    package var json: JSONValue {
        var object: [String: JSONValue] = [
            "name": .string(name), "lists": .array(lists.map { .string($0) }), "recipes": .array(recipes.map { .string($0) }),
            "items": .array(itemIDs.map { .string($0) }), "ingredient": .string(ingredientID),
        ]
        if !total.isEmpty { object["qty"] = .string(total.description) }
        if let category { object["category"] = .string(category) }
        return .object(object)
    }
}

/// Merges the unchecked items of several lists: items of one ingredient ("basil" and the
/// "Fresh Basil" a recipe put there, "egg" and "eggs") become one line whose quantities are
/// added — "2 cups" and "1 cup" make "3 cups", "500 g" and "1 kg" make "1.5 kg".
enum Consolidation {
    static func lines(_ entries: [(item: GroceryItem, list: GroceryList)]) -> [ConsolidatedLine] {
        var order: [String] = []
        var groups: [String: ConsolidatedLine] = [:]
        var names: [String: [String: Int]] = [:]
        for (item, list) in entries where !item.checked {
            let key = item.ingredientID
            if groups[key] == nil { order.append(key) }
            var line =
                groups[key]
                ?? ConsolidatedLine(
                    name: item.name, total: QuantityTotal(), category: nil, lists: [], itemIDs: [], recipes: [], ingredientID: key
                )
            line.total.add(item.total)
            if line.category == nil { line.category = item.category }
            if !line.lists.contains(list.name) { line.lists.append(list.name) }
            line.itemIDs.append(item.id)
            for recipe in item.sources.compactMap(\.recipe) where !line.recipes.contains(recipe) { line.recipes.append(recipe) }
            groups[key] = line
            names[key, default: [:]][item.name, default: 0] += 1
        }
        for key in order {
            // The name most of its items have; of those, the first seen.
            let counts = names[key] ?? [:]
            let best = counts.values.max() ?? 0
            if let name = groups[key]?.itemNames(in: entries).first(where: { counts[$0] == best }) { groups[key]?.name = name }
        }
        return order.compactMap { groups[$0] }
            .map { line in
                (line, [line.category == nil ? "1" : "0", NameKey.normalize(line.category ?? ""), NameKey.normalize(line.name)])
            }
            .sorted { $0.1.lexicographicallyPrecedes($1.1) }
            .map(\.0)
    }
}

extension ConsolidatedLine {
    /// The names of this line's items, in the order of `entries`.
    fileprivate func itemNames(in entries: [(item: GroceryItem, list: GroceryList)]) -> [String] {
        entries.filter { itemIDs.contains($0.item.id) }.map(\.item.name)
    }
}
