import OursSync

extension Household {
    /// What `add` did.
    public struct AddResult: Sendable {
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
    /// takes the quantity, category and note given, if any.
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
        return try zone.device.withLock { () throws(OursError) -> AddResult in
            let (list, listOutcome) = try listForAdding(listName)
            var categoryName: String?
            if let category { categoryName = try addCategory(category).category.name }
            var result = AddResult(list: list, listOutcome: listOutcome, items: [])
            for name in cleaned {
                let id = SemanticID.item(named: name, onList: list.id)
                let existing = try snapshot(RecordTypes.item, id)
                let current = existing.flatMap { $0.isDeleted ? nil : GroceryItem($0) }
                var given: [String: JSONValue?] = [:]
                if let quantity { given["qty"] = .string(quantity) }
                if let categoryName { given["category"] = .string(categoryName) }
                if let note { given["note"] = .string(note) }
                var fields: [String: JSONValue?]
                let outcome: Outcome
                if let current, !current.checked {
                    fields = given.filter { key, value in existing?.values[key] != value }
                    outcome = fields.isEmpty ? .unchanged : .updated
                } else {
                    fields = Household.freshNeed(name, on: list, existing: existing, isNew: current == nil)
                    fields.merge(given) { $1 }
                    fields.merge(try noting(.added, firstAdd: current == nil)) { $1 }
                    outcome = current == nil ? .created : .restored
                }
                if !fields.isEmpty { try write(RecordTypes.item, id, fields) }
                result.items.append((try item(id: id) ?? GroceryItem(id: id, listID: list.id, name: name), outcome))
            }
            return result
        }
    }

