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
        try write(RecordTypes.category, id, ["name": .string(name)])
        return (ItemCategory(id: id, name: name), .created)
    }
}
