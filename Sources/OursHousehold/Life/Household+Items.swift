import OursSync

extension Household {
    /// The item with this id, unless it is deleted.
    public func item(id: String) throws(OursError) -> GroceryItem? {
        try live(RecordTypes.item, id).flatMap(GroceryItem.init)
    }

    /// The items on a list, unchecked first, then by category and name.
    public func items(on list: GroceryList) throws(OursError) -> [GroceryItem] {
        try items(on: [list])[list.id] ?? []
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
        try check { () throws(OursError) in try findItem(name, on: listName, preferring: { !$0.checked }) }
    }

    /// Ticks off the item `finding` finds, under the device lock.
    func check(
        _ finding: () throws(OursError) -> (GroceryItem, GroceryList)
    ) throws(OursError) -> (item: GroceryItem, list: GroceryList, outcome: Outcome) {
        try zone.write { () throws(OursError) -> (item: GroceryItem, list: GroceryList, outcome: Outcome) in
            let (found, list) = try finding()
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
        try uncheck { () throws(OursError) in try findItem(name, on: listName, preferring: \.checked) }
    }

    /// Puts back the item `finding` finds, under the device lock.
    func uncheck(
        _ finding: () throws(OursError) -> (GroceryItem, GroceryList)
    ) throws(OursError) -> (item: GroceryItem, list: GroceryList, outcome: Outcome) {
        try zone.write { () throws(OursError) -> (item: GroceryItem, list: GroceryList, outcome: Outcome) in
            let (found, list) = try finding()
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
        try remove { () throws(OursError) in try findItem(name, on: listName, preferring: { _ in true }) }
    }

    /// Takes the item `finding` finds off its list, under the device lock.
    func remove(
        _ finding: () throws(OursError) -> (GroceryItem, GroceryList)
    ) throws(OursError) -> (item: GroceryItem, list: GroceryList) {
        try zone.write { () throws(OursError) -> (item: GroceryItem, list: GroceryList) in
            let (item, list) = try finding()
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
