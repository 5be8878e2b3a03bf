import OursSync

/// A person chores and tasks can be assigned to: a participant of the household (or, for a
/// device's private data, the device's own person).
public struct Member: Sendable, Hashable, Codable, Identifiable {
    /// The participant id: what `assignee`, `checkedBy`, `doneBy` and the like hold.
    public let id: String
    /// The person's name as the household knows it.
    public var name: String
    /// Whether they are still a member; `false` for someone who left or was removed, kept so
    /// that what they did still has a name.
    public var active: Bool

    /// A member with these values (for previews and tests).
    public init(id: String, name: String, active: Bool = true) {
        self.id = id
        self.name = name
        self.active = active
    }

    /// `{"id", "name"}`.
    package var json: JSONValue { ["id": .string(id), "name": .string(name)] }
}
