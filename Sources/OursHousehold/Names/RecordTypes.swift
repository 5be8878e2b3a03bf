/// The record types the household layer writes. Anything else in the household (types other
/// apps add) is left alone.
public enum RecordTypes {
    public static let list = "list"
    public static let item = "item"
    public static let category = "category"
    public static let recipe = "recipe"
    public static let meal = "meal-plan"
    public static let chore = "chore"
    public static let task = "task"
    public static let project = "project"
    /// What `meals to-list` added for one week, so it never brings back what was bought since.
    public static let mealShopping = "meal-shopping"
    /// An ingredient the household remembers: its category, whether it is a staple, how often used.
    public static let ingredient = "ingredient"
}

/// The kinds of household record as people name them on the command line (`ours deleted
/// --type meal`, `ours restore item milk`), with the record type each is stored as.
public enum RecordKind: String, Sendable, CaseIterable, Comparable {
    case list, item, category, ingredient, recipe, meal, chore, project, task

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
        }
    }

    /// The kind a word means: its name, its plural or its record type, in any case.
    public init?(word: String) {
        let word = word.lowercased()
        guard
            let kind = RecordKind.allCases.first(where: {
                word == $0.rawValue || word == $0.plural || word == $0.recordType
            })
        else { return nil }
        self = kind
    }

    /// `lists`, `categories`.
    public var plural: String { self == .category ? "categories" : rawValue + "s" }

    public static func < (a: RecordKind, b: RecordKind) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}
