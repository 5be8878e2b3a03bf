import OursSync

extension Household {
    /// The categories, by name.
    public func categories() throws(OursError) -> [ItemCategory] {
        try all(RecordTypes.category).compactMap(ItemCategory.init)
    }

    /// Adds a category, or finds the one of that name (any case).
    /// - Returns: the category and `.created` or `.unchanged`.
    @discardableResult
    public func addCategory(_ name: String) throws(OursError) -> (category: ItemCategory, outcome: Outcome) {
        let name = try Household.cleanName(name, what: "category")
        let id = SemanticID.category(named: name)
        if let existing = try live(RecordTypes.category, id).flatMap(ItemCategory.init) { return (existing, .unchanged) }
        if let renamed = try categories().first(where: { NameKey.matches($0.name, name) }) { return (renamed, .unchanged) }
        try write(RecordTypes.category, id, ["name": .string(name)])
        return (ItemCategory(id: id, name: name), .created)
    }

    /// The category a name or id means (any case; a unique beginning will do).
    public func category(named name: String) throws(OursError) -> ItemCategory {
        try Household.categoryResolver().resolve(name, in: try categories())
    }

    /// The live items filed under a category, by its name (items keep the category's name).
    public func items(inCategory category: ItemCategory) throws(OursError) -> [GroceryItem] {
        try itemRecords(on: lists(includeArchived: true), includeDeleted: false)
            .filter { $0.category.map { NameKey.matches($0, category.name) } ?? false }
    }

    /// Renames a category; the items filed under it follow.
    /// - Returns: the category, how many items were changed, and `.updated` or `.unchanged`.
    /// - Throws: `.failed` when another category already has the new name.
    public func renameCategory(
        _ name: String, to newName: String
    ) throws(OursError) -> (category: ItemCategory, items: Int, outcome: Outcome) {
        let newName = try Household.cleanName(newName, what: "category")
        return try zone.write { () throws(OursError) -> (category: ItemCategory, items: Int, outcome: Outcome) in
            var category = try category(named: name)
            if let other = try categories().first(where: { NameKey.matches($0.name, newName) && $0.id != category.id }) {
                throw .failed("there is already a category called \"\(other.name)\"", hint: "Pick another name.")
            }
            guard category.name != newName else { return (category, 0, .unchanged) }
            let items = try items(inCategory: category)
            try write(RecordTypes.category, category.id, ["name": .string(newName)])
            for item in items { try write(RecordTypes.item, item.id, ["category": .string(newName)]) }
            category.name = newName
            return (category, items.count, .updated)
        }
    }

    /// Deletes a category and takes it off the items filed under it.
    /// - Parameter confirmed: whether to go ahead when items are filed under it.
    /// - Throws: `.usage` (a missing `--yes`) when items are filed under it and `confirmed` is false.
    public func deleteCategory(_ name: String, confirmed: Bool) throws(OursError) -> (category: ItemCategory, items: Int) {
        try zone.write { () throws(OursError) -> (category: ItemCategory, items: Int) in
            let category = try category(named: name)
            let items = try items(inCategory: category)
            if !items.isEmpty, !confirmed {
                throw .usage(
                    items.count == 1
                        ? "1 item is filed under \(category.name)" : "\(items.count) items are filed under \(category.name)",
                    hint: "Add --yes to delete the category and take it off them.")
            }
            for item in items { try write(RecordTypes.item, item.id, ["category": nil]) }
            try zone.remove(key(RecordTypes.category, category.id))
            return (category, items.count)
        }
    }
}
