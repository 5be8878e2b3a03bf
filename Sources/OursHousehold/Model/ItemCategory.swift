import OursSync

/// A category for list items (an aisle: dairy, bakery): `category` records. Fields: `name`.
public struct ItemCategory: Sendable, Hashable, Codable, Identifiable {
    public let id: String
    public var name: String

    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }

    public init?(_ snapshot: RecordSnapshot) {
        guard snapshot.key.type == RecordTypes.category, let name = snapshot.name else { return nil }
        self.init(id: snapshot.key.id, name: name)
    }

    /// `{"id", "name"}`.
    public var json: JSONValue { ["id": .string(id), "name": .string(name)] }
}
