import OursHousehold
import OursSync

extension Commands {
    func choreAdd(_ name: String, every: DurationText, assign: String?) throws(OursError) {
        let life = try life()
        let (chore, outcome) = try life.addChore(named: name, every: Interval(milliseconds: every.milliseconds), assignee: assign)
        let members = try life.members()
        if context.json {
            return context.printJSON(
                Commands.with(chore.json(members: members, now: life.nowMillis), ["outcome": Commands.outcome(outcome)]))
        }
        let who = chore.assignee.flatMap { id in members.first { $0.id == id }?.name }.map { ", \($0)" } ?? ""
        let verb = outcome == .created ? "Added the chore" : outcome == .updated ? "Updated the chore" : "The chore is already"
        context.say(
            "\(verb) \(context.bold(chore.name)): \(chore.every.phrase)\(who); due \(Commands.due(chore.nextDue, now: life.nowMillis))."
        )
    }

    func choreDone(_ name: String) throws(OursError) {
        let life = try life()
        let chore = try life.choreDone(name)
        if context.json { return context.printJSON(chore.json(members: try life.members(), now: life.nowMillis)) }
        context.say("\(chore.name) done; next due \(life.localTime(chore.nextDue)).")
    }

    func chores() throws(OursError) {
        let life = try life()
        let chores = try life.chores()
        let members = try life.members()
        let now = life.nowMillis
        if context.json { return context.printJSON(.array(chores.map { $0.json(members: members, now: now) })) }
        if chores.isEmpty { return context.say("No chores yet: `ours chore add NAME --every 7d`.") }
        let rows = chores.map { chore -> [String] in
            // No colour inside a table: escape codes would throw the columns out of line.
            return [
                Commands.due(chore.nextDue, now: now), chore.every.phrase,
                chore.assignee.flatMap { id in members.first { $0.id == id }?.name } ?? "",
                chore.lastDone.map { life.localTime($0) } ?? "never", chore.name,
            ]
        }
        context.console.out(Table.render(["DUE", "HOW OFTEN", "WHO", "LAST DONE", "CHORE"], rows))
    }

    /// `now`, `in 3d`, `2d ago`, `in 5h`: how far a due time is from now, rounded (22 hours and
    /// more count in days, 45 minutes and more in hours).
    static func due(_ millis: Int64, now: Int64) -> String {
        let delta = millis - now
        let size = abs(delta)
        guard size >= 60_000 else { return "now" }
        func rounded(_ unit: Int64) -> Int64 { (size + unit / 2) / unit }
        let amount =
            size >= 79_200_000 ? "\(rounded(86_400_000))d" : size >= 2_700_000 ? "\(rounded(3_600_000))h" : "\(rounded(60_000))m"
        return delta > 0 ? "in \(amount)" : "\(amount) ago"
    }
}
