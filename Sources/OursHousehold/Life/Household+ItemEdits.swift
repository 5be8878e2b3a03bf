import OursSync

extension Household {
    /// The item a name or id means, with its list.
    /// - Parameter listName: its list, needed only when the item is on several.
    public func item(named name: String, on listName: String? = nil) throws(OursError) -> (item: GroceryItem, list: GroceryList) {
        let (item, list) = try findItem(name, on: listName, preferring: { _ in false })
        return (item, list)
    }

    /// What `editItem` changes; `nil` and `.keep` leave a field as it is.
    public struct ItemEdits: Sendable, Equatable {
        /// A new name.
        public var name: String?
        /// The quantity as typed: `2`, `500 g`.
        public var quantity: Edit<String>
        /// A category's name (made when it does not exist).
        public var category: Edit<String>
        /// A remark for whoever shops.
        public var note: Edit<String>
        /// Another list to move it to (made when it does not exist, like `add --list`).
        public var list: String?
        /// Its pictures: `.set` replaces them with these files (paths), each kept as an
        /// attachment; `.clear` takes them all off (the files stay in the folder).
        public var photos: Edit<[String]>

        /// Edits with these values; the defaults change nothing.
        public init(
            name: String? = nil, quantity: Edit<String> = .keep, category: Edit<String> = .keep, note: Edit<String> = .keep,
            list: String? = nil, photos: Edit<[String]> = .keep
        ) {
            self.photos = photos
            self.name = name
            self.quantity = quantity
            self.category = category
            self.note = note
            self.list = list
        }
    }

    /// Changes an item. A new name or another list gives it the id that name has on that list
    /// (so adding it there later finds it): its record moves, with its history and who added
    /// it; the old one is deleted.
    /// - Returns: the item as it is now, its list, and `.updated` or `.unchanged`.
    /// - Throws: `.failed` when the new name is already an item on the target list;
    ///   `.notFound`/`.usage` for a photo that cannot be read (nothing is written).
    public func editItem(
        _ name: String, on listName: String? = nil, _ edits: ItemEdits
    ) throws(OursError) -> (item: GroceryItem, list: GroceryList, outcome: Outcome) {
        let newName = try edits.name.map { (text: String) throws(OursError) -> String in
            try Household.cleanName(text, what: "item")
        }
        let photos = try photoFields(edits.photos) { () throws(OursError) in
            _ = try findItem(name, on: listName, preferring: { _ in false })
        }
        return try zone.write { () throws(OursError) -> (item: GroceryItem, list: GroceryList, outcome: Outcome) in
            let (item, list) = try findItem(name, on: listName, preferring: { _ in false })
            let target =
                try edits.list.map { (name: String) throws(OursError) -> GroceryList in try listForAdding(name).list } ?? list
            guard let existing = try snapshot(RecordTypes.item, item.id) else { throw .notFound("\(item.name) is gone") }
            var fields = try changedFields(edits, existing: existing)
            for (field, value) in photos where existing.values[field] != value { fields.updateValue(value, forKey: field) }
            let finalName = newName ?? item.name
            if finalName != item.name { fields["name"] = .string(finalName) }
            let newID = SemanticID.item(named: finalName, onList: target.id)
            if newID != item.id, target.id != list.id || !NameKey.matches(finalName, item.name) {
                try moveItem(existing, to: newID, on: target, changing: fields)
                return (try self.item(id: newID) ?? item, target, .updated)
            }
            guard !fields.isEmpty else { return (item, list, .unchanged) }
            try write(RecordTypes.item, item.id, fields)
            return (try self.item(id: item.id) ?? item, list, .updated)
        }
    }

    /// The quantity, category and note an edit writes: only what differs.
    private func changedFields(_ edits: ItemEdits, existing: RecordSnapshot) throws(OursError) -> [String: JSONValue?] {
        var fields: [String: JSONValue?] = [:]
        func apply(_ edit: Edit<String>, _ field: String) {
            switch edit {
            case .keep: break
            case .clear: if existing.values[field] != nil { fields.updateValue(nil, forKey: field) }
            case .set(let value): if existing.values[field] != .string(value) { fields[field] = .string(value) }
            }
        }
        apply(edits.quantity.map(NameKey.display), "qty")
        apply(edits.note, "note")
        if case .set(let category) = edits.category {
            apply(.set(try addCategory(category).category.name), "category")
        } else {
            apply(edits.category, "category")
        }
        return fields
    }

    /// Writes an item's values under `newID` on `list`, with `changes`, and deletes the old record.
    private func moveItem(
        _ existing: RecordSnapshot, to newID: String, on list: GroceryList, changing changes: [String: JSONValue?]
    ) throws(OursError) {
        let there = try snapshot(RecordTypes.item, newID)
        if let there, !there.isDeleted {
            throw .failed(
                "there is already an item called \"\(there.name ?? newID)\" on \(list.name)",
                hint: "Remove that one first (`ours item rm`), or pick another name.")
        }
        var fields = Household.clearing(there.map { Array($0.values.keys) } ?? [], in: there)
        for (field, value) in existing.values { fields[field] = value }
        fields["list"] = .string(list.id)
        fields.merge(changes) { $1 }
        try write(RecordTypes.item, newID, fields)
        try zone.remove(key(RecordTypes.item, existing.key.id))
    }
}

extension Edit where Value == String {
    /// The same edit with the value changed by `transform`.
    func map(_ transform: (String) -> String) -> Edit {
        if case .set(let value) = self { return .set(transform(value)) }
        return self
    }
}
