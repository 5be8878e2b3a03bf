import OursHousehold
import OursSync

/// `ours memories [--for PERSON]`: the memories, the latest first.
struct MemoriesCommand: OursCommand {
    static let person: Option<String?> = .value(
        "for", placeholder: "PERSON", help: "Only the memories for this person (me for yours)")

    static let spec = Spec(
        "memories", summary: "List the memories, the latest first",
        discussion:
            "A memory without a day is placed by the day it was added. --for takes a member (by name, or me) or a name memories are for, in any case.",
        examples: ["ours memories", "ours memories --for Lily"], options: [person])

    let person: String?

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(person: values[person])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let household = try context.household()
        let memories = try household.memories(for: person)
        let members = try household.members()
        if context.json {
            context.printJSON(.array(memories.map { $0.json(members: members) }))
            return 0
        }
        guard !memories.isEmpty else {
            context.say(
                person.map { "No memories for \($0) yet." } ?? "No memories yet. `ours memory add TITLE` adds one.")
            return 0
        }
        let today = household.today
        let rows = memories.map { memory -> [String] in
            [
                memory.date.map { TimeText.day($0, today: today) } ?? "",
                memory.recipientName(among: members) ?? "", memory.title,
                memory.addedBy.map { context.memberName($0, in: members) } ?? "",
            ]
        }
        context.console.out(Table.render(["DAY", "FOR", "MEMORY", "ADDED BY"], rows))
        return 0
    }
}
