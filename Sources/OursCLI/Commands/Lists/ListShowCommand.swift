import OursHousehold
import OursSync

/// `ours list show [NAME] [--consolidated]`: a list's items, or one line per thing to buy.
struct ListShowCommand: OursCommand {
    static let name: Argument<String?> = .optional("NAME", help: "The list to show; leave out for the default")
    static let consolidated: Option<Bool> = .flag(
        "consolidated", help: "Combine entries for the same thing into one line")
    static let unchecked: Option<Bool> = .flag("unchecked", help: "Only what is still to buy")
    static let category: Option<String?> = .value("category", placeholder: "C", help: "Only the items of this category")

    static let spec = Spec(
        "show", summary: "Show a list's items",
        examples: ["ours list show", "ours list show Party --unchecked", "ours list show --category dairy"],
        arguments: [name], options: [consolidated, unchecked, category])

    let name: String?
    let consolidated: Bool
    var unchecked = false
    var category: String? = nil

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(name: values[name], consolidated: values[consolidated], unchecked: values[unchecked], category: values[category])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let household = try context.household()
        if consolidated { try showConsolidated(household, context) } else { try showItems(household, context) }
        return 0
    }

    private func showItems(_ household: Household, _ context: CommandContext) throws(OursError) {
        let list = try household.list(named: name)
        let category = try self.category.map { (name: String) throws(OursError) -> String in
            try household.category(named: name).name
        }
        let items = try household.items(on: list).filter { item in
            (!unchecked || !item.checked) && (category.map { NameKey.matches(item.category ?? "", $0) } ?? true)
        }
        if context.json {
            return context.printJSON(["list": list.json, "items": .array(items.map(\.json))])
        }
        let marks = [list.archived ? "archived" : nil, list.keptBy.isEmpty ? nil : "deleted, kept by what was added"]
        let mark = marks.compactMap { $0 }.joined(separator: ", ")
        context.say(context.bold(list.name) + (mark.isEmpty ? "" : context.dim("  (\(mark))")))
        if items.isEmpty { return context.say("  Nothing on it. Add something with `ours add ITEM`.") }
        let width = items.map(\.name.count).max() ?? 0
        for item in items {
            var details = item.quantityShown
            for extra in [item.category, item.note].compactMap({ $0 }) { details += (details.isEmpty ? "" : " · ") + extra }
            let name = details.isEmpty ? item.name : item.name.padding(to: width) + "  " + context.dim(details)
            context.say(item.checked ? "  " + context.dim("[x] " + name) : "  [ ] " + name)
        }
    }

    private func showConsolidated(_ household: Household, _ context: CommandContext) throws(OursError) {
        let (lists, lines) = try household.consolidated(name)
        if context.json {
            return context.printJSON(["lists": .array(lists.map(\.json)), "lines": .array(lines.map(\.json))])
        }
        context.say(context.bold(lists.map(\.name).joined(separator: ", ")) + context.dim("  (consolidated)"))
        if lines.isEmpty { return context.say("  Nothing to buy.") }
        let rows = lines.map { line in
            [
                "  " + line.name, line.total.description, line.category ?? "",
                (lists.count > 1 ? line.lists : line.recipes).joined(separator: ", "),
            ]
        }
        context.console.out(Table.render(["  ITEM", "QTY", "CATEGORY", lists.count > 1 ? "LISTS" : "FOR"], rows))
    }
}

extension GroceryItem {
    /// The total, counts and measures added up (`2 eggs` and a recipe's `1` are `3`), and the
    /// recipes and meals it is for: `3 (Pancakes, Omelette)`.
    fileprivate var quantityShown: String {
        let total = total.description
        let labels = sources.compactMap { $0.recipe ?? $0.meal }
        guard !labels.isEmpty else { return total }
        return (total.isEmpty ? "" : total + " ") + "(" + labels.joined(separator: ", ") + ")"
    }
}

extension String {
    /// The text padded with spaces to `width` characters.
    fileprivate func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
