/// What the replica's summary index keeps of one record: whether it is deleted, and the visible
/// values of the few fields its type's listings show (`indexedFields`). Enough to list,
/// count and filter records without reading their files; a command that shows a record whole
/// still reads it.
public struct RecordSummary: Sendable, Equatable {
    /// The record.
    public var key: RecordKey
    /// Whether the record is deleted.
    public var isDeleted: Bool
    /// The indexed fields the record has, by name. A name `#field` holds the number of
    /// elements of the array in `field`; `#prefix.` the number of fields named `prefix.…`
    /// that hold an object.
    public var values: [String: JSONValue]

    /// A summary; `values` holds only indexed fields.
    public init(key: RecordKey, isDeleted: Bool, values: [String: JSONValue]) {
        self.key = key
        self.isDeleted = isDeleted
        self.values = values
    }

    /// The summary of a record's merged state: its indexed fields only.
    public init(_ state: RecordState) {
        key = state.key
        isDeleted = state.isDeleted
        values = [:]
        // Each field looked up where it is: no dictionary of every visible value is made.
        func visible(_ name: String) -> JSONValue? { state.fields[name]?.winner.value }
        for field in RecordSummary.fields(of: state.key.type) {
            if field.hasPrefix("#"), field.hasSuffix(".") {
                let prefix = field.dropFirst()
                let count = state.fields.count { name, register in
                    name.count > prefix.count && name.hasPrefix(prefix) && register.winner.value?.objectValue != nil
                }
                if count > 0 { values[field] = JSONValue(count) }
            } else if field.hasPrefix("#") {
                if let array = visible(String(field.dropFirst()))?.arrayValue { values[field] = JSONValue(array.count) }
            } else if let value = visible(field) {
                values[field] = value
            }
        }
    }

    /// The fields kept for each type; other types keep only whether each record is deleted.
    /// `#field` keeps the number of elements of the array in `field`, `#prefix.` the number of
    /// fields named `prefix.…` that hold an object (see `values`).
    package static let indexedFields: [String: [String]] = [
        "item": ["name", "list", "checked"],
        "recipe": ["name", "favorite", "servings", "#ingredients", "#ingredient."],
        "task": [
            "name", "title", "project", "projectId", "due", "priority", "assignee", "done", "doneAt", "doneBy", "archived",
            "note",
        ],
    ]

    static func fields(of type: String) -> [String] { indexedFields[type] ?? [] }
}
