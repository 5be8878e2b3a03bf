import Foundation
import OursSync

/// Changes to one of a recipe's lists, by the numbers the recipe shows (1 for the first):
/// each touches only the elements it names, so two people editing different steps at once
/// both keep their change.
public struct RecipeListEdit: Sendable, Hashable {
    /// New texts for entries.
    public var replace: [(Int, String)]
    /// Entries to remove.
    public var remove: [Int]
    /// Texts to put before an entry (one past the last appends).
    public var insert: [(Int, String)]
    /// Texts to put at the end.
    public var append: [String]

    /// An edit with these changes; the numbers are those the recipe shows, 1 for the first.
    public init(replace: [(Int, String)] = [], remove: [Int] = [], insert: [(Int, String)] = [], append: [String] = []) {
        self.replace = replace
        self.remove = remove
        self.insert = insert
        self.append = append
    }

    var isEmpty: Bool { replace.isEmpty && remove.isEmpty && insert.isEmpty && append.isEmpty }

    /// Whether both make the same changes.
    public static func == (a: Self, b: Self) -> Bool {
        a.replace.map { "\($0.0)=\($0.1)" } == b.replace.map { "\($0.0)=\($0.1)" } && a.remove == b.remove
            && a.insert.map { "\($0.0)=\($0.1)" } == b.insert.map { "\($0.0)=\($0.1)" } && a.append == b.append
    }

    /// Hashes the changes, as `==` compares them.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(remove)
        hasher.combine(append)
        for (index, text) in replace + insert {
            hasher.combine(index)
            hasher.combine(text)
        }
    }

    /// The list after the edit, each entry with its slot (`nil` for a new one).
    /// - Parameter what: `step` or `ingredient`, for messages.
    func applied<T>(
        to entries: [T], slots: [RecipeSlot?], make: (String) -> T, what: String, recipe: String
    ) throws(OursError) -> (entries: [T], slots: [RecipeSlot?]) {
        func check(_ number: Int, allowingEnd: Bool = false) throws(OursError) {
            guard number >= 1, number <= entries.count + (allowingEnd ? 1 : 0) else {
                throw .usage(
                    "\(recipe) has no \(what) \(number): it has \(entries.count) \(what)\(entries.count == 1 ? "" : "s")",
                    hint: "`ours recipe show \"\(recipe)\"` numbers them.")
            }
        }
        let slots = slots.count == entries.count ? slots : Array(repeating: nil, count: entries.count)
        var items: [(T, RecipeSlot?)?] = zip(entries, slots).map { ($0, $1) }
        for (number, text) in replace {
            try check(number)
            items[number - 1]?.0 = make(text)
        }
        for number in remove {
            try check(number)
            items[number - 1] = nil
        }
        var before: [Int: [T]] = [:]
        for (number, text) in insert {
            try check(number, allowingEnd: true)
            before[number - 1, default: []].append(make(text))
        }
        var result: [(T, RecipeSlot?)] = []
        for index in 0...items.count {
            for entry in before[index] ?? [] { result.append((entry, nil)) }
            if index < items.count, let item = items[index] { result.append(item) }
        }
        result += append.map { (make($0), nil) }
        return (result.map(\.0), result.map(\.1))
    }
}

/// Everything `recipe edit` can change; `nil` and empty leave a part as it is.
public struct RecipeEdit: Sendable, Hashable {
    /// A new title.
    public var name: String?
    /// A new number of servings.
    public var servings: Int?
    /// Durations as typed (`25m`, `1h30m`, `PT25M`); an empty text removes one.
    public var prepTime: String?
    /// The cooking time, as `prepTime` takes it.
    public var cookTime: String?
    /// The whole time, as `prepTime` takes it.
    public var totalTime: String?
    /// An empty text removes the notes.
    public var notes: String?
    /// The source address; an empty text removes it.
    public var source: String?
    /// Tags to add (one it has already, in any case, is not added twice).
    public var addTags: [String]
    /// Tags to take off, in any case.
    public var removeTags: [String]
    /// Changes to the ingredient lines, each line as typed (`2 cups flour`).
    public var ingredients: RecipeListEdit
    /// Changes to the steps.
    public var steps: RecipeListEdit
    /// Its pictures: `.set` replaces them with these files (paths), each kept as an attachment;
    /// `.clear` takes them all off (the files stay in the folder for other records and restores).
    public var photos: Edit<[String]>

    /// An edit with these changes; the defaults change nothing.
    public init(
        name: String? = nil, servings: Int? = nil, prepTime: String? = nil, cookTime: String? = nil,
        totalTime: String? = nil, notes: String? = nil, source: String? = nil, addTags: [String] = [],
        removeTags: [String] = [], ingredients: RecipeListEdit = .init(), steps: RecipeListEdit = .init(),
        photos: Edit<[String]> = .keep
    ) {
        self.photos = photos
        self.name = name
        self.servings = servings
        self.prepTime = prepTime
        self.cookTime = cookTime
        self.totalTime = totalTime
        self.notes = notes
        self.source = source
        self.addTags = addTags
        self.removeTags = removeTags
        self.ingredients = ingredients
        self.steps = steps
    }
}

