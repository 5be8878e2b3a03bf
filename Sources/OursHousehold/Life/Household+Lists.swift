import OursSync

extension Household {
    /// The shopping lists, by name: those not deleted, and those deleted while someone added
    /// to them (`keptBy` names what keeps them), so nothing added disappears from view.
    public func lists(includeArchived: Bool = false) throws(OursError) -> [GroceryList] {
        let records = try zone.list(type: RecordTypes.list, includeDeleted: true)
        var lists = records.filter { !$0.isDeleted }.compactMap(GroceryList.init)
        let deleted = records.filter(\.isDeleted)
        if !deleted.isEmpty {
            lists += try keptLists(deleted.compactMap(GroceryList.init))
            lists.sort { ($0.name.lowercased(), $0.id) < ($1.name.lowercased(), $1.id) }
        }
        return lists.filter { includeArchived || !$0.archived }
    }

    /// The lists that are neither deleted nor archived: the quick first look of commands that
    /// find an item by name.
    func liveLists() throws(OursError) -> [GroceryList] {
        try all(RecordTypes.list).compactMap(GroceryList.init).filter { !$0.archived }
    }

    /// Of `deleted` lists, those live items still point at, with their names in `keptBy`.
    func keptLists(_ deleted: [GroceryList]) throws(OursError) -> [GroceryList] {
        let items = try items(on: deleted)
        return deleted.compactMap { list in
            guard let kept = items[list.id], !kept.isEmpty else { return nil }
            var list = list
            list.keptBy = kept.map(\.name)
            return list
        }
    }

    /// The default list ("Groceries", or whatever it was renamed to); `nil` until first used.
    public func defaultList() throws(OursError) -> GroceryList? {
        try live(RecordTypes.list, GroceryList.defaultID).flatMap(GroceryList.init)
    }

    /// The list a name means (archived ones included).
    /// - Parameter name: a list's name, any case; `nil` for the default list.
    /// - Throws: `.notFound` (exit 4) for an unknown name, `.usage` when several lists match.
    public func list(named name: String?) throws(OursError) -> GroceryList {
        guard let name else {
            guard let list = try defaultList() else {
                throw .notFound(
                    "there is no \(GroceryList.defaultName) list yet",
                    hint: "`ours add ITEM` creates it; `ours lists` shows the lists there are.")
            }
            return list
        }
        if let list = try listByID(named: name) { return list }
        let known = try lists(includeArchived: true)
        return try Household.listResolver(known, typed: name).resolve(name, in: known)
    }

    /// The list that was created under `name` and still has it, found by id alone.
    func listByID(named name: String) throws(OursError) -> GroceryList? {
        for attempt in 0..<4 {
            guard let snapshot = try live(RecordTypes.list, SemanticID.list(named: name, attempt: attempt)),
                let list = GroceryList(snapshot)
            else { return nil }
            if NameKey.matches(list.name, name) { return list }
        }
        return nil
    }

    /// Creates a list, or finds the one of that name.
    /// - Returns: the list and `.created`, `.restored` (it was archived) or `.unchanged`.
    @discardableResult
    public func createList(named name: String) throws(OursError) -> (list: GroceryList, outcome: Outcome) {
        let name = try Household.cleanName(name, what: "list")
        return try zone.write { () throws(OursError) -> (list: GroceryList, outcome: Outcome) in
            if let existing = try lists(includeArchived: true).first(where: { NameKey.matches($0.name, name) }) {
                guard existing.archived || !existing.keptBy.isEmpty else { return (existing, .unchanged) }
                // Also brings back, for good, a list deleted while someone added to it.
                try write(RecordTypes.list, existing.id, ["name": .string(existing.name), "archived": false])
                return (GroceryList(id: existing.id, name: existing.name), .restored)
            }
            // A renamed list keeps the id of its first name: take the next id for this name.
            var attempt = 0
            while let taken = try live(RecordTypes.list, SemanticID.list(named: name, attempt: attempt)),
                !NameKey.matches(taken.name ?? "", name)
            {
                attempt += 1
            }
            let list = GroceryList(id: SemanticID.list(named: name, attempt: attempt), name: name)
            try write(RecordTypes.list, list.id, ["name": .string(name), "archived": false])
            return (list, .created)
        }
    }

