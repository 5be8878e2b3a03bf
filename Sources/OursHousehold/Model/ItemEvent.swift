import OursSync

/// One entry of an item's history: it was put on its list, ticked off, or put back.
///
/// Each entry is a field of its own, `log.<stamp>` (the stamp its device took for it), holding
/// `{"event", "at", "by"}`. The engine merges records field by field, so two devices that tick
/// or re-add the same item offline each add their own field, and both entries are kept.
public struct ItemEvent: Sendable, Hashable, Codable, Identifiable {
    /// What happened to the item.
    public enum Kind: String, Sendable {
        /// Put on the list as a new item (or one brought back after a deletion).
        case added
        /// Ticked off: bought.
        case checked
        /// A ticked item put back on the list: by `uncheck`, or as a fresh need by `add`.
        case unchecked
    }

    /// The part of the field name after `log.`: unique per event.
    public var id: String
    /// What happened.
    public var kind: Kind
    /// An ISO 8601 instant.
    public var at: String
    /// A participant id.
    public var by: String?

    static let prefix = "log."

    /// An event with these values (for previews and tests: the household records events itself).
    public init(id: String, kind: Kind, at: String, by: String?) {
        self.id = id
        self.kind = kind
        self.at = at
        self.by = by
    }

    init?(field: String, value: JSONValue) {
        guard field.hasPrefix(ItemEvent.prefix), let kind = value["event"]?.stringValue.flatMap(Kind.init),
            let at = value["at"]?.stringValue
        else { return nil }
        self.init(id: String(field.dropFirst(ItemEvent.prefix.count)), kind: kind, at: at, by: value["by"]?.stringValue)
    }

    var field: String { ItemEvent.prefix + id }

    /// The field's value: `{"event", "at", "by"?}`.
    var value: JSONValue {
        var object: [String: JSONValue] = ["event": .string(kind.rawValue), "at": .string(at)]
        if let by { object["by"] = .string(by) }
        return .object(object)
    }

    /// `{"event", "at", "by"?, "byName"?}`.
    package func json(members: [Member]) -> JSONValue {
        var object = value.objectValue ?? [:]
        if let by, let member = members.first(where: { $0.id == by }) { object["byName"] = .string(member.name) }
        return .object(object)
    }

    /// Oldest first: by time, then by id (which starts with the stamp).
    static func chronological(_ a: ItemEvent, _ b: ItemEvent) -> Bool { (a.at, a.id) < (b.at, b.id) }
}
