import OursHousehold
import OursSync

extension Commands {
    func plan(_ date: String, _ slot: MealSlot, _ text: String, replace: Bool) throws(OursError) {
        let (meal, outcome) = try life().plan(date, PlannedMeal.Slot(rawValue: slot.rawValue)!, text, replace: replace)
        if context.json { return context.printJSON(Commands.with(meal.json, ["outcome": Commands.outcome(outcome)])) }
        let when = "\(meal.slot.rawValue) on \(meal.date.weekdayName) \(meal.date)"
        let what = context.bold(meal.name) + (meal.recipeID == nil ? "" : context.dim(" (recipe)"))
        switch outcome {
        case .unchanged: context.say("\(what) is already planned for \(when).")
        case .replaced: context.say("Planned \(what) for \(when) instead.")
        default: context.say("Planned \(what) for \(when).")
        }
    }

    func meals(week: String?) throws(OursError) {
        let life = try life()
        let days = try life.week(of: week)
        let meals = try life.meals(on: days)
        if context.json { return context.printJSON(["week": Commands.weekJSON(days), "meals": .array(meals.map(\.json))]) }
        guard !meals.isEmpty else {
            return context.say("Nothing planned for the week of \(days[0]). Plan a meal with `ours plan DATE SLOT RECIPE`.")
        }
        context.say(context.bold("Week of \(days[0].weekdayName) \(days[0])"))
        let rows = meals.map { meal in
            [
                "  " + String(meal.date.weekdayName.prefix(3)) + " " + meal.date.description, meal.slot.rawValue,
                meal.name + (meal.recipeID == nil ? "" : " " + context.dim("(recipe)")),
            ]
        }
        context.console.out(Table.render(["  DAY", "MEAL", "WHAT"], rows))
    }

    func mealsToList(week: String?, list: String?) throws(OursError) {
        let life = try life()
        let days = try life.week(of: week)
        let (result, meals, skipped) = try life.addMealsToList(days, list: list)
        context.printAddResult(
            result,
            extra: ["week": Commands.weekJSON(days), "meals": .array(meals.map(\.json)), "skipped": .array(skipped.map(\.json))])
        guard !context.json else { return }
        if meals.isEmpty { context.say("No recipes planned for the week of \(days[0]); nothing to add.") }
        if !skipped.isEmpty {
            context.say(
                context.dim(
                    "Not recipes, so nothing added for: "
                        + skipped.map { "\($0.name) (\($0.date) \($0.slot.rawValue))" }.joined(separator: ", ")))
        }
    }

    /// `{"start", "end"}`: the Monday and the Sunday.
    static func weekJSON(_ days: [CalendarDay]) -> JSONValue {
        ["start": .string(days[0].description), "end": .string(days[days.count - 1].description)]
    }
}
