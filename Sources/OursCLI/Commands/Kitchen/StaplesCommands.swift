import OursHousehold
import OursSync

/// `ours staples`: the ingredients marked as staples.
struct StaplesCommand: OursCommand {
    static let spec = Spec(
        "staples", summary: "List the staples: what the household buys again and again",
        examples: ["ours staples", "ours staples to-list"])

    static func parse(_ values: ParsedValues) -> Self { Self() }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        try context.showIngredients(try context.household().ingredients(staplesOnly: true), staplesOnly: true)
        return 0
    }
}

/// `ours staples to-list [--list L]`: every staple not already on the list, unticked.
struct StaplesToListCommand: OursCommand {
    static let list: Option<String?> = .targetList

    static let spec = Spec(
        "to-list", summary: "Put every staple that is not on a list onto it",
        discussion: "A staple already on the list stays as it is; a ticked one goes back on it.",
        examples: ["ours staples to-list", "ours staples to-list --list Weekly"], options: [list])

    let list: String?

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self { try Self(list: values[list]) }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let result = try context.household().addStaplesToList(list)
        context.printAddResult(result)
        if !context.json, result.items.isEmpty { context.say("No staples yet: `ours ingredient edit NAME --staple`.") }
        return 0
    }
}

/// `ours suggest PREFIX [--limit N]`: ingredients that begin so, most used first.
struct SuggestCommand: OursCommand {
    static let prefix: Argument<String> = .required("PREFIX", help: "The beginning of a name, e.g. ba")
    static let limit: Option<Int?> = .integer(
        "limit", placeholder: "N", in: 1...1000, help: "How many at most (default 10)")

    static let spec = Spec(
        "suggest", summary: "Suggest ingredients that begin so, most used first (for completion and apps)",
        examples: ["ours suggest ba", "ours suggest tom --limit 3 --json"], arguments: [prefix], options: [limit])

    let prefix: String
    let limit: Int?

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(prefix: values[prefix], limit: values[limit])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let suggestions = try context.household().suggestions(for: prefix, limit: limit ?? 10)
        if context.json {
            context.printJSON(.array(suggestions.map(\.json)))
            return 0
        }
        for ingredient in suggestions { context.say(ingredient.name) }
        return 0
    }
}
