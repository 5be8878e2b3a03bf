import OursHousehold
import OursSync

/// `ours meals [--week DATE]`: a week's meal plan.
struct MealsCommand: OursCommand {
    static let week: Option<String?> = .week

    static let spec = Spec(
        "meals", summary: "Show a week's meal plan", examples: ["ours meals", "ours meals --week next", "ours meals --week +2"],
        options: [week])

    /// Any day of the week, as typed; nil for this week.
    let week: String?

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(week: values[week])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let household = try context.household()
        let days = try household.week(of: week)
        let meals = try household.meals(on: days)
        if context.json {
            context.printJSON(.array(meals.map(\.json)))
            return 0
        }
        guard !meals.isEmpty else {
            context.say("Nothing planned for the week of \(days[0]). Plan a meal with `ours plan DATE SLOT RECIPE`.")
            return 0
        }
        context.say(context.bold("Week of \(days[0].weekdayName) \(days[0])"))
        let rows = meals.map { meal in
            [
                "  " + String(meal.date.weekdayName.prefix(3)) + " " + meal.date.description, meal.slot.rawValue,
                meal.name + (meal.recipeID == nil ? "" : " " + context.dim("(recipe)")),
            ]
        }
        context.console.out(Table.render(["  DAY", "MEAL", "WHAT"], rows))
        return 0
    }
}

/// `ours meals to-list [--week DATE] [--list L]`: the ingredients of a week's planned recipes
/// onto a list.
struct MealsToListCommand: OursCommand {
    static let week: Option<String?> = .week
    static let list: Option<String?> = .targetList

    static let spec = Spec(
        "to-list", summary: "Add the ingredients of a week's planned recipes to a list",
        examples: ["ours meals to-list", "ours meals to-list --week next --list Groceries"], options: [week, list])

    let week: String?
    let list: String?

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(week: values[week], list: values[list])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let household = try context.household()
        let days = try household.week(of: week)
        let (result, meals, skipped) = try household.addMealsToList(days, list: list)
        context.printAddResult(
            result,
            extra: [
                "week": days.weekJSON, "meals": .array(meals.map(\.json)), "skipped": .array(skipped.map(\.json)),
                "settled": .array(result.settled.map(\.json)),
            ])
        guard !context.json else { return 0 }
        if !result.settled.isEmpty {
            context.say(
                context.dim(
                    "Bought or removed since it was added for this week, so not added again: "
                        + result.settled.map(\.name).joined(separator: ", ")))
        }
        if meals.isEmpty { context.say("No recipes planned for the week of \(days[0]); nothing to add.") }
        if !skipped.isEmpty {
            context.say(
                context.dim(
                    "Not recipes, so nothing added for: "
                        + skipped.map { "\($0.name) (\($0.date) \($0.slot.rawValue))" }.joined(separator: ", ")))
        }
        return 0
    }
}

extension Option where Value == String? {
    /// `--week DATE`, for the meal-plan commands.
    fileprivate static var week: Self {
        .value(
            "week", placeholder: "WEEK",
            help: "this, next, last, +N or -N weeks, or any day of it (YYYY-MM-DD, tomorrow, friday); default this week")
    }
}

extension [CalendarDay] {
    /// `{"start", "end"}`: the Monday and the Sunday of a week's days.
    fileprivate var weekJSON: JSONValue {
        ["start": .string(self[0].description), "end": .string(self[count - 1].description)]
    }
}
