import OursSync

/// A thing to buy on a list: `item` records.
///
/// Fields: `name`, `list` (the list's id), `checked`, `qty` (as typed: `2`, `500 g`, or a
/// number), `category` (a category's name), `note`, `checkedAt`, `checkedBy` (a participant
/// id), `addedAt`, `addedBy` (who first put it on the list, kept while the record lives),
/// `ingredient` (the id of the ingredient it is, see `KnownIngredient`), one `from.<source>`
/// field per recipe or planned meal that needs it —
/// `{"recipe", "recipeId", "meal"?, "qty"?}` — so adding the same recipe twice does not double
/// it, and two devices adding different recipes offline both count, and one `log.<stamp>`
/// field per event of its history (`ItemEvent`).
public struct GroceryItem: Sendable, Hashable, Codable, Identifiable {
    /// The record's id: made from the name and the list it was first added to (`SemanticID`),
    /// or random for an item another app made.
    public let id: String
    /// The list's id.
    public var listID: String
    /// The name as shown: `Milk`.
    public var name: String
    /// Whether it is ticked off (bought).
    public var checked: Bool
    /// The quantity typed for the item itself, as typed (`2`, `500 g`); `nil` when none was.
    /// `total` adds what recipes and meals need.
    public var quantity: String?
    /// The name of its category (aisle); `nil` when it has none.
    public var category: String?
    /// A remark for whoever shops: `the big one`.
    public var note: String?
    /// When it was ticked off, an ISO 8601 UTC instant (`checkedDate` as a `Date`); `nil`
    /// while it is not.
    public var checkedAt: String?
    /// Who ticked it off: a participant id (see `Household.members()`).
    public var checkedBy: String?
    /// When it was first put on the list (an ISO 8601 instant), and by whom (a participant id).
    public var addedAt: String?
    /// Who first put it on the list: a participant id.
    public var addedBy: String?
    /// What happened to it, oldest first.
    public var history: [ItemEvent] = []
    /// The pictures kept with it (the brand to buy), as attachments (docs/FORMAT.md, "Attachments").
    public var photos: [AttachmentRef] {
        get { storedPhotos ?? [] }
        set { storedPhotos = newValue.isEmpty ? nil : newValue }
    }
    /// `photos`, optional so that an item encoded before photos existed still decodes.
    var storedPhotos: [AttachmentRef]?
    /// What recipes and planned meals need of it, by source.
    public var sources: [Source]
    /// The ingredient it is: the `ingredient` field, or for an item made by an older version or
    /// another app, the id its name gives.
    public var ingredientID: String

    /// A recipe or planned meal that put the item on its list.
    public struct Source: Sendable, Hashable, Codable {
        /// The part of the field name after `from.`: a recipe id, or a planned meal's id.
        public var key: String
        /// The recipe's name, when a recipe needs it.
        public var recipe: String?
        /// The recipe's id, when a recipe needs it.
        public var recipeID: String?
        /// The planned meal's id (`2025-03-14-dinner`) when it came from the meal plan.
        public var meal: String?
        /// How much this source needs (`2 cups`), scaled to the servings asked for; `nil` when
        /// the recipe gives no amount.
        public var quantity: String?

        /// A source with these parts.
        public init(key: String, recipe: String?, recipeID: String?, meal: String? = nil, quantity: String?) {
            self.key = key
            self.recipe = recipe
            self.recipeID = recipeID
            self.meal = meal
            self.quantity = quantity
        }

        package var json: JSONValue {
            var object: [String: JSONValue] = [:]
            if let recipe { object["recipe"] = .string(recipe) }
            if let recipeID { object["recipeId"] = .string(recipeID) }
            if let meal { object["meal"] = .string(meal) }
            if let quantity { object["qty"] = .string(quantity) }
            return .object(object)
        }

        init(key: String, json: JSONValue) {
            self.init(
                key: key, recipe: json["recipe"]?.stringValue, recipeID: json["recipeId"]?.stringValue,
                meal: json["meal"]?.stringValue, quantity: GroceryItem.text(json["qty"]))
        }
    }

    static let sourcePrefix = "from."

    /// The fields ticking an item off (or back on) writes.
    static let tickFields: Set<String> = ["checked", "checkedAt", "checkedBy"]

    /// An item with these values (for previews and tests: `Household.add` puts items on lists).
    /// `ingredientID` is the one its name gives; the times, history and who are empty.
    public init(
        id: String, listID: String, name: String, checked: Bool = false, quantity: String? = nil, category: String? = nil,
        note: String? = nil, sources: [Source] = []
    ) {
        self.id = id
        self.listID = listID
        self.name = name
        self.checked = checked
        self.quantity = quantity
        self.category = category
        self.note = note
        self.sources = sources
        self.ingredientID = SemanticID.ingredient(named: name)
    }

