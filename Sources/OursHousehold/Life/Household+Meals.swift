import OursSync

extension Household {
    /// Plans a meal: a recipe when the text is a recipe's name, else the text itself.
    /// - Parameters:
    ///   - dateText: `yyyy-MM-dd`, `today`, `tomorrow` or a weekday.
    ///   - replace: whether to replace a different meal already planned there.
    ///   - servings: how many it is for; a recipe's own servings when not given.
    ///   - note: a note for the cook.
    /// - Returns: the meal and `.created`, `.replaced`, `.updated` (the same meal, with other
    ///   servings or note) or `.unchanged`.
    /// - Throws: `.usage` for a bad date or servings; `.failed` when another meal is planned
    ///   there and `replace` is false.
    public func plan(
        _ dateText: String, _ slot: PlannedMeal.Slot, _ text: String, replace: Bool = false, servings: Int? = nil,
        note: String? = nil
    ) throws(OursError) -> (meal: PlannedMeal, outcome: Outcome) {
        let day = try CalendarDay.parse(dateText, today: today)
        let text = try Household.cleanName(text, what: "meal")
        try Household.checkServings(servings)
        let recipe = try recipe(exactlyNamed: text)
        var meal = PlannedMeal(date: day, slot: slot, name: recipe?.name ?? text, recipeID: recipe?.id, note: note)
        return try zone.write { () throws(OursError) -> (meal: PlannedMeal, outcome: Outcome) in
            let existing = try snapshot(RecordTypes.meal, meal.id)
            let current = existing.flatMap { $0.isDeleted ? nil : PlannedMeal($0) }
            if let current, current.name == meal.name, current.recipeID == meal.recipeID {
                var fields: [String: JSONValue?] = [:]
                if let servings, servings != current.servings { fields["servings"] = JSONValue(servings) }
                if let note, note != current.note { fields["note"] = .string(note) }
                guard !fields.isEmpty else { return (current, .unchanged) }
                try write(RecordTypes.meal, meal.id, fields)
                return (try plannedMeal(meal.id) ?? current, .updated)
            }
            if let current, !replace {
                throw .failed(
                    "\(slot.rawValue) on \(day.weekdayName) \(day) is already planned: \(current.name)",
                    hint: "Add --replace to plan \(meal.name) instead.")
            }
            meal.servings = servings ?? recipe?.servings
            try write(RecordTypes.meal, meal.id, meal.fields.filter { $0.value != nil || existing?.values[$0.key] != nil })
            return (meal, current == nil ? .created : .replaced)
        }
    }

    static func checkServings(_ servings: Int?) throws(OursError) {
        if let servings, !(1...1000).contains(servings) {
            throw .usage("--servings \(servings) is not a number of people from 1 to 1000")
        }
    }

    func plannedMeal(_ id: String) throws(OursError) -> PlannedMeal? {
        try live(RecordTypes.meal, id).flatMap(PlannedMeal.init)
    }

    /// The week (Monday to Sunday) `weekText` names (default this week): `this`, `next`,
    /// `last`, `+N` or `-N` weeks from this one, or any day of it as `CalendarDay.parse` reads
    /// one (`2026-12-08`, `tomorrow`, `friday`).
    /// - Throws: `.usage` quoting the text.
    public func week(of weekText: String?) throws(OursError) -> [CalendarDay] {
        var day = today
        if let weekText { day = try Self.dayInWeek(weekText, today: today) }
        return (0..<7).map { day.weekStart.adding(days: $0) }
    }

    /// A day of the week `text` names (see `week(of:)`).
    static func dayInWeek(_ text: String, today: CalendarDay) throws(OursError) -> CalendarDay {
        let word = text.lowercased().trimmingCharacters(in: .whitespaces)
        var weeks: Int?
        switch word {
        case "this": weeks = 0
        case "next": weeks = 1
        case "last", "previous": weeks = -1
        default:
            let digits = word.dropFirst()
            if let sign = word.first, sign == "+" || sign == "-", !digits.isEmpty, digits.allSatisfy(\.isASCII),
                digits.allSatisfy(\.isNumber), let count = Int(digits), (0...520).contains(count)
            {
                weeks = sign == "+" ? count : -count
            }
        }
        if let weeks { return today.adding(days: 7 * weeks) }
        do {
            return try CalendarDay.parse(text, today: today, what: "--week")
        } catch {
            throw .usage(
                "--week \"\(text)\" is not a week",
                hint: "Use this, next, last, +2 (weeks from this one), or any day of it: "
                    + "YYYY-MM-DD (such as \(today)), today, tomorrow, or a weekday such as friday.")
        }
    }

    /// The meals planned on `days`, in day and slot order. Reads only those days' records.
    public func meals(on days: [CalendarDay]) throws(OursError) -> [PlannedMeal] {
        var meals: [PlannedMeal] = []
        for day in days {
            for slot in PlannedMeal.Slot.allCases {
                if let meal = try plannedMeal(SemanticID.meal(on: day, slot)) { meals.append(meal) }
            }
        }
        return meals
    }

    /// The meal planned for a day and slot.
    /// - Throws: `.usage` for a bad date, `.notFound` when nothing is planned there.
    public func meal(on dateText: String, _ slot: PlannedMeal.Slot) throws(OursError) -> PlannedMeal {
        let day = try CalendarDay.parse(dateText, today: today)
        guard let meal = try plannedMeal(SemanticID.meal(on: day, slot)) else {
            throw .notFound(
                "nothing is planned for \(slot.rawValue) on \(day.weekdayName) \(day)",
                hint: "`ours meals --week \(day)` shows that week.")
        }
        return meal
    }

    /// The planned meal a person means: a day and a slot (`friday`, `.dinner`), or with no
    /// slot, a meal's id (`2025-03-14-dinner`, any day) or the name of a meal planned from this
    /// week's Monday on (any case; a unique beginning will do).
    /// - Throws: `.usage` for a bad date or a name several meals have, `.notFound` for none.
    public func meal(_ text: String, _ slot: PlannedMeal.Slot?) throws(OursError) -> PlannedMeal {
        if let slot { return try meal(on: text, slot) }
        var candidates = try meals(from: today.weekStart)
        let typed = text.trimmingWhitespace.lowercased()
        if RecordKey.isValidID(typed), !candidates.contains(where: { $0.id == typed }), let meal = try plannedMeal(typed) {
            candidates.append(meal)
        }
        return try Household.mealResolver().resolve(text, in: candidates)
    }

    /// The meals planned on `day` and after, in day and slot order. Reads only those records.
    func meals(from day: CalendarDay) throws(OursError) -> [PlannedMeal] {
        let first = day.description
        var meals: [PlannedMeal] = []
        for key in try zone.replica.keys(ofType: RecordTypes.meal) where key.id >= first {
            if let meal = try plannedMeal(key.id) { meals.append(meal) }
        }
        return meals.sorted { ($0.date, $0.slot) < ($1.date, $1.slot) }
    }
}
