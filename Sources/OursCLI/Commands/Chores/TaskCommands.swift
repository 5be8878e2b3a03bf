import OursHousehold
import OursSync

/// `ours task add TITLE... [--project P] [--due DATE] [--priority 1-4] [--assign MEMBER]`.
struct TaskAddCommand: OursCommand {
    static let title: Argument<[String]> = .oneOrMore("TITLE", help: "What to do; several words are joined")
    static let project: Option<String?> = .project("The project it belongs to")
    static let due: Option<String?> = .value("due", placeholder: "DATE", help: "When it is due, as YYYY-MM-DD")
    static let priority: Option<Int?> = .integer(
        "priority", placeholder: "1-4", in: 1...4, help: "From 1, most urgent, to 4")
    static let assign: Option<String?> = .assign

    static let spec = Spec(
        "add", summary: "Add a task", examples: ["ours task add Fix the tap --due 2025-03-20 --priority 1"],
        arguments: [title], options: [project, due, priority, assign])

    let title: String
    let project: String?
    /// As typed: reading it needs the household's calendar.
    let due: String?
    let priority: Int?
    let assign: String?

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(
            title: values[title].joined(separator: " "), project: values[project], due: values[due],
            priority: values[priority], assign: values[assign])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let household = try context.household()
        let (task, outcome) = try household.addTask(title, project: project, due: due, priority: priority, assignee: assign)
        if context.json {
            context.printJSON(task.json(members: try household.members()).adding(outcome))
            return 0
        }
        let project = task.project.map { " in \($0)" } ?? ""
        switch outcome {
        case .created: context.say("Added the task \(context.bold(task.name))\(project).")
        case .restored: context.say("Reopened the task \(context.bold(task.name))\(project).")
        case .updated: context.say("Updated the task \(context.bold(task.name))\(project).")
        default: context.say("The task \(context.bold(task.name)) is already open\(project).")
        }
        return 0
    }
}

/// `ours task done TITLE...`.
struct TaskDoneCommand: OursCommand {
    static let title: Argument<[String]> = .oneOrMore("TITLE", help: "The task; several words are joined")

    static let spec = Spec("done", summary: "Mark a task done", arguments: [title])

    let title: String

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(title: values[title].joined(separator: " "))
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let household = try context.household()
        let task = try household.taskDone(title)
        if context.json {
            context.printJSON(task.json(members: try household.members()))
        } else {
            context.say("Done: \(task.name)" + (task.project.map { " (\($0))" } ?? "") + ".")
        }
        return 0
    }
}

/// `ours tasks [--project P]`: the open tasks, most urgent first.
struct TasksCommand: OursCommand {
    static let project: Option<String?> = .project("Only the tasks of this project")

    static let spec = Spec("tasks", summary: "List open tasks", options: [project])

    let project: String?

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(project: values[project])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let household = try context.household()
        let tasks = try household.tasks(project: project)
        let members = try household.members()
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
            let due = task.due.map { day in day < today ? "\(day) (overdue)" : day.description } ?? ""
            return [
                task.priority.map { "P\($0)" } ?? "", due, task.project ?? "",
                task.assignee.flatMap { id in members.first { $0.id == id }?.name } ?? "", task.name,
            ]
        }
        context.console.out(Table.render(["PRI", "DUE", "PROJECT", "WHO", "TASK"], rows))
        return 0
    }
}
