import OursSync

/// One household record, named as people see it: what kind, which, called what, and where it
/// is (an item's list, a task's project, a meal's day and slot).
public struct RecordRef: Sendable, Hashable, Codable {
    /// What kind of record it is.
    public var kind: RecordKind
    /// The record's id.
    public var id: String
    /// Its name (a task's title, a meal's text).
    public var name: String
    /// Where it is, as people say it: `Party`, `Home`, `Friday 2025-03-14 dinner`.
    public var context: String?

    /// A reference with these values.
    public init(kind: RecordKind, id: String, name: String, context: String? = nil) {
        self.kind = kind
        self.id = id
        self.name = name
        self.context = context
    }

    /// `salsa (Party)`.
    package var label: String { context.map { "\(name) (\($0))" } ?? name }

    /// `{"type", "recordType", "id", "name", "context"?}`: `type` is the kind as commands name it.
    package var json: JSONValue {
        var object: [String: JSONValue] = [
            "type": .string(kind.rawValue), "recordType": .string(kind.recordType), "id": .string(id), "name": .string(name),
        ]
        if let context { object["context"] = .string(context) }
        return .object(object)
    }
}
