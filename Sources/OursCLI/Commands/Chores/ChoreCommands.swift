import OursHousehold
import OursSync

/// `ours chore add NAME --every DURATION [--assign MEMBER]`: a chore that comes round again.
struct ChoreAddCommand: OursCommand {
    static let name: Argument<String> = .required("NAME", help: "The chore's name")
    static let every: Option<DurationText> = .requiredDuration(
        "every", placeholder: "DURATION", help: "How often it is due, e.g. 1d, 7d or 2w")
    static let assign: Option<String?> = .assign

    static let spec = Spec(
        "add", summary: "Add a chore that comes round again", examples: ["ours chore add Bins --every 7d --assign Alex"],
        arguments: [name], options: [every, assign])

    let name: String
    let every: DurationText
    let assign: String?

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(name: values[name], every: values[every], assign: values[assign])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let household = try context.household()
        let (chore, outcome) = try household.addChore(
            named: name, every: Interval(milliseconds: every.milliseconds), assignee: assign)
        let members = try household.members()
        if context.json {
            context.printJSON(chore.json(members: members, now: household.nowMillis).adding(outcome))
            return 0
        }
        let who = chore.assignee.flatMap { id in members.first { $0.id == id }?.name }.map { ", \($0)" } ?? ""
        let verb = outcome == .created ? "Added the chore" : outcome == .updated ? "Updated the chore" : "The chore is already"
        context.say(
            "\(verb) \(context.bold(chore.name)): \(chore.every.phrase)\(who); due \(DueText.phrase(chore.nextDue, now: household.nowMillis))."
        )
        return 0
    }
}

/// `ours chore done NAME`: done until it next comes round.
struct ChoreDoneCommand: OursCommand {
    static let name: Argument<String> = .required("NAME", help: "The chore's name")

    static let spec = Spec("done", summary: "Mark a chore done until it next comes round", arguments: [name])

    let name: String

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(name: values[name])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let household = try context.household()
        let chore = try household.choreDone(name)
        if context.json {
            context.printJSON(chore.json(members: try household.members(), now: household.nowMillis))
        } else {
            context.say("\(chore.name) done; next due \(household.localTime(chore.nextDue)).")
        }
        return 0
    }
}

/// `ours chores`: every chore, who does it and when it is next due.
struct ChoresCommand: OursCommand {
    static let spec = Spec("chores", summary: "List chores, who does them and when they are next due")

    static func parse(_ values: ParsedValues) -> Self { Self() }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let household = try context.household()
        let chores = try household.chores()
        let members = try household.members()
        let now = household.nowMillis
        if context.json {
            context.printJSON(.array(chores.map { $0.json(members: members, now: now) }))
            return 0
        }
        if chores.isEmpty {
            context.say("No chores yet: `ours chore add NAME --every 7d`.")
            return 0
        }
        let rows = chores.map { chore -> [String] in
            // No colour inside a table: escape codes would throw the columns out of line.
            return [
                DueText.phrase(chore.nextDue, now: now), chore.every.phrase,
                chore.assignee.flatMap { id in members.first { $0.id == id }?.name } ?? "",
                chore.lastDone.map { household.localTime($0) } ?? "never", chore.name,
            ]
        }
        context.console.out(Table.render(["DUE", "HOW OFTEN", "WHO", "LAST DONE", "CHORE"], rows))
        return 0
    }
}
