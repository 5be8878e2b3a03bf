import OursHousehold
import OursSync

/// `ours memory edit NAME... [--title T] [--note TEXT] [--date DAY] [--for PERSON] [--photo FILE|none]...`.
struct MemoryEditCommand: OursCommand {
    static let name: Argument<[String]> = .memoryName
    static let title: Option<String?> = .value("title", placeholder: "TITLE", help: "A new title")
    static let note: Option<Edit<String>> = .edit("note", placeholder: "TEXT", help: MemoryHelp.note)
    static let date: Option<Edit<String>> = .edit("date", placeholder: "DAY", help: MemoryHelp.date)
    static let person: Option<Edit<String>> = .edit("for", placeholder: "PERSON", help: MemoryHelp.person)
    static let photos: Option<Edit<[String]>> = .photoEdit

    static let spec = Spec(
        "edit", summary: "Change a memory's title, note, day, who it is for or its photos",
        discussion: "Only what is given changes.",
        examples: [
            #"ours memory edit Day at the sea --date 2021-08-14 --note "Lily found a crab.""#,
            "ours memory edit first --title 'First steps!' --for none",
            "ours memory edit Sandcastle --photo IMG_2041.jpg --photo IMG_2043.jpg",
        ],
        arguments: [name], options: [title, note, date, person, photos])

    let name: String
    let title: String?
    let note: Edit<String>
    let date: Edit<String>
    let person: Edit<String>
    var photos: Edit<[String]> = .keep

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(
            name: values[name].joined(separator: " "), title: values[title], note: values[note], date: values[date],
            person: values[person], photos: values[photos])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let household = try context.household()
        let edits = Household.MemoryEdits(title: title, note: note, date: date, recipient: person, photos: photos)
        let (memory, outcome) = try household.editMemory(name, edits)
        let members = try household.members()
        if context.json {
            context.printJSON(memory.json(members: members).adding(outcome))
        } else if outcome == .unchanged {
            context.say("\(memory.title) is already so.")
        } else {
            context.say("Updated the memory \(context.label(of: memory, in: household, members: members)).")
        }
        return 0
    }
}

/// `ours memory rm NAME... [--yes]`: asks first, on a terminal.
struct MemoryRemoveCommand: OursCommand {
    static let name: Argument<[String]> = .memoryName
    static let yes: Option<Bool> = .yes

    static let spec = Spec(
        "rm", aliases: ["delete", "remove"], summary: "Delete a memory; asks first, --yes in scripts",
        discussion:
            "A memory is someone's own writing, and goes from every device of the household, so it is never deleted "
            + "unasked. `ours restore memory NAME` brings it back.",
        examples: ["ours memory rm Day at the sea --yes"], arguments: [name], options: [yes])

    let name: String
    let yes: Bool

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(name: values[name].joined(separator: " "), yes: values[yes])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let household = try context.household()
        let members = try household.members()
        let found = try household.memory(named: name)
        // Someone who may not change the household is told so at once, not asked first.
        if household.zone.membership?.canWrite ?? true {
            try context.confirm(yes, "Delete the memory \(context.label(of: found, in: household, members: members))?")
        }
        // By id: what was asked about is what goes.
        let memory = try household.removeMemory(found.id)
        if context.json {
            context.printJSON(memory.json(members: members).adding(["deleted": true]))
        } else {
            context.say(
                "Deleted the memory \(context.label(of: memory, in: household, members: members)); "
                    + "`ours restore memory \(memory.id)` brings it back.")
        }
        return 0
    }
}
