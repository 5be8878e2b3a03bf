import OursHousehold
import OursSync

/// `ours chores [--due] [--assignee MEMBER]`: the chores, who does them and when they are next
/// due; overdue first, paused last.
struct ChoresCommand: OursCommand {
    static let due: Option<Bool> = .flag("due", help: "Only the chores due now")
    static let assignee: Option<String?> = .value(
        "assignee", placeholder: "MEMBER", help: "Only the chores this member is up for (me for yours)")

    static let spec = Spec(
        "chores", summary: "List chores, who does them and when they are next due",
        discussion: "Overdue chores come first, then the soonest due; paused chores come last.",
        examples: ["ours chores", "ours chores --due --assignee me"], options: [due, assignee])

    var due = false
    var assignee: String? = nil

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(due: values[due], assignee: values[assignee])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let household = try context.household()
        let chores = try household.chores(dueOnly: due, assignee: assignee)
        let members = try household.members()
        let now = household.nowMillis
        if context.json {
            context.printJSON(.array(chores.map { $0.json(members: members, now: now) }))
            return 0
        }
        if chores.isEmpty {
            context.say(
                due || assignee != nil ? "No chores like that." : "No chores yet: `ours chore add NAME --every 7d`.")
            return 0
        }
        let rows = chores.map { chore -> [String] in
            // No colour inside a table: escape codes would throw the columns out of line.
            return [
                ChoreText.due(chore, now: now), ChoreText.howOften(chore), ChoreText.who(chore, members),
                chore.lastDone.map { household.localTime($0) } ?? "never", chore.name,
            ]
        }
        context.console.out(Table.render(["DUE", "HOW OFTEN", "WHO", "LAST DONE", "CHORE"], rows))
        return 0
    }
}
