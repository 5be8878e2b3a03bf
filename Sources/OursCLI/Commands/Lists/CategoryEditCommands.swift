import OursHousehold
import OursSync

/// `ours category show NAME`: the category and the items filed under it.
struct CategoryShowCommand: OursCommand {
    static let name: Argument<String> = .recordName("category")

    static let spec = Spec(
        "show", summary: "Show a category and the items filed under it", examples: ["ours category show dairy"],
        arguments: [name])

    let name: String

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(name: values[name])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let household = try context.household()
        let category = try household.category(named: name)
        let items = try household.items(inCategory: category)
        if context.json {
            context.printJSON(category.json.adding(["items": .array(items.map(\.json))]))
            return 0
        }
        context.heading(category.name, [Phrase.count(items.count, "item")])
        for item in items { context.say("  " + item.name + (item.checked ? context.dim("  (checked)") : "")) }
        return 0
    }
}

/// `ours category edit NAME --name NEW`: renames a category and the items filed under it.
struct CategoryEditCommand: OursCommand {
    static let name: Argument<String> = .recordName("category")
    static let newName: Option<String> = .required("name", placeholder: "NEW", help: "The category's new name")

    static let spec = Spec(
        "edit", summary: "Rename a category; the items filed under it follow",
        examples: ["ours category edit dairy --name Fridge"], arguments: [name], options: [newName])

    let name: String
    let newName: String

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(name: values[name], newName: values[newName])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let (category, items, outcome) = try context.household().renameCategory(name, to: newName)
        if context.json {
            context.printJSON(category.json.adding(["outcome": outcome.json, "items": JSONValue(items)]))
        } else if outcome == .unchanged {
            context.say("The category is already called \(category.name).")
        } else {
            context.say(
                "Renamed the category to \(context.bold(category.name))"
                    + (items > 0 ? " on \(Phrase.count(items, "item"))." : "."))
        }
        return 0
    }
}

/// `ours category rm NAME [--yes]`: deletes a category and takes it off its items.
struct CategoryRemoveCommand: OursCommand {
    static let name: Argument<String> = .recordName("category")
    static let yes: Option<Bool> = .yes

    static let spec = Spec(
        "rm", aliases: ["delete"], summary: "Delete a category; --yes when items are filed under it",
        examples: ["ours category rm frozen", "ours category rm dairy --yes"], arguments: [name], options: [yes])

    let name: String
    let yes: Bool

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(name: values[name], yes: values[yes])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let (category, items) = try context.confirming(yes) { (confirmed) throws(OursError) in
            try context.household().deleteCategory(name, confirmed: confirmed)
        }
        if context.json {
            context.printJSON(category.json.adding(["deleted": true, "items": JSONValue(items)]))
        } else {
            context.say(
                "Deleted the category \(category.name)" + (items > 0 ? " and took it off \(Phrase.count(items, "item"))." : "."))
        }
        return 0
    }
}
