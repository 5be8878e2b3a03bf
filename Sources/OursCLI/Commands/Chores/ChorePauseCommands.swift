import OursHousehold
import OursSync

/// `ours chore pause NAME`: never due until resumed.
struct ChorePauseCommand: OursCommand {
    static let name: Argument<String> = .choreName

    static let spec = Spec(
        "pause", summary: "Pause a chore: it is never due until resumed",
        discussion: "A paused chore stays listed, last, marked paused.", examples: ["ours chore pause Recycling"],
        arguments: [name])

    let name: String

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(name: values[name])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let household = try context.household()
        let (chore, outcome) = try household.pauseChore(name)
        if context.json {
            context.printJSON(chore.json(members: try household.members(), now: household.nowMillis).adding(outcome))
        } else {
            context.say(
                outcome == .updated
                    ? "Paused \(context.bold(chore.name)); `ours chore resume \(chore.name)` brings it back."
                    : "\(context.bold(chore.name)) is already paused.")
        }
        return 0
    }
}

/// `ours chore resume NAME`.
struct ChoreResumeCommand: OursCommand {
    static let name: Argument<String> = .choreName

    static let spec = Spec(
        "resume", summary: "Resume a paused chore",
        discussion: "It is due when it would have been, but never before now.", examples: ["ours chore resume Recycling"],
        arguments: [name])

    let name: String

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(name: values[name])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let household = try context.household()
        let (chore, outcome) = try household.resumeChore(name)
        let now = household.nowMillis
        if context.json {
            context.printJSON(chore.json(members: try household.members(), now: now).adding(outcome))
        } else if outcome == .updated {
            context.say("Resumed \(context.bold(chore.name)); \(ChoreText.dueClause(chore, now: now)).")
        } else {
            context.say("\(context.bold(chore.name)) is not paused.")
        }
        return 0
    }
}
