import OursSync

/// An ingredient the household remembers: `ingredient` records, one per canonical name
/// (`IngredientName.canonical`), whose id is made from that name, so two phones that meet
/// "Basil" offline make one record.
///
/// Fields: `name` (the canonical name), `category` (the category it was last filed under),
/// `staple` (bought again and again: `staples to-list` puts it back), and one `uses.<device>`
/// field per device — how many times that device used it. Each device only ever writes its
/// own counter, so counters never race, and the number of uses is their sum: two devices
/// adding uses offline add up instead of overwriting each other (a grow-only counter, the
/// G-Counter of Shapiro et al., built from per-device fields the engine merges one by one).
public struct KnownIngredient: Sendable, Hashable, Codable, Identifiable {
    /// The record's id, made from the canonical name.
    public let id: String
    /// The canonical name: lowercase, singular, without preparation words (`basil`, `egg`).
    public var name: String
    /// The category it was last filed under, by name; `nil` when none.
    public var category: String?
    /// Whether it is a staple, bought again and again (`Household.addStaplesToList`).
    public var staple: Bool
    /// Uses by device id.
    public var usesByDevice: [String: Int]

    static let usesPrefix = "uses."

    /// An ingredient with these values (for previews and tests: the household remembers
    /// ingredients as they are used).
    public init(id: String, name: String, category: String? = nil, staple: Bool = false, usesByDevice: [String: Int] = [:]) {
        self.id = id
        self.name = name
        self.category = category
        self.staple = staple
        self.usesByDevice = usesByDevice
    }

    /// - Returns: `nil` for a record of another type or without a name.
    init?(_ snapshot: RecordSnapshot) {
        guard snapshot.key.type == RecordTypes.ingredient, let name = snapshot.name, !name.isEmpty else { return nil }
        let values = snapshot.values
        var uses: [String: Int] = [:]
        for (field, value) in values where field.hasPrefix(KnownIngredient.usesPrefix) {
            guard let count = value.intValue, count > 0 else { continue }
            uses[String(field.dropFirst(KnownIngredient.usesPrefix.count))] = count
        }
        self.init(
            id: snapshot.key.id, name: name, category: values["category"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 },
            staple: values["staple"]?.boolValue ?? false, usesByDevice: uses)
    }

    /// How many times it was used, on every device together.
    public var uses: Int { usesByDevice.values.reduce(0) { $0.addingReportingOverflow($1).overflow ? Int.max : $0 + $1 } }

    /// The field a device counts its uses in.
    static func usesField(_ device: String) -> String { usesPrefix + device }

    /// `{"id", "name", "category"?, "staple", "uses"}`.
    package var json: JSONValue {
        var object: [String: JSONValue] = [
            "id": .string(id), "name": .string(name), "staple": .bool(staple), "uses": JSONValue(uses),
        ]
        if let category { object["category"] = .string(category) }
        return .object(object)
    }
}
