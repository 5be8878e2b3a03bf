import OursSync

/// One line of a consolidated shopping list: everything needed of one thing, across lists,
/// recipes and planned meals.
public struct ConsolidatedLine: Sendable, Hashable {
    public var name: String
    public var total: QuantityTotal
    public var category: String?
    /// The names of the lists it is on.
    public var lists: [String]
    /// The items it stands for.
    public var itemIDs: [String]
    /// The recipes that need it.
    public var recipes: [String]

    /// `{"name", "qty"?, "category"?, "lists", "recipes", "items"}`.
    public var json: JSONValue {
        var object: [String: JSONValue] = [
            "name": .string(name), "lists": .array(lists.map { .string($0) }), "recipes": .array(recipes.map { .string($0) }),
            "items": .array(itemIDs.map { .string($0) }),
        ]
        if !total.isEmpty { object["qty"] = .string(total.description) }
        if let category { object["category"] = .string(category) }
        return .object(object)
    }
}

/// Merges the unchecked items of several lists: the same thing (by normalized name, and a
/// plural with its singular: "egg" and "eggs") becomes one line whose quantities are added —
/// "2 cups" and "1 cup" make "3 cups", "500 g" and "1 kg" make "1.5 kg".
public enum Consolidation {
    public static func lines(_ entries: [(item: GroceryItem, list: GroceryList)]) -> [ConsolidatedLine] {
        var groups: [String: ConsolidatedLine] = [:]
        for (item, list) in entries where !item.checked {
            let key = NameKey.normalize(item.name)
            var line =
                groups[key]
                ?? ConsolidatedLine(name: item.name, total: QuantityTotal(), category: nil, lists: [], itemIDs: [], recipes: [])
            line.total.add(item.total)
            if line.category == nil { line.category = item.category }
            if !line.lists.contains(list.name) { line.lists.append(list.name) }
            line.itemIDs.append(item.id)
            for recipe in item.sources.compactMap(\.recipe) where !line.recipes.contains(recipe) { line.recipes.append(recipe) }
            groups[key] = line
        }
        for key in groups.keys.sorted(by: >) {
            guard let singular = singularKey(key, in: groups), let plural = groups.removeValue(forKey: key) else { continue }
            var line = groups[singular]!
            line.total.add(plural.total)
            line.name = plural.name
            line.category = line.category ?? plural.category
            line.lists += plural.lists.filter { !line.lists.contains($0) }
            line.itemIDs += plural.itemIDs
            line.recipes += plural.recipes.filter { !line.recipes.contains($0) }
            groups[singular] = line
        }
        return groups.values
            .map { line in
                (line, [line.category == nil ? "1" : "0", NameKey.normalize(line.category ?? ""), NameKey.normalize(line.name)])
            }
            .sorted { $0.1.lexicographicallyPrecedes($1.1) }
            .map(\.0)
    }

    /// The key of the singular line a plural key belongs to, when there is one.
    private static func singularKey(_ key: String, in groups: [String: ConsolidatedLine]) -> String? {
        for suffix in ["es", "s"] where key.hasSuffix(suffix) {
            let stem = String(key.dropLast(suffix.count))
            if !stem.isEmpty, groups[stem] != nil { return stem }
        }
        return nil
    }
}
