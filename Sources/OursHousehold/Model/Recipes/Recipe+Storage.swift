import OursSync

/// How a recipe's ingredients and steps are stored.
///
/// Each is a field of its own: `ingredient.<element>` holds `Ingredient.json` plus `order` (an
/// `OrderKey`) and `ingredient` (its `KnownIngredient` id); `step.<element>` holds `{"text",
/// "order", "section"?}`. Lists are read by sorting on `order`, then the element id.
///
/// Versions before this one read `ingredients` (an array of `Ingredient.json`) and `steps` (an
/// array of strings), so every write keeps those two arrays as copies of the lists. A copy
/// written *after* every element field (by an older version, which knows nothing of elements)
/// and different from the elements is the recipe as that version left it, and is read instead;
/// the next write by this version turns it back into elements.
extension Recipe {
    static let ingredientPrefix = "ingredient."
    static let stepPrefix = "step."
    static let tagPrefix = "tag."

    /// The lists as stored: from the element fields, or the arrays.
    /// - Parameters:
    ///   - values: the record's fields.
    ///   - stamps: the winning stamp of each field, removals included; without them the
    ///     element fields are always read when there are any.
    mutating func readLists(_ values: [String: JSONValue], stamps: [String: Stamp]?) {
        let storedIngredients = Recipe.elements(values, prefix: Recipe.ingredientPrefix)
        let copy = (values["ingredients"]?.arrayValue ?? []).compactMap(Ingredient.init(json:))
        let elementIngredients = storedIngredients.compactMap { Ingredient(json: $0.value) }
        if storedIngredients.isEmpty
            || Recipe.copyIsNewer("ingredients", than: Recipe.ingredientPrefix, stamps)
                && copy.map(\.json) != elementIngredients.map(\.json)
        {
            ingredients = copy
        } else {
            ingredients = elementIngredients
            ingredientSlots = storedIngredients.map(\.slot)
        }
        let storedSteps = Recipe.elements(values, prefix: Recipe.stepPrefix)
        let stepCopy = (values["steps"]?.arrayValue ?? []).compactMap(\.stringValue).map { RecipeStep($0) }
        let elementSteps = storedSteps.map { RecipeStep.stored($0.value) }
        if storedSteps.isEmpty
            || Recipe.copyIsNewer("steps", than: Recipe.stepPrefix, stamps)
                && stepCopy.map(\.text) != elementSteps.map(\.text)
        {
            steps = stepCopy
        } else {
            steps = elementSteps
            stepSlots = storedSteps.map(\.slot)
        }
    }

    /// The element fields with `prefix`, in order.
    private static func elements(_ values: [String: JSONValue], prefix: String) -> [(slot: RecipeSlot?, value: JSONValue)] {
        values.compactMap { field, value -> (RecipeSlot, JSONValue)? in
            guard field.hasPrefix(prefix), field.count > prefix.count, value.objectValue != nil else { return nil }
            return (RecipeSlot(id: String(field.dropFirst(prefix.count)), order: value["order"]?.stringValue ?? ""), value)
        }
        .sorted { ($0.0.order, $0.0.id) < ($1.0.order, $1.0.id) }
        .map { (slot: $0.0, value: $0.1) }
    }

    /// Whether the array `field` was written after every element field with `prefix`.
    private static func copyIsNewer(_ field: String, than prefix: String, _ stamps: [String: Stamp]?) -> Bool {
        guard let stamps, let copy = stamps[field] else { return false }
        return stamps.allSatisfy { name, stamp in !name.hasPrefix(prefix) || stamp < copy }
    }

    /// The fields that make a record hold this recipe, written over `existing` (the same
    /// record as stored, or nil for a new one): only what differs, and removals of what the
    /// recipe no longer has.
    func fields(replacing existing: RecordSnapshot?) -> [String: JSONValue?] {
        let old = existing?.values ?? [:]
        var fields = scalarFields
        for field in old.keys where field.hasPrefix(Recipe.tagPrefix) && fields[field] == nil {
            fields.updateValue(nil, forKey: field)
        }
        let storedBefore = existing.map { snapshot -> Recipe in
            var before = Recipe(name: "", id: id)
            before.readLists(snapshot.values, stamps: nil)
            return before
        }
        fields.merge(
            Recipe.elementFields(
                ingredients.map(\.storedJSON), slots: ingredientSlots, before: storedBefore?.storedIngredientSlots ?? [],
                prefix: Recipe.ingredientPrefix)
        ) { $1 }
        fields.merge(
            Recipe.elementFields(
                steps.map(\.storedJSON), slots: stepSlots, before: storedBefore?.storedStepSlots ?? [], prefix: Recipe.stepPrefix)
        ) { $1 }
        fields.merge(listCopies) { $1 }
        return fields.filter { field, value in
            guard let value else { return old[field] != nil }
            return old[field] != value
        }
    }