    /// - Returns: `nil` for a record of another type, and for one that holds nothing but what
    ///   ticking writes (`checked`, `checkedAt`, `checkedBy` and its `log.` entry): the remains
    ///   of an item whose adding every device ignores (its writer was removed before it), which
    ///   a tick never makes an item. An item without a `list` is on the default list (items written by other
    ///   apps through `ours record put item`).
    init?(_ snapshot: RecordSnapshot) {
        guard snapshot.key.type == RecordTypes.item else { return nil }
        let values = snapshot.values
        guard values.keys.contains(where: { !GroceryItem.tickFields.contains($0) && !$0.hasPrefix(ItemEvent.prefix) })
        else { return nil }
        self.init(
            id: snapshot.key.id, listID: values["list"]?.stringValue ?? GroceryList.defaultID,
            name: snapshot.name ?? snapshot.key.id, checked: values["checked"]?.boolValue ?? false,
            quantity: GroceryItem.text(values["qty"]), category: values["category"]?.stringValue,
            note: values["note"]?.stringValue)
        checkedAt = values["checkedAt"]?.stringValue
        checkedBy = values["checkedBy"]?.stringValue
        addedAt = values["addedAt"]?.stringValue
        addedBy = values["addedBy"]?.stringValue
        photos = AttachmentRef.photos(in: values["photos"])
        history = values.compactMap { ItemEvent(field: $0.key, value: $0.value) }.sorted(by: ItemEvent.chronological)
        if let ingredient = values["ingredient"]?.stringValue, RecordKey.isValidID(ingredient) { ingredientID = ingredient }
        sources = values.compactMap { field, value in
            guard field.hasPrefix(GroceryItem.sourcePrefix), value.objectValue != nil else { return nil }
            return Source(key: String(field.dropFirst(GroceryItem.sourcePrefix.count)), json: value)
        }.sorted { ($0.meal ?? "", $0.recipe ?? "", $0.key) < ($1.meal ?? "", $1.recipe ?? "", $1.key) }
    }

    /// Everything needed of it: its own quantity plus what each source needs. A unit that is
    /// the item's own name is a count: `2 eggs` of eggs and a recipe's `1` make `3`.
    public var total: QuantityTotal {
        var total = quantity.map { QuantityTotal(parsing: $0, of: name) } ?? QuantityTotal()
        for source in sources {
            if let text = source.quantity { total.add(QuantityTotal(parsing: text, of: name)) }
        }
        return total
    }

    /// The quantity in parts, as the list shows it: `1 l + 2 cups (Pancakes)`.
    public var quantityParts: [String] {
        var parts: [String] = quantity.map { [$0] } ?? []
        for source in sources {
            guard let label = source.recipe ?? source.meal else { continue }
            parts.append((source.quantity.map { "\($0) " } ?? "") + "(\(label))")
        }
        return parts
    }

    /// `{"id", "name", "list", "checked", "qty"?, "total"?, "category"?, "note"?, "checkedAt"?,
    /// "checkedBy"?, "addedAt"?, "addedBy"?, "ingredient", "sources": [{"recipe"?, "recipeId"?, "meal"?, "qty"?}],
    /// "photos"?}`.
    package var json: JSONValue {
        var object: [String: JSONValue] = [
            "id": .string(id), "name": .string(name), "list": .string(listID), "checked": .bool(checked),
            "sources": .array(sources.map(\.json)), "ingredient": .string(ingredientID),
        ]
        if let quantity { object["qty"] = .string(quantity) }
        let total = total.description
        if !total.isEmpty { object["total"] = .string(total) }
        if let category { object["category"] = .string(category) }
        if let note { object["note"] = .string(note) }
        if let checkedAt { object["checkedAt"] = .string(checkedAt) }
        if let checkedBy { object["checkedBy"] = .string(checkedBy) }
        if let addedAt { object["addedAt"] = .string(addedAt) }
        if let addedBy { object["addedBy"] = .string(addedBy) }
        if let photos = AttachmentRef.photosValue(photos) { object["photos"] = photos }
        return .object(object)
    }

    static func text(_ value: JSONValue?) -> String? {
        switch value {
        case .string(let text)?: text.isEmpty ? nil : text
        case .number(let number)?: number
        default: nil
        }
    }
}
