import OursHousehold
import OursSync

/// `ours list edit NAME [--name NEW] [--archived yes|no]`.
struct ListEditCommand: OursCommand {
    static let name: Argument<String> = .listName
    static let newName: Option<String?> = .value("name", placeholder: "NEW", help: "A new name; its items stay on it")
    static let archived: Option<Bool?> = .yesNo("archived", help: "Put it away (yes) or take it out of the archive (no)")

    static let spec = Spec(
        "edit", summary: "Rename a list, or archive it or take it out of the archive",
        examples: ["ours list edit Hardware --name DIY", "ours list edit Christmas --archived no"],
        arguments: [name], options: [newName, archived])

    let name: String
    let newName: String?
    let archived: Bool?

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(name: values[name], newName: values[newName], archived: values[archived])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let (list, outcome) = try context.household().editList(name, newName: newName, archived: archived)
        if context.json {
            context.printJSON(list.json.adding(outcome))
            return 0
        }
        switch outcome {
        case .unchanged: context.say("\(list.name) is already so.")
        case .restored: context.say("Took \(context.bold(list.name)) out of the archive.")
        default: context.say("Updated the list \(context.bold(list.name))" + (list.archived ? " (archived)." : "."))
        }
        return 0
    }
}

/// `ours list history [LIST] [--since DURATION]`: what was bought, newest first.
struct ListHistoryCommand: OursCommand {
    static let name: Argument<String?> = .optional("LIST", help: "The list; leave out for every list")
    static let since: Option<DurationText?> = .duration(
        "since", placeholder: "DURATION", help: "How far back to look, e.g. 7d; default 30d")

    static let spec = Spec(
        "history", summary: "Show what was bought (ticked off) lately, newest first, with who and when",
        examples: ["ours list history", "ours list history Groceries --since 7d"], arguments: [name], options: [since])

    let name: String?
    let since: DurationText?

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(name: values[name], since: values[since])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let household = try context.household()
        let window = since?.milliseconds ?? 30 * 86_400_000
        let purchases = try household.purchases(on: name, since: household.nowMillis - window)
        let members = try household.members()
        if context.json {
            context.printJSON(.array(purchases.map { $0.json(members: members) }))
            return 0
        }
        let span = since?.text ?? "30d"
        guard !purchases.isEmpty else {
            context.say(
                "Nothing bought in the last \(span)" + (name == nil ? "." : " on \(try household.list(named: name).name)."))
            return 0
        }
        let rows = purchases.map { purchase -> [String] in
            [
                "  " + context.localTime(purchase.event.at, in: household), purchase.item.name, purchase.list.name,
                context.memberName(purchase.event.by, in: members),
            ]
        }
        context.console.out(Table.render(["  WHEN", "ITEM", "LIST", "WHO"], rows))
        return 0
    }
}
