/// The record types the household layer writes. Anything else in the household (types other
/// apps add) is left alone.
///
/// These are the `type` of a record's `RecordKey` in `OursSync` (and the folder under
/// `records/`): what an app compares a `RecordChange`'s key with when it reads the engine's
/// changes itself rather than through `HouseholdFeed`.
public enum RecordTypes {
    /// Shopping lists (`GroceryList`).
    public static let list = "list"
    /// Items on shopping lists (`GroceryItem`).
    public static let item = "item"
    /// Item categories, the aisles (`ItemCategory`).
    public static let category = "category"
    /// Recipes (`Recipe`).
    public static let recipe = "recipe"
    /// Planned meals (`PlannedMeal`), one record per day and slot.
    public static let meal = "meal-plan"
    /// Chores (`Chore`).
    public static let chore = "chore"
    /// Tasks (`HouseholdTask`).
    public static let task = "task"
    /// Projects that tasks belong to (`Project`).
    public static let project = "project"
    /// What `meals to-list` added for one week, so it never brings back what was bought since.
    public static let mealShopping = "meal-shopping"
    /// An ingredient the household remembers: its category, whether it is a staple, how often used.
    public static let ingredient = "ingredient"
    /// Memories kept for someone (`Memory`).
    public static let memory = "memory"
}

/// The kinds of household record, as `Household.deletedRecords(kind:since:)`, `restore` and
/// `delete(_:id:)` take them and as people name them on the command line (`ours deleted
/// --type meal`, `ours restore item milk`), with the record type each is stored as.
public enum RecordKind: String, Sendable, CaseIterable, Comparable {
    case list, item, category, ingredient, recipe, meal, chore, project, task, memory

    /// The record type in the folder (`meal` is stored as `meal-plan`).
    public var recordType: String {
        switch self {
        case .list: RecordTypes.list
        case .item: RecordTypes.item
        case .category: RecordTypes.category
        case .ingredient: RecordTypes.ingredient
        case .recipe: RecordTypes.recipe
        case .meal: RecordTypes.meal
        case .chore: RecordTypes.chore
        case .project: RecordTypes.project
        case .task: RecordTypes.task
        case .memory: RecordTypes.memory
        }
    }

    /// The kind a word means: its name, its plural or its record type, in any case.
    init?(word: String) {
        let word = word.lowercased()
        guard
            let kind = RecordKind.allCases.first(where: {
                word == $0.rawValue || word == $0.plural || word == $0.recordType
            })
        else { return nil }
        self = kind
    }

    /// `lists`, `categories`, `memories`.
    var plural: String {
        switch self {
        case .category: "categories"
        case .memory: "memories"
        default: rawValue + "s"
        }
    }

    /// In the order of the cases: lists first, memories last.
    public static func < (a: RecordKind, b: RecordKind) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}
