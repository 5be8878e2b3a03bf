import OursHousehold
import OursSync

/// `ours lists [--archived]`: the lists, with how many items are still to buy.
struct ListsCommand: OursCommand {
    static let archived: Option<Bool> = .flag("archived", help: "Include archived lists")

    static let spec = Spec(
        "lists", summary: "List the shopping lists", examples: ["ours lists", "ours lists --archived"], options: [archived])

    let archived: Bool

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(archived: values[archived])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let household = try context.household()
        let lists = try household.lists(includeArchived: archived)
        let itemCounts = try household.itemCounts(on: lists)
        func counts(_ list: GroceryList) -> (open: Int, checked: Int) {
            let counted = itemCounts[list.id]
            return (counted?.open ?? 0, counted?.checked ?? 0)
        }
        if context.json {
            context.printJSON(
                .array(
                    lists.map { list in
                        let (open, checked) = counts(list)
                        return list.json.adding(["unchecked": JSONValue(open), "checked": JSONValue(checked)])
                    }))
            return 0
        }
        if lists.isEmpty {
            context.say("No lists yet. `ours add ITEM` starts the \(GroceryList.defaultName) list.")
            return 0
        }
        let rows = lists.map { list -> [String] in
            let (open, checked) = counts(list)
            let marks = [
                list.isDefault ? "default" : nil, list.archived ? "archived" : nil,
                list.keptBy.isEmpty ? nil : "deleted, kept by what was added",
            ].compactMap { $0 }
            let name = marks.isEmpty ? list.name : list.name + " (" + marks.joined(separator: ", ") + ")"
            return [name, "\(open)", "\(checked)"]
        }
        context.console.out(Table.render(["LIST", "TO BUY", "CHECKED"], rows))
        return 0
    }
}
