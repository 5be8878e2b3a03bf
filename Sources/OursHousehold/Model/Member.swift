import OursSync

/// A person chores and tasks can be assigned to: a participant of the household (or, for a
/// device's private data, the device's own person).
public struct Member: Sendable, Hashable, Codable, Identifiable {
    public let id: String
    public var name: String
    public var active: Bool

    public init(id: String, name: String, active: Bool = true) {
        self.id = id
        self.name = name
        self.active = active
    }

    /// `{"id", "name"}`.
    public var json: JSONValue { ["id": .string(id), "name": .string(name)] }
}
