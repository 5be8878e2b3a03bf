import OursSync

/// A category for list items (an aisle: dairy, bakery): `category` records. Fields: `name`.
public struct ItemCategory: Sendable, Hashable, Codable, Identifiable {
    /// The record's id, made from the name it was first created under.
    public let id: String
    /// The name as shown: `Dairy`.
    public var name: String

    /// A category with these values (for previews and tests: `Household.addCategory` makes
    /// categories).
    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }

    init?(_ snapshot: RecordSnapshot) {
        guard snapshot.key.type == RecordTypes.category, let name = snapshot.name else { return nil }
        self.init(id: snapshot.key.id, name: name)
    }

    /// `{"id", "name"}`.
    package var json: JSONValue { ["id": .string(id), "name": .string(name)] }
}
