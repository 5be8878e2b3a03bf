import OursHousehold
import OursSync

/// `ours check ITEM [--list NAME]`: ticks an item off.
struct CheckCommand: OursCommand {
    static let item: Argument<String> = .item
    static let list: Option<String?> = .itemList

    static let spec = Spec(
        "check", summary: "Tick an item off", examples: ["ours check milk", "ours check nails --list Hardware"],
        arguments: [item], options: [list])

    let item: String
    let list: String?

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(item: values[item], list: values[list])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let (item, list, outcome) = try context.household().check(self.item, on: self.list)
        context.printItemChange(
            item, list, outcome, done: "Checked \(item.name) on \(list.name).", already: "\(item.name) was already checked.")
        return 0
    }
}

/// `ours uncheck ITEM [--list NAME]`: puts a ticked item back.
struct UncheckCommand: OursCommand {
    static let item: Argument<String> = .item
    static let list: Option<String?> = .itemList

    static let spec = Spec(
        "uncheck", summary: "Put a ticked item back on its list", examples: ["ours uncheck milk"], arguments: [item],
        options: [list])

    let item: String
    let list: String?

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(item: values[item], list: values[list])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let (item, list, outcome) = try context.household().uncheck(self.item, on: self.list)
        context.printItemChange(
            item, list, outcome, done: "\(item.name) is back on \(list.name).", already: "\(item.name) was not checked.")
        return 0
    }
}

/// `ours remove ITEM [--list NAME]`: takes an item off its list.
struct RemoveCommand: OursCommand {
    static let item: Argument<String> = .item
    static let list: Option<String?> = .itemList

    static let spec = Spec(
        "remove", summary: "Take an item off a list", examples: ["ours remove milk"], arguments: [item], options: [list])

    let item: String
    let list: String?

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(item: values[item], list: values[list])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let (item, list) = try context.household().remove(self.item, from: self.list)
        if context.json {
            context.printJSON(["item": item.json, "list": list.json, "deleted": true])
        } else {
            context.say("Removed \(item.name) from \(list.name).")
        }
        return 0
    }
}

extension CommandContext {
    /// What `check` and `uncheck` print: `done` when the item changed, `already` when not.
    fileprivate func printItemChange(
        _ item: GroceryItem, _ list: GroceryList, _ outcome: Household.Outcome, done: String, already: String
    ) {
        if json {
            printJSON(["item": item.json, "list": list.json, "outcome": outcome.json])
        } else {
            say(outcome == .unchanged ? already : done)
        }
    }
}
