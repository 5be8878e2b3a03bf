import OursHousehold
import OursSync

/// `ours plan DATE SLOT RECIPE-OR-TEXT... [--replace]`: a recipe, or any text, for one meal
/// of a day; the words of the meal are joined.
struct PlanCommand: OursCommand {
    static let date: Argument<String> = .required("DATE", help: "The day, as YYYY-MM-DD")
    static let slot: Argument<PlannedMeal.Slot> = .choice("SLOT", help: "breakfast, lunch, dinner or snack")
    static let meal: Argument<[String]> = .oneOrMore(
        "RECIPE-OR-TEXT", help: "A recipe's name, or any text; several words are joined")
    static let replace: Option<Bool> = .flag("replace", help: "Replace what is already planned for that meal")

    static let spec = Spec(
        "plan", summary: "Plan a recipe or any other meal for a day",
        examples: ["ours plan 2025-03-14 dinner Lasagne", "ours plan 2025-03-15 lunch leftovers --replace"],
        arguments: [date, slot, meal], options: [replace])

    /// As typed: reading it (and words like "today") needs the household's calendar.
    let date: String
    let slot: PlannedMeal.Slot
    let meal: String
    let replace: Bool

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(
            date: values[date], slot: values[slot], meal: values[meal].joined(separator: " "), replace: values[replace])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let (meal, outcome) = try context.household().plan(date, slot, self.meal, replace: replace)
        if context.json {
            context.printJSON(meal.json.adding(outcome))
            return 0
        }
        let when = "\(meal.slot.rawValue) on \(meal.date.weekdayName) \(meal.date)"
        let what = context.bold(meal.name) + (meal.recipeID == nil ? "" : context.dim(" (recipe)"))
        switch outcome {
        case .unchanged: context.say("\(what) is already planned for \(when).")
        case .replaced: context.say("Planned \(what) for \(when) instead.")
        default: context.say("Planned \(what) for \(when).")
        }
        return 0
    }
}

/// The slots `ours plan` accepts are the household's own, matched ignoring case.
extension PlannedMeal.Slot: ArgumentChoice {}
