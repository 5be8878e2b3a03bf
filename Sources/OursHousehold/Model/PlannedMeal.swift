import OursSync

/// One meal on the plan: `meal-plan` records, one per day and slot, whose id is
/// `yyyy-MM-dd-slot` (`2025-03-14-dinner`), so two devices planning the same dinner write
/// the same record.
///
/// Fields: `name` (the recipe's name, or the text planned), `date` (`yyyy-MM-dd`), `slot`,
/// `recipe` (the recipe's id, when it is one), `servings` (how many it is for; a recipe's own
/// servings by default), `note`.
public struct PlannedMeal: Sendable, Hashable, Codable, Identifiable {
    /// The meal of the day it is planned for.
    public enum Slot: String, Sendable, CaseIterable, Comparable {
        case breakfast, lunch, dinner, snack

        /// In the order of the day: breakfast first, snack last.
        public static func < (a: Slot, b: Slot) -> Bool {
            allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
        }
    }

    /// The record's id, its day and slot: `2025-03-14-dinner`.
    public var id: String { SemanticID.meal(on: date, slot) }
    /// The day, a calendar day with no time zone.
    public var date: CalendarDay
    /// Which meal of the day.
    public var slot: Slot
    /// The recipe's title, or the text planned (`Leftovers`).
    public var name: String
    /// The recipe's id, when a recipe is planned.
    public var recipeID: String?
    /// How many it is for (a recipe's own servings unless others were asked for); `nil` when
    /// nobody said (a text, or a recipe that does not say).
    public var servings: Int?
    /// A remark on it.
    public var note: String?

    /// A planned meal with these values (for previews and tests: `Household.plan` plans meals).
    public init(
        date: CalendarDay, slot: Slot, name: String, recipeID: String? = nil, servings: Int? = nil, note: String? = nil
    ) {
        self.date = date
        self.slot = slot
        self.name = name
        self.recipeID = recipeID
        self.servings = servings
        self.note = note
    }

    init?(_ snapshot: RecordSnapshot) {
        let values = snapshot.values
        guard snapshot.key.type == RecordTypes.meal, let name = snapshot.name,
            let date = values["date"]?.stringValue.flatMap(CalendarDay.init),
            let slot = values["slot"]?.stringValue.flatMap(Slot.init)
        else { return nil }
        self.init(
            date: date, slot: slot, name: name, recipeID: values["recipe"]?.stringValue,
            servings: values["servings"]?.intValue, note: values["note"]?.stringValue)
    }

    /// The record's fields; `nil` removes a field (a meal planned over another loses what
    /// the new one does not have).
    var fields: [String: JSONValue?] {
        [
            "name": .string(name), "date": .string(date.description), "slot": .string(slot.rawValue),
            "recipe": recipeID.map { .string($0) }, "servings": servings.map { JSONValue($0) },
            "note": note.map { .string($0) },
        ]
    }

    /// `Friday 2025-03-14 dinner`.
    package var when: String { "\(date.weekdayName) \(date) \(slot.rawValue)" }

    /// `{"id", "date", "weekday", "slot", "name", "recipeId"?, "servings"?, "note"?}`.
    package var json: JSONValue {
        var object: [String: JSONValue] = [
            "id": .string(id), "date": .string(date.description), "weekday": .string(date.weekdayName),
            "slot": .string(slot.rawValue), "name": .string(name),
        ]
        if let recipeID { object["recipeId"] = .string(recipeID) }
        if let servings { object["servings"] = JSONValue(servings) }
        if let note { object["note"] = .string(note) }
        return .object(object)
    }
}

extension SemanticID {
    /// One planned meal per day and slot: `2025-03-14-dinner`. Declared with the meal, as it
    /// is made of the meal's own fields rather than a digest of a name.
    static func meal(on day: CalendarDay, _ slot: PlannedMeal.Slot) -> String {
        "\(day)-\(slot.rawValue)"
    }
}
