import OursHousehold
import OursSync

/// `ours chore add NAME --every RULE [--fixed] [--assign MEMBER | --rotate MEMBERS] [--note TEXT]`:
/// a chore that comes round again.
struct ChoreAddCommand: OursCommand {
    static let name: Argument<String> = .required("NAME", help: "The chore's name")
    static let every: Option<Recurrence?> = .every(required: true)
    static let fixed: Option<Bool> = .fixed
    static let assign: Option<String?> = .assign
    static let rotate: Option<String?> = .rotate
    static let note: Option<String?> = .choreNote

    static let spec = Spec(
        "add", summary: "Add a chore that comes round again",
        discussion: """
            A chore is next due one interval after it was last done; with --fixed it keeps to its \
            schedule instead. Adding a chore that exists changes what is given.
            """,
        examples: [
            "ours chore add Bins --every 7d --assign me", "ours chore add Hoovering --every \"2 weeks\" --rotate Sarah,Mike",
            "ours chore add Recycling --every mon,thu --fixed",
            "ours chore add Rent --every \"the 1st\" --note \"bank transfer\"",
        ],
        arguments: [name], options: [every, fixed, assign, rotate, note])

    let name: String
    let every: Recurrence
    let fixed: Bool
    let assign: String?
    let rotate: String?
    let note: String?

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        guard let rule = try values[every] else { throw .missingOption(every.spec, command: values.command) }
        return try Self(
            name: values[name], every: rule, fixed: values[fixed], assign: values[assign], rotate: values[rotate],
            note: values[note])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let household = try context.household()
        let changes = ChoreChanges(
            fixed: fixed ? true : nil, assignee: assign, rotation: rotate.map(ChoreText.names), note: note)
        let (chore, outcome) = try household.addChore(named: name, rule: every, changes)
        let members = try household.members()
        let now = household.nowMillis
        if context.json {
            context.printJSON(chore.json(members: members, now: now).adding(outcome))
            return 0
        }
        let who = ChoreText.who(chore, members)
        let verb = outcome == .created ? "Added the chore" : outcome == .updated ? "Updated the chore" : "The chore is already"
        context.say(
            "\(verb) \(context.bold(chore.name)): \(ChoreText.howOften(chore))\(who.isEmpty ? "" : ", \(who)"); "
                + "\(ChoreText.dueClause(chore, now: now)).")
        return 0
    }
}

/// `ours chore done NAME`: done until it next comes round.
struct ChoreDoneCommand: OursCommand {
    static let name: Argument<String> = .choreName

    static let spec = Spec(
        "done", summary: "Mark a chore done until it next comes round",
        discussion: "The completion goes into the chore's log; a rotating chore goes to the next person.",
        examples: ["ours chore done Bins"], arguments: [name])

    let name: String

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(name: values[name])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let household = try context.household()
        let chore = try household.choreDone(name)
        let members = try household.members()
        if context.json {
            context.printJSON(chore.json(members: members, now: household.nowMillis))
            return 0
        }
        let next = chore.rotation.isEmpty ? "" : " (\(ChoreText.person(chore.assignee, members))'s turn)"
        context.say("\(chore.name) done; next due \(household.localTime(chore.nextDue))\(next).")
        return 0
    }
}