extension Household {
    /// Edits a recipe: only the fields and elements the edit changes are written.
    /// - Returns: the recipe and `.updated`, or `.unchanged` when it already was so.
    /// - Throws: `.usage` for a step or ingredient number it does not have, or a duration that
    ///   does not read; `.failed` for a new title another recipe has; `.notFound`/`.usage` for
    ///   a photo that cannot be read or passes the attachment size limit (nothing is written).
    public func editRecipe(_ name: String, _ edit: RecipeEdit) throws(OursError) -> (recipe: Recipe, outcome: Outcome) {
        let photos = try photos(edit.photos) { () throws(OursError) in _ = try recipe(named: name) }
        return try zone.write { () throws(OursError) -> (recipe: Recipe, outcome: Outcome) in
            var recipe = try recipe(named: name)
            let original = recipe
            if let photos { recipe.photos = photos }
            if let newName = edit.name {
                recipe.name = try Household.cleanName(newName, what: "recipe")
                let taken = try recipes().filter { $0.id != recipe.id && RecipeTitle.same($0.name, recipe.name) }
                if !taken.isEmpty, !RecipeTitle.same(original.name, recipe.name) {
                    throw try titleTaken(
                        recipe.name, by: taken, hint: "Choose another title, or rename or delete that recipe first.")
                }
            }
            if let servings = edit.servings { recipe.servings = servings }
            recipe.prepTime = try Household.duration(edit.prepTime, "--prep", else: recipe.prepTime)
            recipe.cookTime = try Household.duration(edit.cookTime, "--cook", else: recipe.cookTime)
            recipe.totalTime = try Household.duration(edit.totalTime, "--total", else: recipe.totalTime)
            if let notes = edit.notes { recipe.notes = notes.isEmpty ? nil : notes }
            if let source = edit.source { recipe.url = NameKey.display(source).isEmpty ? nil : NameKey.display(source) }
            recipe.tags.removeAll { tag in edit.removeTags.contains { NameKey.matches($0, tag) } }
            for tag in edit.addTags.map(NameKey.display)
            where !tag.isEmpty && !recipe.tags.contains(where: { NameKey.matches($0, tag) }) {
                recipe.tags.append(tag)
            }
            let (ingredients, ingredientSlots) = try edit.ingredients.applied(
                to: recipe.ingredients, slots: recipe.ingredientSlots, make: Ingredient.init(parsing:), what: "ingredient",
                recipe: recipe.name)
            recipe.ingredients = ingredients
            recipe.ingredientSlots = ingredientSlots
            let (steps, stepSlots) = try edit.steps.applied(
                to: recipe.steps, slots: recipe.stepSlots, make: { RecipeStep(NameKey.display($0)) }, what: "step",
                recipe: recipe.name)
            recipe.steps = steps
            recipe.stepSlots = stepSlots
            let fields = recipe.fields(replacing: try snapshot(RecordTypes.recipe, recipe.id))
            guard !fields.isEmpty else { return (recipe, .unchanged) }
            try writeRecipe(recipe, fields)
            if !edit.ingredients.isEmpty { try countRecipeUses(recipe) }
            return (recipe, .updated)
        }
    }

    /// A duration as stored (ISO 8601) from one as typed; `current` when none is given, `nil`
    /// for an empty text.
    static func duration(_ text: String?, _ option: String, else current: String?) throws(OursError) -> String? {
        guard let text else { return current }
        if text.trimmingCharacters(in: .whitespaces).isEmpty { return nil }
        guard let duration = RecipeDuration(text) else {
            throw .usage("\(option) \"\(text)\" is not a duration", hint: "Use minutes and hours: 25m, 1h30m, 90 min, or PT25M.")
        }
        return duration.iso8601
    }
}

extension Household {
    /// Deletes a recipe the way every container is deleted (`delete(_:id:)`): the meals planned
    /// with it lose their link and stay planned, as text. `ours restore recipe` brings it back.
    /// - Parameter confirmed: whether to go ahead when meals are planned with it.
    /// - Returns: the recipe and the meals that were planned with it.
    /// - Throws: `.usage` (a missing `--yes`) when meals are planned with it and `confirmed` is false.
    public func deleteRecipe(_ name: String, confirmed: Bool) throws(OursError) -> (recipe: Recipe, meals: [RecordRef]) {
        try zone.write { () throws(OursError) -> (recipe: Recipe, meals: [RecordRef]) in
            let recipe = try recipe(named: name)
            let meals = try snapshot(RecordTypes.recipe, recipe.id).map { (record) throws(OursError) -> [RecordRef] in
                try contents(of: .recipe, record)
            }
            if let meals, !meals.isEmpty, !confirmed {
                throw .usage(
                    "\(recipe.name) is planned for \(meals.count == 1 ? "a meal" : "\(meals.count) meals"): "
                        + meals.sorted { $0.id < $1.id }.compactMap(\.context).joined(separator: ", "),
                    hint: "Add --yes to delete it; those meals stay planned, under its name as text.")
            }
            return (recipe, try delete(.recipe, id: recipe.id))
        }
    }
}
