import OursSync

/// A shopping list: `list` records. Fields: `name`, `archived` (absent means false).
public struct GroceryList: Sendable, Hashable, Codable, Identifiable {
    public static let defaultName = "Groceries"
    /// The default list is the one first created as "Groceries", whatever it is called now.
    public static let defaultID = SemanticID.list(named: defaultName)

    public let id: String
    public var name: String
    public var archived: Bool
    /// When it was deleted while items were added to it elsewhere: those items' names. It is
    /// shown all the same, so nothing added to it disappears from view.
    public var keptBy: [String] = []

    public init(id: String, name: String, archived: Bool = false) {
        self.id = id
        self.name = name
        self.archived = archived
    }

    /// - Returns: `nil` for a record of another type, or one without a name.
    public init?(_ snapshot: RecordSnapshot) {
        guard snapshot.key.type == RecordTypes.list else { return nil }
        self.init(
            id: snapshot.key.id, name: snapshot.name ?? snapshot.key.id,
            archived: snapshot.values["archived"]?.boolValue ?? false)
    }

    public var isDefault: Bool { id == GroceryList.defaultID }

    /// `{"id", "name", "archived", "default", "keptBy"?}`.
    public var json: JSONValue {
        var object: [String: JSONValue] = [
            "id": .string(id), "name": .string(name), "archived": .bool(archived), "default": .bool(isDefault),
        ]
        if !keptBy.isEmpty { object["keptBy"] = .array(keptBy.map { .string($0) }) }
        return .object(object)
    }
}
