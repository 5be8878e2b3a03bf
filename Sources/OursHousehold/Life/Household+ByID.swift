import OursSync

// The household's records by id, for apps that hold ids (a row a person tapped, a value kept
// from the change feed) rather than names people type. Each finds exactly the record with
// that id, or throws `.notFound` naming it; nothing is matched by name or by a beginning.
extension Household {
    /// The list with this id (archived ones included), unless it is deleted.
    public func list(id: String) throws(OursError) -> GroceryList? {
        try live(RecordTypes.list, id).flatMap(GroceryList.init)
    }

    /// The chore with this id, unless it is deleted.
    public func chore(id: String) throws(OursError) -> Chore? {
        try live(RecordTypes.chore, id).flatMap { Chore($0, timeZone: timeZone) }
    }

    /// The recipe with this id, unless it is deleted.
    public func recipe(id: String) throws(OursError) -> Recipe? {
        try live(RecordTypes.recipe, id).flatMap(Recipe.init)
    }

    /// The task with this id, unless it is deleted.
    public func task(id: String) throws(OursError) -> HouseholdTask? {
        try live(RecordTypes.task, id).flatMap(HouseholdTask.init)
    }

    /// The memory with this id, unless it is deleted. (`memory(named:)`, `editMemory` and
    /// `removeMemory` take an id too.)
    public func memory(id: String) throws(OursError) -> Memory? {
        try live(RecordTypes.memory, id).flatMap(Memory.init)
    }

    /// Ticks off the item with this id; `check(_:on:)` for a name.
    public func check(itemID: String) throws(OursError) -> (item: GroceryItem, list: GroceryList, outcome: Outcome) {
        try check { () throws(OursError) in try itemWithList(id: itemID) }
    }

    /// Puts the checked item with this id back; `uncheck(_:on:)` for a name.
    public func uncheck(itemID: String) throws(OursError) -> (item: GroceryItem, list: GroceryList, outcome: Outcome) {
        try uncheck { () throws(OursError) in try itemWithList(id: itemID) }
    }

    /// Takes the item with this id off its list; `remove(_:from:)` for a name.
    public func remove(itemID: String) throws(OursError) -> (item: GroceryItem, list: GroceryList) {
        try remove { () throws(OursError) in try itemWithList(id: itemID) }
    }

    /// Renames the list with this id; `renameList(_:to:)` for a name.
    public func renameList(id: String, to newName: String) throws(OursError) -> GroceryList {
        try renameList(exactly(id, in: list(id:)), to: newName)
    }

    /// Archives the list with this id; `archiveList(_:)` for a name.
    public func archiveList(id: String) throws(OursError) -> (list: GroceryList, outcome: Outcome) {
        try archiveList(exactly(id, in: list(id:)))
    }

    /// Marks the chore with this id done; `choreDone(_:)` for a name.
    public func choreDone(id: String) throws(OursError) -> Chore {
        try choreDone(exactly(id, in: chore(id:)))
    }

    /// Marks the open task with this id done; `taskDone(_:project:)` for a title.
    public func taskDone(id: String) throws(OursError) -> HouseholdTask {
        try taskDone(exactly(id, in: task(id:)))
    }

    /// Marks the recipe with this id a favourite or not; `setFavorite(_:_:)` for a title.
    public func setFavorite(recipeID: String, _ favorite: Bool) throws(OursError) -> (recipe: Recipe, outcome: Outcome) {
        try setFavorite(exactly(recipeID, in: recipe(id:)), favorite)
    }

    /// The item with this id and its list.
    func itemWithList(id: String) throws(OursError) -> (GroceryItem, GroceryList) {
        guard let item = try item(id: id) else { throw .notFound("no item with id \(id)") }
        let list = try snapshot(RecordTypes.list, item.listID).flatMap(GroceryList.init)
        return (item, list ?? GroceryList(id: item.listID, name: item.listID))
    }

    /// `id` as the text a name-taking call resolves, once sure it names exactly that record:
    /// the resolvers try ids before names, and a list's name is first tried as the id its
    /// name makes, which must not be another list's.
    func exactly<Record: Identifiable>(
        _ id: String, in find: (String) throws(OursError) -> Record?
    ) throws(OursError) -> String where Record.ID == String {
        guard let record = try find(id), record.id == id else { throw .notFound("no \(Self.noun(Record.self)) with id \(id)") }
        if Record.self == GroceryList.self, let other = try listByID(named: id), other.id != id {
            throw .usage("the list with id \(id) cannot be told from the list \(other.name) by id; use its name")
        }
        return id
    }

    private static func noun(_ type: Any.Type) -> String {
        switch type {
        case is GroceryList.Type: "list"
        case is Chore.Type: "chore"
        case is HouseholdTask.Type: "task"
        case is Recipe.Type: "recipe"
        default: "record"
        }
    }
}
