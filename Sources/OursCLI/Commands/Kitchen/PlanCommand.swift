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
    static let servings: Option<Int?> = .integer(
        "servings", placeholder: "N", in: 1...1000, help: "How many it is for; default the recipe's servings")
    static let note: Option<String?> = .value("note", placeholder: "N", help: "A note for the cook")

    static let spec = Spec(
        "plan", summary: "Plan a recipe or any other meal for a day",
        examples: [
            "ours plan 2025-03-14 dinner Lasagne", "ours plan 2025-03-15 lunch leftovers --replace",
            #"ours plan friday dinner Pancakes --servings 6 --note "double the syrup""#,
        ],
        arguments: [date, slot, meal], options: [replace, servings, note])

    /// As typed: reading it (and words like "today") needs the household's calendar.
    let date: String
    let slot: PlannedMeal.Slot
    let meal: String
    let replace: Bool
    var servings: Int? = nil
    var note: String? = nil

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(
            date: values[date], slot: values[slot], meal: values[meal].joined(separator: " "), replace: values[replace],
            servings: values[servings], note: values[note])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let (meal, outcome) = try context.household().plan(
            date, slot, self.meal, replace: replace, servings: servings, note: note)
        if context.json {
            context.printJSON(meal.json.adding(outcome))
            return 0
        }
        let when = "\(meal.slot.rawValue) on \(meal.date.weekdayName) \(meal.date)"
        let what = context.bold(meal.name) + (meal.recipeID == nil ? "" : context.dim(" (recipe)"))
        switch outcome {
        case .unchanged: context.say("\(what) is already planned for \(when).")
        case .replaced: context.say("Planned \(what) for \(when) instead.")
        case .updated: context.say("Updated \(what) for \(when)" + (meal.servings.map { ": serves \($0)." } ?? "."))
        default: context.say("Planned \(what) for \(when).")
        }
        return 0
    }
}

/// The slots `ours plan` accepts are the household's own, matched ignoring case.
extension PlannedMeal.Slot: ArgumentChoice {}
