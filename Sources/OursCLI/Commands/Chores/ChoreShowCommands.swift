import OursHousehold
import OursSync

/// `ours chore show NAME`: everything about one chore.
struct ChoreShowCommand: OursCommand {
    static let name: Argument<String> = .choreName

    static let spec = Spec(
        "show", summary: "Show a chore: its rule, who does it, when it is due and its latest completions",
        examples: ["ours chore show Bins"], arguments: [name])

    let name: String

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(name: values[name])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let household = try context.household()
        let chore = try household.chore(named: name)
        let members = try household.members()
        let now = household.nowMillis
        if context.json {
            var object = chore.json(members: members, now: now).objectValue ?? [:]
            object["completions"] = .array(chore.completions.map { $0.json(members: members) })
            context.printJSON(.object(object))
            return 0
        }
        let schedule =
            chore.schedule.rule.isDayRule
            ? "" : chore.schedule.fixed ? ", on a fixed schedule" : ", counted from the last time it was done"
        var lines = [
            context.bold(chore.name) + (chore.paused ? " (paused)" : ""), "  How often  \(chore.schedule.rule.phrase)\(schedule)",
        ]
        let due = chore.paused ? "paused" : "\(household.localTime(chore.nextDue)) (\(DueText.phrase(chore.nextDue, now: now)))"
        lines.append("  Next due   \(due)")
        let who = ChoreText.who(chore, members)
        if !who.isEmpty { lines.append("  Who        \(who)\(chore.rotation.isEmpty ? "" : " (taking turns)")") }
        if let note = chore.note { lines.append("  Note       \(note)") }
        let recent = chore.completions.prefix(5).map { "\(household.localTime($0.at)) by \(ChoreText.person($0.by, members))" }
        lines.append("  Last done  " + (recent.first ?? "never"))
        for line in recent.dropFirst() { lines.append("             \(line)") }
        if chore.completions.count > 5 {
            lines.append("             … `ours chore log \(chore.name)` has all \(chore.completions.count)")
        }
        lines.append(context.dim("  Id         \(chore.id)"))
        context.say(lines.joined(separator: "\n"))
        return 0
    }
}

/// `ours chore log NAME`: who did it when, newest first.
struct ChoreLogCommand: OursCommand {
    static let name: Argument<String> = .choreName
    static let limit: Option<Int?> = .integer(
        "limit", placeholder: "N", in: 1...Int.max, help: "Only the latest N completions")

    static let spec = Spec(
        "log", summary: "List who did a chore and when, newest first", examples: ["ours chore log Bins --limit 10"],
        arguments: [name], options: [limit])

    let name: String
    let limit: Int?

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(name: values[name], limit: values[limit])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let household = try context.household()
        let chore = try household.chore(named: name)
        let members = try household.members()
        let entries = chore.completions.prefix(limit ?? Int.max)
        if context.json {
            context.printJSON([
                "chore": ["id": .string(chore.id), "name": .string(chore.name)],
                "completions": .array(entries.map { $0.json(members: members) }),
            ])
            return 0
        }
        guard !entries.isEmpty else {
            context.say("\(context.bold(chore.name)) has not been done yet.")
            return 0
        }
        let rows = entries.map { entry -> [String] in
            // Late only when done on a later day than it was due, in the household's time zone:
            // the bins taken out at 07:00 on bin day are on time.
            let late = entry.due.map { due in
                let days =
                    CalendarDay(millis: entry.at, timeZone: household.timeZone).dayNumber
                    - CalendarDay(millis: due, timeZone: household.timeZone).dayNumber
                return days > 0 ? Phrase.count(Int(days), "day") : ""
            }
            return [household.localTime(entry.at), late ?? "", ChoreText.person(entry.by, members)]
        }
        context.console.out(Table.render(["WHEN", "LATE", "WHO"], rows))
        return 0
    }
}
