import OursSync

extension Household {
    /// What `editMeal` changes; `nil` and `.keep` leave a field as it is.
    public struct MealEdits: Sendable, Equatable {
        /// A recipe's name, or any text: what is planned.
        public var what: String?
        /// How many it is for, 1 to 1000.
        public var servings: Edit<Int>
        /// A note for the cook.
        public var note: Edit<String>

        /// Edits with these values; the defaults change nothing.
        public init(what: String? = nil, servings: Edit<Int> = .keep, note: Edit<String> = .keep) {
            self.what = what
            self.servings = servings
            self.note = note
        }
    }

    /// Changes a planned meal: what it is (a recipe's name links the recipe), its servings, its note.
    /// - Parameters:
    ///   - text: the meal's day, with `slot`; without, its id or name (see `meal(_:_:)`).
    /// - Returns: the meal and `.updated` or `.unchanged`.
    public func editMeal(
        _ text: String, _ slot: PlannedMeal.Slot?, _ edits: MealEdits
    ) throws(OursError) -> (meal: PlannedMeal, outcome: Outcome) {
        if case .set(let servings) = edits.servings { try Household.checkServings(servings) }
        return try zone.write { () throws(OursError) -> (meal: PlannedMeal, outcome: Outcome) in
            let old = try meal(text, slot)
            var meal = old
            if let what = edits.what {
                let text = try Household.cleanName(what, what: "meal")
                let recipe = try recipe(exactlyNamed: text)
                meal.name = recipe?.name ?? text
                meal.recipeID = recipe?.id
            }
            meal.servings = edits.servings.applied(to: meal.servings)
            meal.note = edits.note.applied(to: meal.note)
            guard meal != old else { return (meal, .unchanged) }
            let existing = try snapshot(RecordTypes.meal, meal.id)
            let fields = meal.fields.filter { existing?.values[$0.key] != $0.value }
            try write(RecordTypes.meal, meal.id, fields)
            return (meal, .updated)
        }
    }

    /// Takes a meal off the plan (a deletion: `ours restore meal` brings it back).
    /// - Parameters:
    ///   - text: the meal's day, with `slot`; without, its id or name (see `meal(_:_:)`).
    public func removeMeal(_ text: String, _ slot: PlannedMeal.Slot?) throws(OursError) -> PlannedMeal {
        try zone.write { () throws(OursError) -> PlannedMeal in
            let meal = try meal(text, slot)
            try zone.remove(key(RecordTypes.meal, meal.id))
            return meal
        }
    }

    /// Moves a planned meal to another day, and slot if given (else the same slot).
    /// - Parameters:
    ///   - text: the meal's day, with `slot`; without, its id or name (see `meal(_:_:)`).
    ///   - replace: whether to replace a meal already planned there.
    /// - Returns: the meal where it is now, and `.updated`, `.replaced` or `.unchanged`.
    /// - Throws: `.failed` when the target is taken and `replace` is false.
    public func moveMeal(
        _ text: String, _ slot: PlannedMeal.Slot?, to toDateText: String, slot toSlot: PlannedMeal.Slot? = nil,
        replace: Bool = false
    ) throws(OursError) -> (meal: PlannedMeal, outcome: Outcome) {
        let toDay = try CalendarDay.parse(toDateText, today: today, what: "--to")
        return try zone.write { () throws(OursError) -> (meal: PlannedMeal, outcome: Outcome) in
            let old = try meal(text, slot)
            var meal = old
            meal.date = toDay
            meal.slot = toSlot ?? old.slot
            guard meal.id != old.id else { return (old, .unchanged) }
            let there = try snapshot(RecordTypes.meal, meal.id)
            let taken = there.flatMap { $0.isDeleted ? nil : PlannedMeal($0) }
            if let taken, !replace {
                throw .failed(
                    "\(meal.slot.rawValue) on \(toDay.weekdayName) \(toDay) is already planned: \(taken.name)",
                    hint: "Add --replace to move \(old.name) there instead, or move that one first.")
            }
            guard let source = try snapshot(RecordTypes.meal, old.id) else { return (old, .unchanged) }
            var fields = Household.clearing(there.map { Array($0.values.keys) } ?? [], in: there)
            for (field, value) in source.values { fields[field] = value }
            for (field, value) in meal.fields { fields[field] = value }
            try write(RecordTypes.meal, meal.id, fields.filter { $0.value != nil || there?.values[$0.key] != nil })
            try zone.remove(key(RecordTypes.meal, old.id))
            return (meal, taken == nil ? .updated : .replaced)
        }
    }
}
