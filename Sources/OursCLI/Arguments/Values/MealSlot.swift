/// The part of a day a planned meal fills, as `ours plan` accepts it.
public enum MealSlot: String, ArgumentChoice, Hashable {
    case breakfast
    case lunch
    case dinner
    case snack
}
