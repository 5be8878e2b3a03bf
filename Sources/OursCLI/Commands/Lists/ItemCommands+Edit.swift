import OursHousehold
import OursSync

/// `ours item show ITEM [--list NAME]`: everything about one item, with its history.
struct ItemShowCommand: OursCommand {
    static let item: Argument<String> = .item
    static let list: Option<String?> = .itemList

    static let spec = Spec(
        "show", summary: "Show an item: quantity, category, note, who added it and its history",
        examples: ["ours item show milk", "ours item show milk --list Party"], arguments: [item], options: [list])

    let item: String
    let list: String?

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(item: values[item], list: values[list])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let household = try context.household()
        let (item, list) = try household.item(named: self.item, on: self.list)
        let members = try household.members()
        if context.json {
            var object = item.json.objectValue ?? [:]
            object["history"] = .array(item.history.map { $0.json(members: members) })
            if let by = item.addedBy, let member = members.first(where: { $0.id == by }) {
                object["addedByName"] = .string(member.name)
            }
            context.printJSON(["item": .object(object), "list": list.json])
            return 0
        }
        context.heading(item.name, [list.name, item.checked ? "checked" : "to buy"])
        let details = [
            item.quantityParts.isEmpty ? nil : "Quantity: " + item.quantityParts.joined(separator: " + "),
            item.category.map { "Category: \($0)" }, item.note.map { "Note: \($0)" },
            item.addedAt.map {
                "Added by \(context.memberName(item.addedBy, in: members)), \(context.localTime($0, in: household))"
            },
        ]
        for line in details.compactMap({ $0 }) { context.say("  " + line) }
        context.sayPhotos(item.photos, in: household)
        if !item.history.isEmpty { context.say("History") }
        for event in item.history {
            context.say(
                "  \(context.localTime(event.at, in: household))  \(event.kind.rawValue) by \(context.memberName(event.by, in: members))"
            )
        }
        return 0
    }
}

/// `ours item edit ITEM [--list NAME] [--name N] [--qty Q] [--category C] [--note N] [--move-to LIST]
/// [--photo FILE|none]...`.
struct ItemEditCommand: OursCommand {
    static let item: Argument<String> = .item
    static let list: Option<String?> = .itemList
    static let name: Option<String?> = .value("name", placeholder: "NAME", help: "A new name")
    static let qty: Option<Edit<String>> = .edit("qty", placeholder: "Q", help: "How much")
    static let category: Option<Edit<String>> = .edit("category", placeholder: "C", help: "The aisle or category")
    static let note: Option<Edit<String>> = .edit("note", placeholder: "N", help: "A note for whoever shops")
    static let moveTo: Option<String?> = .value(
        "move-to", placeholder: "LIST", help: "Move it to this list (made when there is none)")
    static let photos: Option<Edit<[String]>> = .photoEdit

    static let spec = Spec(
        "edit", summary: "Change an item's name, quantity, category or note, or move it to another list",
        discussion: "Only what is given changes. A new name or list moves the item with its history.",
        examples: [
            #"ours item edit milk --qty "2 l" --note none"#, "ours item edit milk --list Party --move-to Groceries",
            "ours item edit milk --photo none",
        ],
        arguments: [item], options: [list, name, qty, category, note, moveTo, photos])

    let item: String
    let list: String?
    let name: String?
    let qty: Edit<String>
    let category: Edit<String>
    let note: Edit<String>
    let moveTo: String?
    var photos: Edit<[String]> = .keep

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(
            item: values[item], list: values[list], name: values[name], qty: values[qty], category: values[category],
            note: values[note], moveTo: values[moveTo], photos: values[photos])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let edits = Household.ItemEdits(
            name: name, quantity: qty, category: category, note: note, list: moveTo, photos: photos)
        let (item, list, outcome) = try context.household().editItem(self.item, on: self.list, edits)
        if context.json {
            context.printJSON(["item": item.json, "list": list.json, "outcome": outcome.json])
        } else {
            context.say(outcome == .unchanged ? "\(item.name) is already so." : "Updated \(item.name) on \(list.name).")
        }
        return 0
    }
}

/// `ours item rm ITEM [--list NAME]`: takes an item off its list, like `ours remove`.
struct ItemRemoveCommand: OursCommand {
    static let yes: Option<Bool> = .yesTaken
    static let item: Argument<String> = .item
    static let list: Option<String?> = .itemList

    static let spec = Spec(
        "rm", aliases: ["remove"], summary: "Take an item off its list (`ours restore item` brings it back)",
        examples: ["ours item rm milk", "ours item rm milk --list Party"], arguments: [item],
        options: [list, yes])

    let item: String
    let list: String?
    /// Taken for scripts (`--yes`); nothing is asked either way.
    var yes = false

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(item: values[item], list: values[list], yes: values[yes])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        try RemoveCommand(item: item, list: list).run(context)
    }
}
