import OursHousehold
import OursSync

/// `ours list create NAME`: a new list, or an archived one taken out again.
struct ListCreateCommand: OursCommand {
    static let name: Argument<String> = .listName

    static let spec = Spec("create", summary: "Create a list", examples: ["ours list create Hardware"], arguments: [name])

    let name: String

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(name: values[name])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let (list, outcome) = try context.household().createList(named: name)
        if context.json {
            context.printJSON(list.json.adding(outcome))
            return 0
        }
        switch outcome {
        case .created: context.say("Created the list \(context.bold(list.name)).")
        case .restored: context.say("Took \(context.bold(list.name)) out of the archive.")
        default: context.say("There is already a list called \(context.bold(list.name)).")
        }
        return 0
    }
}

/// `ours list rename NAME NEW-NAME`: the list keeps its id, so its items stay on it.
struct ListRenameCommand: OursCommand {
    static let name: Argument<String> = .listName
    static let newName: Argument<String> = .required("NEW-NAME", help: "The name it should have")

    static let spec = Spec(
        "rename", summary: "Give a list a new name", examples: ["ours list rename Garden Allotment"], arguments: [name, newName])

    let name: String
    let newName: String

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(name: values[name], newName: values[newName])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let household = try context.household()
        let old = try household.list(named: name).name
        let list = try household.renameList(name, to: newName)
        if context.json {
            context.printJSON(list.json)
        } else {
            context.say("Renamed \(old) to \(context.bold(list.name)).")
        }
        return 0
    }
}

/// `ours list archive NAME`: put away, still listed by `lists --archived`.
struct ListArchiveCommand: OursCommand {
    static let name: Argument<String> = .listName

    static let spec = Spec(
        "archive", summary: "Put a list away without deleting it", examples: ["ours list archive Christmas"], arguments: [name])

    let name: String

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(name: values[name])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let (list, outcome) = try context.household().archiveList(name)
        if context.json {
            context.printJSON(list.json.adding(outcome))
            return 0
        }
        context.say(
            outcome == .unchanged
                ? "\(list.name) is already archived." : "Archived \(list.name); `ours lists --archived` still shows it.")
        return 0
    }
}

/// `ours list delete NAME [--yes]`: the list and its items; `rm` for short.
struct ListDeleteCommand: OursCommand {
    static let name: Argument<String> = .listName
    static let yes: Option<Bool> = .yes

    static let spec = Spec(
        "delete", aliases: ["rm"], summary: "Delete a list and its items", examples: ["ours list delete Party --yes"],
        arguments: [name], options: [yes])

    let name: String
    let yes: Bool

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(name: values[name], yes: values[yes])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let (list, items) = try context.confirming(yes) { (confirmed) throws(OursError) in
            try context.household().deleteList(name, confirmed: confirmed)
        }
        if context.json {
            context.printJSON(["list": list.json, "deleted": true, "items": JSONValue(items)])
        } else {
            context.say("Deleted \(list.name)" + (items > 0 ? " and its \(Phrase.count(items, "item"))." : "."))
        }
        return 0
    }
}
