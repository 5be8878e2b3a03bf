import OursHousehold
import OursSync

/// `ours chore edit NAME [--every RULE] [--fixed | --from-last] [--assign MEMBER | --rotate
/// MEMBERS | --unassign] [--note TEXT]`.
struct ChoreEditCommand: OursCommand {
    static let name: Argument<String> = .choreName
    static let every: Option<Recurrence?> = .every(required: false)
    static let fixed: Option<Bool> = .fixed
    static let fromLast: Option<Bool> = .flag(
        "from-last", help: "Count from the last time it was done (the default for a new chore)")
    static let assign: Option<String?> = .assign
    static let rotate: Option<String?> = .rotate
    static let unassign: Option<Bool> = .flag("unassign", help: "Nobody in particular does it")
    static let note: Option<String?> = .choreNote

    static let spec = Spec(
        "edit", summary: "Change how often a chore comes round, who does it, or its note",
        discussion: "A new rule or schedule starts from when the chore is due now. Only what is given changes.",
        examples: [
            "ours chore edit Bins --every \"2 weeks\" --fixed", "ours chore edit Bins --rotate Sarah,Mike",
            "ours chore edit Bins --note \"green bin too\"",
        ],
        arguments: [name], options: [every, fixed, fromLast, assign, rotate, unassign, note])

    let name: String
    let every: Recurrence?
    let fixed: Bool
    let fromLast: Bool
    let assign: String?
    let rotate: String?
    let unassign: Bool
    let note: String?

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(
            name: values[name], every: values[every], fixed: values[fixed], fromLast: values[fromLast],
            assign: values[assign], rotate: values[rotate], unassign: values[unassign], note: values[note])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        if fixed && fromLast { throw .usage("give --fixed or --from-last, not both") }
        let changes = ChoreChanges(
            rule: every, fixed: fixed ? true : fromLast ? false : nil, assignee: assign,
            rotation: rotate.map(ChoreText.names), unassign: unassign, note: note)
        if changes == ChoreChanges() {
            throw .usage(
                "nothing to change", hint: "Give --every, --fixed, --from-last, --assign, --rotate, --unassign or --note.")
        }
        let household = try context.household()
        let (chore, outcome) = try household.editChore(name, changes)
        let members = try household.members()
        let now = household.nowMillis
        if context.json {
            context.printJSON(chore.json(members: members, now: now).adding(outcome))
            return 0
        }
        guard outcome == .updated else {
            context.say("\(context.bold(chore.name)) is already like that.")
            return 0
        }
        let who = ChoreText.who(chore, members)
        context.say(
            "Updated \(context.bold(chore.name)): \(ChoreText.howOften(chore))\(who.isEmpty ? "" : ", \(who)"); "
                + "\(ChoreText.dueClause(chore, now: now)).")
        return 0
    }
}

/// `ours chore rm NAME`.
struct ChoreRemoveCommand: OursCommand {
    static let name: Argument<String> = .choreName

    static let yes: Option<Bool> = .yesTaken

    static let spec = Spec(
        "rm", aliases: ["remove", "delete"], summary: "Delete a chore",
        discussion: """
            `ours restore chore NAME` brings it back with its log; adding it again instead starts \
            it afresh.
            """,
        examples: ["ours chore rm Bins"], arguments: [name], options: [yes])

    let name: String
    /// Taken for scripts (`--yes`); nothing is asked either way.
    var yes = false

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(name: values[name], yes: values[yes])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let chore = try context.household().removeChore(name)
        if context.json {
            context.printJSON(["id": .string(chore.id), "name": .string(chore.name), "deleted": true])
        } else {
            context.say("Deleted the chore \(context.bold(chore.name)).")
        }
        return 0
    }
}
