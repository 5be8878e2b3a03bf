import OursSync

/// A project tasks belong to (the garden, the loft): `project` records.
///
/// Fields: `name`, `color` (as typed: `green`, `#3a7d44`), `archived` (absent means false).
/// Tasks point at their project by id (`projectId`) and also keep its name in `project`, the
/// field earlier versions read. A project only named by tasks an earlier version wrote has no
/// record until someone changes it; it is listed all the same (`isRecorded` false).
public struct Project: Sendable, Hashable, Codable, Identifiable {
    /// The record's id, made from the name it was first created under.
    public let id: String
    /// The name as shown: `Garden`.
    public var name: String
    /// The colour as typed (`green`, `#3a7d44`); `nil` when none was given.
    public var color: String?
    /// Whether it is put away, with its tasks.
    public var archived: Bool
    /// Whether a `project` record holds it, rather than only tasks' `project` text.
    public var isRecorded: Bool
    /// When it was deleted while tasks were added to it elsewhere: those tasks' names. It is
    /// shown all the same, so nothing added to it disappears from view.
    public var keptBy: [String]

    /// A project with these values (for previews and tests: `Household.addProject` makes
    /// projects).
    public init(id: String, name: String, color: String? = nil, archived: Bool = false, isRecorded: Bool = true) {
        self.id = id
        self.name = name
        self.color = color
        self.archived = archived
        self.isRecorded = isRecorded
        self.keptBy = []
    }

    /// - Returns: `nil` for a record of another type, or one without a name.
    init?(_ snapshot: RecordSnapshot) {
        guard snapshot.key.type == RecordTypes.project, let name = snapshot.name else { return nil }
        self.init(
            id: snapshot.key.id, name: name, color: snapshot.values["color"]?.stringValue,
            archived: snapshot.values["archived"]?.boolValue ?? false)
    }

    /// `{"id", "name", "color"?, "archived", "keptBy"?}`.
    package var json: JSONValue {
        var object: [String: JSONValue] = ["id": .string(id), "name": .string(name), "archived": .bool(archived)]
        if let color { object["color"] = .string(color) }
        if !keptBy.isEmpty { object["keptBy"] = .array(keptBy.map { .string($0) }) }
        return .object(object)
    }
}
