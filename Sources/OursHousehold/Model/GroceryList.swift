import OursSync

/// A shopping list: `list` records. Fields: `name`, `archived` (absent means false).
public struct GroceryList: Sendable, Hashable, Codable, Identifiable {
    /// The name of the list made when something is added and there is no list yet.
    public static let defaultName = "Groceries"
    /// The default list is the one first created as "Groceries", whatever it is called now.
    public static let defaultID = SemanticID.list(named: defaultName)

    /// The record's id: made from the name it was first created under, so it stays when the
    /// list is renamed.
    public let id: String
    /// The name as shown.
    public var name: String
    /// Whether it is put away: kept with its items, left out of `Household.lists()` unless
    /// archived lists are asked for.
    public var archived: Bool
    /// When it was deleted while items were added to it elsewhere: those items' names. It is
    /// shown all the same, so nothing added to it disappears from view.
    public var keptBy: [String] = []

    /// A list with these values (for previews and tests: `Household.createList(named:)` makes
    /// lists).
    public init(id: String, name: String, archived: Bool = false) {
        self.id = id
        self.name = name
        self.archived = archived
    }

    /// - Returns: `nil` for a record of another type, or one without a name.
    init?(_ snapshot: RecordSnapshot) {
        guard snapshot.key.type == RecordTypes.list else { return nil }
        self.init(
            id: snapshot.key.id, name: snapshot.name ?? snapshot.key.id,
            archived: snapshot.values["archived"]?.boolValue ?? false)
    }

    /// Whether it is the default list: the one items go to when no list is named.
    public var isDefault: Bool { id == GroceryList.defaultID }

    /// `{"id", "name", "archived", "default", "keptBy"?}`.
    package var json: JSONValue {
        var object: [String: JSONValue] = [
            "id": .string(id), "name": .string(name), "archived": .bool(archived), "default": .bool(isDefault),
        ]
        if !keptBy.isEmpty { object["keptBy"] = .array(keptBy.map { .string($0) }) }
        return .object(object)
    }
}