    /// Adds what a recipe or planned meal needs to a list, as that source's share of each
    /// item (`from.<source>`): adding the same source again replaces its share, never doubles it.
    /// - Parameters:
    ///   - ingredients: the lines, already scaled; lines naming the same thing are added up.
    ///   - source: whose share it is.
    ///   - settled: items the same source added before: left alone once ticked off or removed.
    func addNeeds(
        _ ingredients: [Ingredient], source: GroceryItem.Source, to listName: String?, settled: Set<String> = []
    ) throws(OursError) -> AddResult {
        var order: [String] = []
        var needs: [String: (name: String, total: QuantityTotal)] = [:]
        for ingredient in ingredients {
            let key = NameKey.normalize(ingredient.name)
            if needs[key] == nil {
                order.append(key)
                needs[key] = (ingredient.name, QuantityTotal())
            }
            if let quantity = ingredient.quantity { needs[key]!.total.add(quantity) }
        }
        return try zone.device.withLock { () throws(OursError) -> AddResult in
            let (list, listOutcome) = try listForAdding(listName)
            var result = AddResult(list: list, listOutcome: listOutcome, items: [])
            for key in order {
                let (name, total) = needs[key]!
                let id = SemanticID.item(named: name, onList: list.id)
                let existing = try snapshot(RecordTypes.item, id)
                let current = existing.flatMap { $0.isDeleted ? nil : GroceryItem($0) }
                if settled.contains(id), let existing, current?.checked ?? true, let item = GroceryItem(existing) {
                    result.settled.append(item)
                    continue
                }
                var share = source
                share.quantity = total.isEmpty ? nil : total.description
                let field = GroceryItem.sourcePrefix + source.key
                var fields: [String: JSONValue?] = [:]
                let outcome: Outcome
                if let current, !current.checked {
                    outcome = existing?.values[field] == share.json ? .unchanged : .updated
                } else {
                    fields = Household.freshNeed(name, on: list, existing: existing, isNew: current == nil)
                    fields.merge(try noting(.added, firstAdd: current == nil)) { $1 }
                    outcome = current == nil ? .created : .restored
                }
                if outcome != .unchanged { fields[field] = share.json }
                if !fields.isEmpty { try write(RecordTypes.item, id, fields) }
                result.items.append((try item(id: id) ?? GroceryItem(id: id, listID: list.id, name: name), outcome))
            }
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

    func item(id: String) throws(OursError) -> GroceryItem? {
        try live(RecordTypes.item, id).flatMap(GroceryItem.init)
    }

    /// The items on a list, unchecked first, then by category and name.
    public func items(on list: GroceryList) throws(OursError) -> [GroceryItem] {
        try items(on: [list])[list.id] ?? []
    }

    /// The items on each of `lists`, by list id, in shopping order.
    ///
    /// Reads only the items whose id carries one of the lists' tags, plus any with a foreign
    /// id (made by another app), whose `list` field decides.
    public func items(on lists: [GroceryList]) throws(OursError) -> [String: [GroceryItem]] {
        var byTag: [Substring: String] = [:]
        for list in lists { byTag[Substring(SemanticID.listTag(list.id))] = list.id }
        let wanted = Set(lists.map(\.id))
        var result: [String: [GroceryItem]] = [:]
        for key in try zone.replica.keys(ofType: RecordTypes.item) {
            if let tag = SemanticID.listTag(ofItemID: key.id), byTag[tag] == nil { continue }
            guard let snapshot = try zone.get(key), !snapshot.isDeleted, let item = GroceryItem(snapshot),
                wanted.contains(item.listID)
            else { continue }
            result[item.listID, default: []].append(item)
        }
        return result.mapValues(Household.inShoppingOrder)
    }

    /// Unchecked before checked, then by category (none last), then by name. Each key is
    /// computed once: normalizing is far dearer than comparing.
    static func inShoppingOrder(_ items: [GroceryItem]) -> [GroceryItem] {
        items.map { item in
            (
                item,
                [
                    item.checked ? "1" : "0", item.category == nil ? "1" : "0", NameKey.normalize(item.category ?? ""),
                    NameKey.normalize(item.name), item.id,
                ]
            )
        }
        .sorted { $0.1.lexicographicallyPrecedes($1.1) }
        .map(\.0)
    }

    /// Ticks an item off.
    /// - Parameters:
    ///   - name: the item (any case; a unique beginning will do when no name matches).
    ///   - listName: its list, needed only when the item is on several.
    /// - Returns: the item and `.updated`, or `.unchanged` when it was already checked.
    public func check(
        _ name: String, on listName: String? = nil
    ) throws(OursError) -> (item: GroceryItem, list: GroceryList, outcome: Outcome) {
        try zone.device.withLock { () throws(OursError) -> (item: GroceryItem, list: GroceryList, outcome: Outcome) in
            let (found, list) = try findItem(name, on: listName, preferring: { !$0.checked })
            var item = found
            guard !item.checked else { return (item, list, .unchanged) }
            let millis = nowMillis
            let now = instant(millis)
            var fields: [String: JSONValue?] = ["checked": true, "checkedAt": now, "checkedBy": .string(try me())]
            fields.merge(try noting(.checked, at: millis)) { $1 }
            try write(RecordTypes.item, item.id, fields)
            item.checked = true
            item.checkedAt = now.stringValue
            return (item, list, .updated)
        }
    }

    /// Puts a checked item back on its list.
    public func uncheck(
        _ name: String, on listName: String? = nil
    ) throws(OursError) -> (item: GroceryItem, list: GroceryList, outcome: Outcome) {
        try zone.device.withLock { () throws(OursError) -> (item: GroceryItem, list: GroceryList, outcome: Outcome) in
            let (found, list) = try findItem(name, on: listName, preferring: \.checked)
            var item = found
            guard item.checked else { return (item, list, .unchanged) }
            let existing = try snapshot(RecordTypes.item, item.id)
            var fields = Household.clearing(["checkedAt", "checkedBy"], in: existing)
            fields["checked"] = false
            fields.merge(try noting(.unchecked)) { $1 }
            try write(RecordTypes.item, item.id, fields)
            item.checked = false
            item.checkedAt = nil
            item.checkedBy = nil
            return (item, list, .updated)
        }
    }

    /// Takes an item off its list (a deletion; adding it again brings the same record back).
    public func remove(_ name: String, from listName: String? = nil) throws(OursError) -> (item: GroceryItem, list: GroceryList) {
        try zone.device.withLock { () throws(OursError) -> (item: GroceryItem, list: GroceryList) in
            let (item, list) = try findItem(name, on: listName, preferring: { _ in true })
            try zone.remove(key(RecordTypes.item, item.id))
            return (item, list)
        }
    }

    /// The item a name means. Tries the semantic id on each list that is neither archived nor
    /// deleted first (one read per list); only a name that is no item's exact name there reads
    /// the lists' items, those of lists kept in view by items added to them included.
    /// - Parameter preferring: which of several exact matches to pick (an unchecked one to
    ///   check), when that leaves one.
    func findItem(
        _ name: String, on listName: String?, preferring: @escaping (GroceryItem) -> Bool
    ) throws(OursError) -> (GroceryItem, GroceryList) {
        var lists = try listName == nil ? liveLists() : [list(named: listName)]
        var found: [(GroceryItem, GroceryList)] = []
        for list in lists {
            if let item = try item(id: SemanticID.item(named: name, onList: list.id)) { found.append((item, list)) }
        }
        let exact = !found.isEmpty
        if !exact {
            if listName == nil { lists = try self.lists() }
            let items = try items(on: lists)
            for list in lists { for item in items[list.id] ?? [] { found.append((item, list)) } }
        }
        let resolver = Household.itemResolver(
            hint:
                "Nothing called that is \(listName == nil ? "on any list" : "on \(lists[0].name)"); `ours list show` shows the items."
        )
        return try resolver.resolve(name, in: found, preferring: exact ? { preferring($0.0) } : nil)
    }

    /// Finds items, each with its list, by id or name; several of one name are told apart by
    /// `--list`.
    public static func itemResolver(hint: String? = nil) -> Resolver<(GroceryItem, GroceryList)> {
        Resolver(
            "item", id: \.0.id, name: \.0.name, scope: .init(flag: "--list") { $0.1.name }, notFoundHint: hint)
    }
}

extension Household {
    /// The unchecked items of one list, or of every list that is not archived, merged into
    /// one line per thing with its quantities added up.
    /// - Parameter listName: the list; `nil` for every active list.
    /// - Returns: the lists read and the lines.
    public func consolidated(_ listName: String? = nil) throws(OursError) -> (lists: [GroceryList], lines: [ConsolidatedLine]) {
        let lists = try listName == nil ? self.lists() : [list(named: listName)]
        let items = try items(on: lists)
        var entries: [(item: GroceryItem, list: GroceryList)] = []
        for list in lists { for item in items[list.id] ?? [] { entries.append((item, list)) } }
        return (lists, Consolidation.lines(entries))
    }
}
