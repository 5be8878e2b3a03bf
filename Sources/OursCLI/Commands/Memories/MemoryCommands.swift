import OursHousehold
import OursSync

/// `ours memory add TITLE... [--note TEXT] [--date DAY] [--for PERSON]`.
struct MemoryAddCommand: OursCommand {
    static let title: Argument<[String]> = .oneOrMore("TITLE", help: "What to call it; several words are joined")
    static let note: Option<String?> = .value("note", placeholder: "TEXT", help: MemoryHelp.note)
    static let date: Option<String?> = .value("date", placeholder: "DAY", help: MemoryHelp.date)
    static let person: Option<String?> = .value("for", placeholder: "PERSON", help: MemoryHelp.person)
    static let photos: Option<[String]> = .photos

    static let spec = Spec(
        "add", summary: "Add a memory, for someone or for everyone",
        discussion:
            "Always a new memory: several may share a title (a birthday every year). Read-only members see memories and cannot add them.",
        examples: [
            #"ours memory add First steps --date 2019-06-02 --for Lily --note "She walked to Grandpa.""#,
            "ours memory add Day at the sea --date saturday --for me",
            "ours memory add Sandcastle --for Lily --photo IMG_2041.jpg --photo IMG_2042.jpg",
        ],
        arguments: [title], options: [note, date, person, photos])

    let title: String
    let note: String?
    let date: String?
    let person: String?
    var photos: [String] = []

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(
            title: values[title].joined(separator: " "), note: values[note], date: values[date], person: values[person],
            photos: values[photos])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let household = try context.household()
        let memory = try household.addMemory(title, note: note, date: date, for: person, photos: photos)
        let members = try household.members()
        if context.json {
            context.printJSON(memory.json(members: members))
        } else {
            let pictures = memory.photos.isEmpty ? "" : ", with " + Phrase.count(memory.photos.count, "photo")
            context.say("Added the memory \(context.label(of: memory, in: household, members: members))\(pictures).")
        }
        return 0
    }
}

/// `ours memory show NAME...`: a memory with its note, and who added it when.
struct MemoryShowCommand: OursCommand {
    static let name: Argument<[String]> = .memoryName

    static let spec = Spec(
        "show", summary: "Show a memory: its day, who it is for, its note, who added it",
        examples: ["ours memory show Day at the sea", "ours memory show first --json"], arguments: [name])

    let name: String

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(name: values[name].joined(separator: " "))
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let household = try context.household()
        let memory = try household.memory(named: name)
        let members = try household.members()
        if context.json {
            context.printJSON(memory.json(members: members))
            return 0
        }
        context.heading(memory.title, context.facts(of: memory, in: household, members: members))
        for line in memory.note.map({ $0.split(separator: "\n", omittingEmptySubsequences: false) }) ?? [] {
            context.say("  " + line)
        }
        context.sayPhotos(memory.photos, in: household)
        if memory.addedBy != nil || memory.addedAt != nil {
            let when = memory.addedAt.map { ", " + context.time.phrase($0) } ?? ""
            context.say(context.dim("  Added by \(context.memberName(memory.addedBy, in: members))\(when)."))
        }
        return 0
    }
}
