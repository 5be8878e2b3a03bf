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
    /// An ingredient the household remembers: its category, whether it is a staple, how often used.
    public static let ingredient = "ingredient"
}
