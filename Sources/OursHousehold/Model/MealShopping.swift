import OursSync

/// What `meals to-list` added to shopping lists for one week: `meal-shopping` records, one per
/// week, whose id is the week's Monday (`2025-03-10`).
///
/// Each run that added something is a field of its own, `run.<stamp>`, holding
/// `{"at", "by", "list", "needs": [{"meal", "item"}]}` — the planned meals and the items their
/// shares went on — so two devices running it offline each keep their own entry. A later run
/// never brings back an item it added for a meal once that item was ticked off or removed.
struct MealShopping: Sendable, Hashable {
    /// One planned meal's share on one item.
    struct Need: Sendable, Hashable {
        var meal: String
        var item: String

        init(meal: String, item: String) {
            self.meal = meal
            self.item = item
        }

        var json: JSONValue { ["meal": .string(meal), "item": .string(item)] }
    }

    /// One run of `meals to-list`.
    struct Run: Sendable, Hashable {
        /// The part of the field name after `run.`.
        var id: String
        /// An ISO 8601 instant.
        var at: String
        var by: String?
        /// The list's id.
        var list: String
        var needs: [Need]

        init(id: String, at: String, by: String?, list: String, needs: [Need]) {
            self.id = id
            self.at = at
            self.by = by
            self.list = list
            self.needs = needs
        }

        var field: String { MealShopping.runPrefix + id }

        var value: JSONValue {
            var object: [String: JSONValue] = [
                "at": .string(at), "list": .string(list), "needs": .array(needs.map(\.json)),
            ]
            if let by { object["by"] = .string(by) }
            return .object(object)
        }
    }

    static let runPrefix = "run."

    /// The week's Monday, `yyyy-MM-dd`: the record's id.
    var week: String
    /// Oldest first.
    var runs: [Run]

    init(week: String, runs: [Run] = []) {
        self.week = week
        self.runs = runs
    }

    init?(_ snapshot: RecordSnapshot) {
        guard snapshot.key.type == RecordTypes.mealShopping else { return nil }
        self.init(week: snapshot.key.id)
        for (field, value) in snapshot.values where field.hasPrefix(MealShopping.runPrefix) {
            guard let at = value["at"]?.stringValue, let list = value["list"]?.stringValue else { continue }
            let needs = (value["needs"]?.arrayValue ?? []).compactMap { need -> Need? in
                guard let meal = need["meal"]?.stringValue, let item = need["item"]?.stringValue else { return nil }
                return Need(meal: meal, item: item)
            }
            runs.append(
                Run(
                    id: String(field.dropFirst(MealShopping.runPrefix.count)), at: at, by: value["by"]?.stringValue,
                    list: list, needs: needs))
        }
        runs.sort { ($0.at, $0.id) < ($1.at, $1.id) }
    }

    /// The items a planned meal's share was added to by an earlier run.
    func items(addedFor meal: String) -> Set<String> {
        Set(runs.flatMap { $0.needs.filter { $0.meal == meal }.map(\.item) })
    }
}
