import OursHousehold
import OursSync

/// `ours tasks [--project P] [--assignee MEMBER] [--archived] [--done [--since DURATION]]`:
/// the open tasks, most urgent first, or what was done lately.
struct TasksCommand: OursCommand {
    static let project: Option<String?> = .project("Only the tasks of this project")
    static let assignee: Option<String?> = .value(
        "assignee", placeholder: "MEMBER", help: "Only the tasks of this member (me for yours)")
    static let archived: Option<Bool> = .flag("archived", help: "Include the tasks of archived projects")
    static let done: Option<Bool> = .flag("done", help: "The tasks done lately instead, the latest first, with who and when")
    static let since: Option<DurationText?> = .duration(
        "since", placeholder: "DURATION", help: "With --done: how far back to look, e.g. 7d; default 30d")

    static let spec = Spec(
        "tasks", summary: "List open tasks, or with --done what was done lately",
        examples: ["ours tasks --project Home", "ours tasks --assignee me", "ours tasks --done --since 7d"],
        options: [project, assignee, archived, done, since])

    let project: String?
    var assignee: String? = nil
    var archived = false
    var done = false
    var since: DurationText? = nil

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(
            project: values[project], assignee: values[assignee], archived: values[archived], done: values[done],
            since: values[since])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let household = try context.household()
        let members = try household.members()
        if done { return try showDone(household, members, context) }
        let tasks = try household.tasks(project: project, includeArchived: archived, assignee: assignee)
        if context.json {
            context.printJSON(.array(tasks.map { $0.json(members: members) }))
            return 0
        }
        if tasks.isEmpty {
            context.say(project.map { "No open tasks in \($0)." } ?? "No open tasks. `ours task add TITLE` adds one.")
            return 0
        }
        let today = household.today
        let rows = tasks.map { task -> [String] in
            let due = task.due.map { TimeText.day($0, today: today, overdue: true) } ?? ""
            return [
                task.priority.map { "P\($0)" } ?? "", due, task.project ?? "",
                task.assignee.flatMap { id in members.first { $0.id == id }?.name } ?? "", task.name,
            ]
        }
        context.console.out(Table.render(["PRI", "DUE", "PROJECT", "WHO", "TASK"], rows))
        return 0
    }

    private func showDone(_ household: Household, _ members: [Member], _ context: CommandContext) throws(OursError) -> Int32 {
        let window = since?.milliseconds ?? 30 * 86_400_000
        let member = try assignee.map { (name: String) throws(OursError) -> String in try household.member(named: name).id }
        let tasks = try household.doneTasks(since: household.nowMillis - window, project: project)
            .filter { member == nil || $0.doneBy == member || $0.assignee == member }
        if context.json {
            context.printJSON(.array(tasks.map { $0.json(members: members) }))
            return 0
        }
        if tasks.isEmpty {
            context.say("Nothing done in the last \(since?.text ?? "30d").")
            return 0
        }
        let rows = tasks.map { task -> [String] in
            [
                context.localTime(task.doneAt, in: household), context.memberName(task.doneBy, in: members), task.project ?? "",
                task.name,
            ]
        }
        context.console.out(Table.render(["DONE", "BY", "PROJECT", "TASK"], rows))
        return 0
    }
}