    /// The arrays older versions read, and the prefix of the element fields each copies.
    static let listCopies = ["ingredients": ingredientPrefix, "steps": stepPrefix]

    /// The arrays older versions read, as this recipe's lists make them (`nil`: no steps).
    var listCopies: [String: JSONValue?] {
        [
            "ingredients": .array(ingredients.map(\.storedJSON)),
            "steps": steps.isEmpty ? nil : .array(steps.map { .string($0.text) }),
        ]
    }

    /// Slots of the element fields as stored, whichever lists were read.
    private var storedIngredientSlots: [RecipeSlot] { ingredientSlots.compactMap { $0 } }
    private var storedStepSlots: [RecipeSlot] { stepSlots.compactMap { $0 } }

    /// The element fields for `values`: each kept in its slot; a list replaced as a whole
    /// (no slots) takes the stored slots in order; a new element gets a new id and an order
    /// key between its neighbours'. Stored elements no longer there are removed.
    private static func elementFields(
        _ values: [JSONValue], slots given: [RecipeSlot?], before: [RecipeSlot], prefix: String
    ) -> [String: JSONValue?] {
        var slots: [RecipeSlot?] =
            given.count == values.count && given.contains(where: { $0 != nil })
            ? given : values.indices.map { $0 < before.count ? before[$0] : nil }
        if before.isEmpty, slots.allSatisfy({ $0 == nil }) {
            // A new list: keys spread evenly, short, with room between any two.
            slots = OrderKey.spread(values.count).map { RecipeSlot(id: RandomID.make(length: 8), order: $0) }
        }
        var lower: String?
        for index in slots.indices {
            if let slot = slots[index] {
                lower = slot.order
                continue
            }
            let upper = slots[(index + 1)...].lazy.compactMap { $0?.order }.first
            let order = OrderKey.between(lower, upper)
            slots[index] = RecipeSlot(id: RandomID.make(length: 8), order: order)
            lower = order
        }
        var fields: [String: JSONValue?] = [:]
        for (value, slot) in zip(values, slots) {
            guard let slot, var object = value.objectValue else { continue }
            object["order"] = .string(slot.order)
            fields[prefix + slot.id] = .object(object)
        }
        let kept = Set(slots.compactMap { $0?.id })
        for slot in before where !kept.contains(slot.id) { fields.updateValue(nil, forKey: prefix + slot.id) }
        return fields
    }

    /// Every field but the lists; `nil` for what the recipe does not have.
    private var scalarFields: [String: JSONValue?] {
        func text(_ value: String?) -> JSONValue? { value.map { .string($0) } }
        var fields: [String: JSONValue?] = [
            "name": .string(name), "servings": servings.map { JSONValue($0) }, "yield": text(yield), "notes": text(notes),
            "favorite": .bool(favorite), "description": text(description), "url": text(url), "image": text(image),
            "author": text(author), "authors": authors.count > 1 ? .array(authors.map { .string($0) }) : nil,
            "prepTime": text(prepTime), "cookTime": text(cookTime), "totalTime": text(totalTime), "category": text(category),
            "cuisine": text(cuisine), "nutrition": nutrition.isEmpty ? nil : .object(nutrition.mapValues { .string($0) }),
        ]
        if let createdAt { fields["createdAt"] = .string(UTCTime.iso8601(millis: createdAt)) }
        if let createdBy { fields["createdBy"] = .string(createdBy) }
        fields["photos"] = AttachmentRef.photosValue(photos)
        for tag in tags { fields[Recipe.tagPrefix + NameKey.normalize(tag)] = .string(tag) }
        return fields
    }
}

extension Ingredient {
    /// `json`, plus the id of the ingredient it is.
    var storedJSON: JSONValue {
        var object = json.objectValue ?? [:]
        object["ingredient"] = .string(SemanticID.ingredient(named: name))
        return .object(object)
    }
}

extension RecipeStep {
    /// `{"text", "section"?: true}`.
    var storedJSON: JSONValue {
        var object: [String: JSONValue] = ["text": .string(text)]
        if isSection { object["section"] = true }
        return .object(object)
    }

    /// A step as an element field holds it (a plain string is read as a step too).
    static func stored(_ value: JSONValue) -> RecipeStep {
        RecipeStep(value["text"]?.stringValue ?? value.stringValue ?? "", isSection: value["section"]?.boolValue ?? false)
    }
}