    /// The list to add to: the named one, or the default; made (or unarchived) when needed,
    /// so two devices adding to "Produce" offline add to one list.
    func listForAdding(_ name: String?) throws(OursError) -> (list: GroceryList, outcome: Outcome) {
        guard let name else {
            if let list = try defaultList() {
                guard list.archived else { return (list, .unchanged) }
                try write(RecordTypes.list, list.id, ["archived": false])
                return (GroceryList(id: list.id, name: list.name), .restored)
            }
            try write(RecordTypes.list, GroceryList.defaultID, ["name": .string(GroceryList.defaultName), "archived": false])
            return (GroceryList(id: GroceryList.defaultID, name: GroceryList.defaultName), .created)
        }
        if let list = try listByID(named: name), !list.archived { return (list, .unchanged) }
        return try createList(named: name)
    }

    /// Renames a list; its id (and so its items) stay.
    /// - Throws: `.failed` when another list already has the new name.
    public func renameList(_ name: String, to newName: String) throws(OursError) -> GroceryList {
        let newName = try Household.cleanName(newName, what: "list")
        var list = try list(named: name)
        if let other = try lists(includeArchived: true).first(where: { NameKey.matches($0.name, newName) && $0.id != list.id }) {
            throw .failed(
                "there is already a list called \"\(other.name)\"", hint: "Pick another name, or delete that list first.")
        }
        guard list.name != newName else { return list }
        try write(RecordTypes.list, list.id, ["name": .string(newName)])
        list.name = newName
        return list
    }

    /// Archives a list: hidden from `lists`, items kept.
    public func archiveList(_ name: String) throws(OursError) -> (list: GroceryList, outcome: Outcome) {
        var list = try list(named: name)
        guard !list.archived else { return (list, .unchanged) }
        try write(RecordTypes.list, list.id, ["archived": true])
        list.archived = true
        return (list, .updated)
    }

    /// Deletes a list and its items (stamped tombstones, like every deletion).
    /// - Parameter confirmed: whether to go ahead when the list still has items.
    /// - Returns: the list and how many items were deleted with it.
    /// - Throws: `.usage` (a missing `--yes`) when the list has items and `confirmed` is false.
    public func deleteList(_ name: String, confirmed: Bool) throws(OursError) -> (list: GroceryList, items: Int) {
        let list = try list(named: name)
        return try zone.write { () throws(OursError) -> (list: GroceryList, items: Int) in
            let items = try self.items(on: list)
            if !items.isEmpty, !confirmed {
                throw .usage(
                    "\(list.name) still has \(items.count) item(s)",
                    hint: "Add --yes to delete the list and its items, or `ours list archive \"\(list.name)\"` to keep them.")
            }
            return (list, try delete(.list, id: list.id).count)
        }
    }
}

extension Household {
    /// Changes a list's name and whether it is archived; what is not given stays as it is.
    /// - Returns: the list and `.updated`, `.restored` (taken out of the archive) or `.unchanged`.
    /// - Throws: `.failed` when another list already has the new name.
    public func editList(
        _ name: String, newName: String? = nil, archived: Bool? = nil
    ) throws(OursError) -> (list: GroceryList, outcome: Outcome) {
        try zone.write { () throws(OursError) -> (list: GroceryList, outcome: Outcome) in
            var list = try list(named: name)
            let before = list
            if let newName { list = try renameList(list.id, to: newName) }
            if let archived, archived != list.archived {
                try write(RecordTypes.list, list.id, ["archived": .bool(archived)])
                list.archived = archived
            }
            if list == before { return (list, .unchanged) }
            return (list, before.archived && !list.archived ? .restored : .updated)
        }
    }
}
