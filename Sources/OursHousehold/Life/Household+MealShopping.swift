import OursSync

extension Household {
    /// Adds the ingredients of the recipes planned on `days` to a list, each planned meal as its
    /// own share of the items it needs (a recipe planned twice counts twice), scaled to the
    /// meal's servings.
    ///
    /// Only what the list does not cover yet is added: an item that already holds the meal's
    /// share is left as it is. What an earlier run for the same week added for a meal and has
    /// been ticked off or removed since is not brought back (it is in `result.settled`); the
    /// week's `meal-shopping` record remembers what each run added, and when.
    /// - Returns: what was added, the meals used, and the planned meals that are not recipes
    ///   (nothing to shop for).
    public func addMealsToList(
        _ days: [CalendarDay], list listName: String? = nil
    ) throws(OursError) -> (result: AddResult, meals: [PlannedMeal], skipped: [PlannedMeal]) {
        try zone.write { () throws(OursError) -> (result: AddResult, meals: [PlannedMeal], skipped: [PlannedMeal]) in
            let week = (days.first ?? today).weekStart.description
            let memory = try mealShopping(week: week)
            var used: [PlannedMeal] = []
            var skipped: [PlannedMeal] = []
            let (list, listOutcome) = try listForAdding(listName)
            var result = AddResult(list: list, listOutcome: listOutcome, items: [])
            var needs: [MealShopping.Need] = []
            for meal in try meals(on: days) {
                // A recipe deleted meanwhile still counts: the planned meal keeps it (see `keptContainers`).
                // A meal an older version planned as text may name a recipe made by this one.
                let linked = try meal.recipeID.flatMap { (id) throws(OursError) -> Recipe? in
                    try zone.state(of: key(RecordTypes.recipe, id)).flatMap(Recipe.init)
                }
                guard let recipe = linked ?? (meal.recipeID == nil ? (try? recipe(exactlyNamed: meal.name)) ?? nil : nil)
                else {
                    skipped.append(meal)
                    continue
                }
                let ingredients = try recipe.ingredients(forServings: recipe.servings == nil ? nil : meal.servings)
                let source = GroceryItem.Source(
                    key: meal.id, recipe: recipe.name, recipeID: recipe.id, meal: meal.id, quantity: nil)
                let done = memory.items(addedFor: meal.id)
                let added = try addNeeds(ingredients, source: source, to: listName, settled: done)
                used.append(meal)
                result.items += added.items
                result.settled += added.settled
                needs += added.items.map { MealShopping.Need(meal: meal.id, item: $0.item.id) }.filter { !done.contains($0.item) }
            }
            if !needs.isEmpty { try remember(needs, week: week, list: result.list) }
            return (result, used, skipped)
        }
    }

    /// What `meals to-list` added for the week starting on `week` (a Monday, `yyyy-MM-dd`).
    func mealShopping(week: String) throws(OursError) -> MealShopping {
        try snapshot(RecordTypes.mealShopping, week).flatMap(MealShopping.init) ?? MealShopping(week: week)
    }

    /// Notes one run in the week's record, as a field of its own.
    private func remember(_ needs: [MealShopping.Need], week: String, list: GroceryList) throws(OursError) {
        let stamp = try zone.device.stamp()
        let run = MealShopping.Run(
            id: stamp.description, at: UTCTime.iso8601(millis: nowMillis), by: try me(), list: list.id, needs: needs)
        try write(RecordTypes.mealShopping, week, [run.field: run.value])
    }
}
