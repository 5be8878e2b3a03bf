import OursHousehold
import OursSync

/// `ours meal show DATE SLOT | MEAL`: one planned meal.
struct MealShowCommand: OursCommand {
    static let date: Argument<String> = .meal
    static let slot: Argument<PlannedMeal.Slot?> = .mealSlot

    static let spec = Spec(
        "show", summary: "Show a planned meal", examples: ["ours meal show friday dinner", "ours meal show lasagne"],
        arguments: [date, slot])

    let date: String
    let slot: PlannedMeal.Slot?

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(date: values[date], slot: values[slot])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let meal = try context.household().meal(date, slot)
        if context.json {
            context.printJSON(meal.json)
            return 0
        }
        context.heading(meal.name, [meal.when, meal.recipeID == nil ? nil : "recipe", meal.servings.map { "serves \($0)" }])
        if let note = meal.note { context.say("  " + note) }
        return 0
    }
}

/// `ours meal edit DATE SLOT | MEAL [--what TEXT] [--servings N] [--note N]`.
struct MealEditCommand: OursCommand {
    static let date: Argument<String> = .meal
    static let slot: Argument<PlannedMeal.Slot?> = .mealSlot
    static let what: Option<String?> = .value(
        "what", placeholder: "RECIPE-OR-TEXT", help: "What is planned instead: a recipe's name, or any text")
    static let servings: Option<Edit<Int>> = .editInteger(
        "servings", placeholder: "N", in: 1...1000, help: "How many it is for")
    static let note: Option<Edit<String>> = .edit("note", placeholder: "N", help: "A note for the cook")

    static let spec = Spec(
        "edit", summary: "Change what a planned meal is, its servings or its note",
        examples: [
            "ours meal edit friday dinner --servings 6", #"ours meal edit 2025-03-14 dinner --what Lasagne --note "oven at 6""#,
        ],
        arguments: [date, slot], options: [what, servings, note])

    let date: String
    let slot: PlannedMeal.Slot?
    let what: String?
    let servings: Edit<Int>
    let note: Edit<String>

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(date: values[date], slot: values[slot], what: values[what], servings: values[servings], note: values[note])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let edits = Household.MealEdits(what: what, servings: servings, note: note)
        let (meal, outcome) = try context.household().editMeal(date, slot, edits)
        if context.json {
            context.printJSON(meal.json.adding(outcome))
        } else {
            context.say(
                outcome == .unchanged ? "\(meal.name) is already so." : "Updated \(context.bold(meal.name)), \(meal.when).")
        }
        return 0
    }
}

/// `ours meal rm DATE SLOT | MEAL`: takes a meal off the plan.
struct MealRemoveCommand: OursCommand {
    static let yes: Option<Bool> = .yesTaken
    static let date: Argument<String> = .meal
    static let slot: Argument<PlannedMeal.Slot?> = .mealSlot

    static let spec = Spec(
        "rm", aliases: ["remove"], summary: "Take a meal off the plan (`ours restore meal` brings it back)",
        examples: ["ours meal rm 2025-03-14 dinner", "ours meal rm 2025-03-14-dinner"], arguments: [date, slot],
        options: [yes])

    let date: String
    let slot: PlannedMeal.Slot?
    /// Taken for scripts (`--yes`); nothing is asked either way.
    var yes = false

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(date: values[date], slot: values[slot], yes: values[yes])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let meal = try context.household().removeMeal(date, slot)
        if context.json {
            context.printJSON(meal.json.adding(["deleted": true]))
        } else {
            context.say("Took \(meal.name) off \(meal.when).")
        }
        return 0
    }
}

/// `ours meal move DATE SLOT | MEAL --to DATE [SLOT] [--replace]`.
struct MealMoveCommand: OursCommand {
    static let date: Argument<String> = .meal
    static let slots: Argument<[String]> = .zeroOrMore(
        "SLOT",
        help:
            "After DATE, its meal of the day, then the one to move it to (default the same); after a meal's id or name, only the one to move it to"
    )
    static let to: Option<String> = .required("to", placeholder: "DATE", help: "The day to move it to")
    static let replace: Option<Bool> = .flag("replace", help: "Replace what is already planned there")

    static let spec = Spec(
        "move", summary: "Move a planned meal to another day or meal of the day",
        examples: [
            "ours meal move friday dinner --to saturday", "ours meal move 2025-03-14 dinner --to 2025-03-15 lunch --replace",
            "ours meal move lasagne --to sunday",
        ],
        arguments: [date, slots], options: [to, replace])

    let date: String
    /// The meal's slot, or with a meal named rather than a day, the slot to move it to.
    let slot: PlannedMeal.Slot?
    let toSlot: PlannedMeal.Slot?
    let to: String
    let replace: Bool

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        let words = try values[slots]
        if words.count > 2 {
            throw .unexpectedArgument(words[2], arguments: [date.spec, slots.spec], command: values.command)
        }
        var read: [PlannedMeal.Slot] = []
        for word in words {
            read.append(try ParsedValues.choice(word, label: "SLOT", as: PlannedMeal.Slot.self, command: values.command))
        }
        return try Self(
            date: values[date], slot: read.first, toSlot: read.count == 2 ? read[1] : nil, to: values[to],
            replace: values[replace])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let household = try context.household()
        var (slot, toSlot) = (slot, toSlot)
        // `meal move lasagne --to sunday lunch`: a meal named, so the word after it is where it goes.
        if let given = slot, toSlot == nil, (try? CalendarDay.parse(date, today: household.today)) == nil {
            (slot, toSlot) = (nil, given)
        }
        let (meal, outcome) = try household.moveMeal(date, slot, to: to, slot: toSlot, replace: replace)
        if context.json {
            context.printJSON(meal.json.adding(outcome))
            return 0
        }
        switch outcome {
        case .unchanged: context.say("\(meal.name) is already planned there.")
        case .replaced: context.say("Moved \(context.bold(meal.name)) to \(meal.when), replacing what was there.")
        default: context.say("Moved \(context.bold(meal.name)) to \(meal.when).")
        }
        return 0
    }
}

extension Argument where Value == String {
    /// `DATE`, or a planned meal's id or name.
    static var meal: Self {
        .required(
            "DATE",
            help:
                "The day (YYYY-MM-DD, today, tomorrow or a weekday) and SLOT; or alone, the meal's id or the name of one planned from this week on"
        )
    }
}

extension Argument where Value == PlannedMeal.Slot? {
    /// `[SLOT]`: a planned meal's place in the day, after its day.
    static var mealSlot: Self {
        let spec = ArgumentSpec.optional("SLOT", help: "breakfast, lunch, dinner or snack")
        return Argument(spec: spec) { values throws(UsageError) in
            try values.words(of: spec).first.map { (word: String) throws(UsageError) -> PlannedMeal.Slot in
                try ParsedValues.choice(word, label: "SLOT", as: PlannedMeal.Slot.self, command: values.command)
            }
        }
    }
}
