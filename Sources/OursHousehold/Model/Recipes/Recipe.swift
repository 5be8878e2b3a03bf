import OursSync

/// A recipe: `recipe` records.
///
/// A new recipe gets a random id: two recipes may share a title (two phones that made
/// "Pancakes" offline keep both). Recipes made by earlier versions keep their ids, which
/// were made from their titles.
///
/// Fields: `name`, `servings` (a whole number), `yield` (as a source wrote it, "12 cookies"),
/// `notes`, `favorite`, `description`, `url`, `image`, `photos` (attachment references: the
/// pictures kept with it), `author` (the first), `authors` (when
/// more than one), `prepTime`, `cookTime`, `totalTime` (ISO 8601 durations), `category`,
/// `cuisine`, `nutrition` (an object of texts), `createdAt`, `createdBy` (a participant id),
/// one `tag.<key>` per tag, and each ingredient and step as a field of its own —
/// `ingredient.<element>` and `step.<element>`, each holding an `order` key — so two people
/// editing different ingredients at once both keep their change. `ingredients` and `steps`
/// hold the same lists as arrays, for versions that read only those (see `Recipe+Storage`).
public struct Recipe: Sendable, Hashable, Codable, Identifiable {
    /// The record's id: random for a recipe made by this version.
    public let id: String
    /// The title: `Banana Bread`.
    public var name: String
    /// The ingredient lines, in order.
    public var ingredients: [Ingredient] {
        didSet { if ingredients.count != ingredientSlots.count { ingredientSlots = [] } }
    }
    /// How many servings it makes, when it says (what `ingredients(forServings:)` scales from).
    public var servings: Int?
    /// What it makes as the source wrote it, when that is not a number of servings: `12 cookies`.
    public var yield: String?
    /// The method: steps, and headings that group them, in order.
    public var steps: [RecipeStep] {
        didSet { if steps.count != stepSlots.count { stepSlots = [] } }
    }
    /// The household's own notes.
    public var notes: String?
    /// Whether it is marked as a favourite.
    public var favorite: Bool
    /// The source's summary of the dish.
    public var description: String?
    /// Where it came from, as written (`sourceURL` when it is a web address).
    public var url: String?
    /// Its picture's address, as written (`imageURL` when it is a web address).
    public var image: String?
    /// The pictures kept with it, as attachments (docs/FORMAT.md, "Attachments"), in order.
    public var photos: [AttachmentRef] {
        get { storedPhotos ?? [] }
        set { storedPhotos = newValue.isEmpty ? nil : newValue }
    }
    /// `photos`, optional so that a recipe encoded before photos existed still decodes.
    var storedPhotos: [AttachmentRef]?
    /// Everyone the source credits, in its order.
    public var authors: [String] = []
    /// How long preparing takes, as stored: an ISO 8601 duration (`PT25M`), or a source's own
    /// text; `RecipeDuration(_:)` reads it, `RecipeDuration.spoken(_:)` shows it.
    public var prepTime: String?
    /// How long cooking takes, stored as `prepTime` is.
    public var cookTime: String?
    /// How long it takes in all, stored as `prepTime` is.
    public var totalTime: String?
    /// Keywords, from the source or given: `quick`, `vegetarian`.
    public var tags: [String] = []
    /// The kind of dish: `Dessert`, `Main course`.
    public var category: String?
    /// The cuisine: `Italian`.
    public var cuisine: String?
    /// What the source says per serving: `calories` → `250 kcal`, `fatContent` → `10 g`.
    public var nutrition: [String: String] = [:]
    /// When it was made (milliseconds since 1970) and by whom (a participant id), for recipes
    /// made by this version.
    public var createdAt: Int64?
    /// Who made it: a participant id; `nil` for a recipe made by an older version (see
    /// `Household.origin(of:)`).
    public var createdBy: String?
    /// Where each ingredient and step is stored, parallel to `ingredients` and `steps`; `nil`
    /// for one not stored yet. Empty when the lists were replaced as a whole.
    var ingredientSlots: [RecipeSlot?] = []
    var stepSlots: [RecipeSlot?] = []

    // Where each ingredient and step is stored is the engine's business: a decoded recipe
    // writes its lists whole, as one whose lists were replaced.
    enum CodingKeys: String, CodingKey {
        case id, name, ingredients, servings, yield, steps, notes, favorite, description, url, image, authors
        case prepTime, cookTime, totalTime, tags, category, cuisine, nutrition, createdAt, createdBy
        case storedPhotos = "photos"
    }

    /// The first author, the one older versions show.
    public var author: String? { authors.first }

    /// A new recipe, with a new random id unless `id` is given.
    public init(
        name: String, ingredients: [Ingredient] = [], servings: Int? = nil, steps: [RecipeStep] = [], notes: String? = nil,
        favorite: Bool = false, id: String? = nil
    ) {
        self.id = id ?? RecordKey.newID()
        self.name = NameKey.display(name)
        self.ingredients = ingredients
        self.servings = servings
        self.steps = steps
        self.notes = notes
        self.favorite = favorite
    }

    /// The steps to follow, without the headings that group them.
    public var instructions: [String] { steps.filter { !$0.isSection }.map(\.text) }

    /// The ingredients for `servings` servings.
    /// - Throws: `.usage` when the recipe does not say how many servings it makes.
    public func ingredients(forServings target: Int?) throws(OursError) -> [Ingredient] {
        guard let target, target != servings else { return ingredients }
        guard let servings, servings > 0 else {
            throw .usage(
                "\(name) does not say how many servings it makes, so it cannot be scaled to \(target)",
                hint: "Say how many it makes with `ours recipe edit \"\(name)\" --servings N`, or leave out --servings.")
        }
        return ingredients.map { $0.scaled(by: Rational(target, servings)) }
    }

    /// Whether two recipes hold the same recipe: the same ingredient lines and steps.
    func hasSameContent(as other: Recipe) -> Bool {
        ingredients.map { NameKey.normalize($0.text) } == other.ingredients.map { NameKey.normalize($0.text) }
            && steps.map { NameKey.normalize($0.text) } == other.steps.map { NameKey.normalize($0.text) }
    }
}

/// One entry of a recipe's method: a step, or a heading that groups the steps after it
/// ("For the sauce"), as schema.org's `HowToSection` does.
public struct RecipeStep: Sendable, Hashable, Codable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// What to do, or the heading's text.
    public var text: String
    /// Whether it is a heading rather than a step.
    public var isSection: Bool

    /// A step, or a heading when `isSection` is true.
    public init(_ text: String, isSection: Bool = false) {
        self.text = text
        self.isSection = isSection
    }

    /// A step written as a string literal.
    public init(stringLiteral text: String) { self.init(text) }

    /// The text.
    public var description: String { text }
}

/// Where one ingredient or step of a recipe is stored: its element id (the field is
/// `ingredient.<id>` or `step.<id>`) and its order key.
struct RecipeSlot: Sendable, Hashable {
    var id: String
    var order: String
}
