import OursSync

/// A recipe: `recipe` records.
///
/// Fields: `name`, `ingredients` (an array of `Ingredient.json` objects), `servings` (a
/// whole number), `yield` (as a source wrote it, "12 cookies"), `steps` (an array of
/// strings), `notes`, `favorite`, and from imports `description`, `url`, `image`, `author`,
/// `prepTime`, `cookTime`, `totalTime` (ISO 8601 durations, as the source wrote them).
public struct Recipe: Sendable, Hashable {
    public let id: String
    public var name: String
    public var ingredients: [Ingredient]
    public var servings: Int?
    public var yield: String?
    public var steps: [String]
    public var notes: String?
    public var favorite: Bool
    public var description: String?
    public var url: String?
    public var image: String?
    public var author: String?
    public var prepTime: String?
    public var cookTime: String?
    public var totalTime: String?

    public init(
        name: String, ingredients: [Ingredient] = [], servings: Int? = nil, steps: [String] = [], notes: String? = nil,
        favorite: Bool = false
    ) {
        self.id = SemanticID.recipe(named: name)
        self.name = NameKey.display(name)
        self.ingredients = ingredients
        self.servings = servings
        self.steps = steps
        self.notes = notes
        self.favorite = favorite
    }

    init(id: String, name: String) {
        self.id = id
        self.name = name
        self.ingredients = []
        self.steps = []
        self.favorite = false
    }

    public init?(_ snapshot: RecordSnapshot) {
        guard snapshot.key.type == RecordTypes.recipe, let name = snapshot.name else { return nil }
        let values = snapshot.values
        self.init(id: snapshot.key.id, name: name)
        ingredients = (values["ingredients"]?.arrayValue ?? []).compactMap(Ingredient.init(json:))
        servings = values["servings"]?.intValue
        yield = values["yield"]?.stringValue
        steps = (values["steps"]?.arrayValue ?? []).compactMap(\.stringValue)
        notes = values["notes"]?.stringValue
        favorite = values["favorite"]?.boolValue ?? false
        description = values["description"]?.stringValue
        url = values["url"]?.stringValue
        image = values["image"]?.stringValue
        author = values["author"]?.stringValue
        prepTime = values["prepTime"]?.stringValue
        cookTime = values["cookTime"]?.stringValue
        totalTime = values["totalTime"]?.stringValue
    }

    /// The record's fields; `nil` removes a field (a replaced recipe loses what the new one
    /// does not have).
    var fields: [String: JSONValue?] {
        func text(_ value: String?) -> JSONValue? { value.map { .string($0) } }
        return [
            "name": .string(name), "ingredients": .array(ingredients.map(\.json)),
            "servings": servings.map { JSONValue($0) }, "yield": text(yield),
            "steps": steps.isEmpty ? nil : .array(steps.map { .string($0) }), "notes": text(notes),
            "favorite": .bool(favorite), "description": text(description), "url": text(url), "image": text(image),
            "author": text(author), "prepTime": text(prepTime), "cookTime": text(cookTime), "totalTime": text(totalTime),
        ]
    }

    /// The ingredients for `servings` servings.
    /// - Throws: `.usage` when the recipe does not say how many servings it makes.
    public func ingredients(forServings target: Int?) throws(OursError) -> [Ingredient] {
        guard let target, target != servings else { return ingredients }
        guard let servings, servings > 0 else {
            throw .usage(
                "\(name) does not say how many servings it makes, so it cannot be scaled to \(target)",
                hint:
                    "Add the count: `ours recipe add \"\(name)\" --servings N --force` with its ingredients, or leave out --servings."
            )
        }
        return ingredients.map { $0.scaled(by: Rational(target, servings)) }
    }

    /// The recipe's fields plus `id`, with `ingredients` as `Ingredient.json` objects.
    public var json: JSONValue {
        var object: [String: JSONValue] = ["id": .string(id)]
        for (key, value) in fields { if let value { object[key] = value } }
        object["steps"] = .array(steps.map { .string($0) })
        return .object(object)
    }
}
