import OursSync

extension Household {
    /// Plans a meal: a recipe when the text is a recipe's name, else the text itself.
    /// - Parameters:
    ///   - dateText: `yyyy-MM-dd`, `today`, `tomorrow` or a weekday.
    ///   - replace: whether to replace a different meal already planned there.
    /// - Returns: the meal and `.created`, `.replaced` or `.unchanged`.
    /// - Throws: `.usage` for a bad date; `.failed` when another meal is planned there and
    ///   `replace` is false.
    public func plan(
        _ dateText: String, _ slot: PlannedMeal.Slot, _ text: String, replace: Bool = false
    ) throws(OursError) -> (meal: PlannedMeal, outcome: Outcome) {
        let day = try CalendarDay.parse(dateText, today: today)
        let text = try Household.cleanName(text, what: "meal")
        let recipe = try recipe(exactlyNamed: text)
        let meal = PlannedMeal(date: day, slot: slot, name: recipe?.name ?? text, recipeID: recipe?.id)
        return try zone.device.withLock { () throws(OursError) -> (meal: PlannedMeal, outcome: Outcome) in
            let existing = try snapshot(RecordTypes.meal, meal.id)
            let current = existing.flatMap { $0.isDeleted ? nil : PlannedMeal($0) }
            if let current {
                if current.name == meal.name, current.recipeID == meal.recipeID { return (current, .unchanged) }
                guard replace else {
                    throw .failed(
                        "\(slot.rawValue) on \(day.weekdayName) \(day) is already planned: \(current.name)",
                        hint: "Add --replace to plan \(meal.name) instead.")
                }
            }
            let fields = meal.fields.filter { $0.value != nil || existing?.values[$0.key] != nil }
            try write(RecordTypes.meal, meal.id, fields)
            return (meal, current == nil ? .created : .replaced)
        }
    }

    /// The week (Monday to Sunday) holding `dateText` (default today).
    public func week(of dateText: String?) throws(OursError) -> [CalendarDay] {
        var day = today
        if let dateText { day = try CalendarDay.parse(dateText, today: day, what: "--week") }
        return (0..<7).map { day.weekStart.adding(days: $0) }
    }

    /// The meals planned on `days`, in day and slot order. Reads only those days' records.
    public func meals(on days: [CalendarDay]) throws(OursError) -> [PlannedMeal] {
        var meals: [PlannedMeal] = []
        for day in days {
            for slot in PlannedMeal.Slot.allCases {
                if let meal = try live(RecordTypes.meal, SemanticID.meal(on: day, slot)).flatMap(PlannedMeal.init) {
                    meals.append(meal)
                }
            }
        }
        return meals
    }

    /// Adds the ingredients of the recipes planned on `days` to a list, each planned meal as its
    /// own share of the items it needs (a recipe planned twice counts twice).
    /// - Returns: what was added, and the planned meals that are not recipes (nothing to shop for).
    public func addMealsToList(
        _ days: [CalendarDay], list listName: String? = nil
    ) throws(OursError) -> (result: AddResult, meals: [PlannedMeal], skipped: [PlannedMeal]) {
        var used: [PlannedMeal] = []
        var skipped: [PlannedMeal] = []
        var result: AddResult?
        for meal in try meals(on: days) {
            // A meal an older version planned as text may name a recipe made by this one.
            let linked = try meal.recipeID.flatMap { (id) throws(OursError) -> Recipe? in
                try zone.state(of: key(RecordTypes.recipe, id)).flatMap { $0.isDeleted ? nil : Recipe($0) }
            }
            guard let recipe = linked ?? (try? recipe(exactlyNamed: meal.name)) ?? nil else {
                skipped.append(meal)
                continue
            }
            let source = GroceryItem.Source(key: meal.id, recipe: recipe.name, recipeID: recipe.id, meal: meal.id, quantity: nil)
            let added = try addNeeds(recipe.ingredients, source: source, to: listName)
            used.append(meal)
            if result == nil { result = added } else { result!.items += added.items }
        }
        if result == nil { result = AddResult(list: try listForAdding(listName).list, listOutcome: .unchanged, items: []) }
        return (result!, used, skipped)
    }
}
