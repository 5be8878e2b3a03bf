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
    static let note: Option<String?> = .value("note", placeholder: "N", help: "A note: what, where, how")
    static let photos: Option<[String]> = .photos

    static let spec = Spec(
        "add", summary: "Add a task",
        examples: [
            "ours task add Fix the tap --due 2025-03-20 --priority 1",
            #"ours task add Buy paint --project Shed --note "white, satin""#,
        ],
        arguments: [title], options: [project, due, priority, assign, note, photos])

    let title: String
    let project: String?
    /// As typed: reading it needs the household's calendar.
    let due: String?
    let priority: Int?
    let assign: String?
    var note: String? = nil
    var photos: [String] = []

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(
            title: values[title].joined(separator: " "), project: values[project], due: values[due],
            priority: values[priority], assign: values[assign], note: values[note], photos: values[photos])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let household = try context.household()
        let (task, outcome) = try household.addTask(
            title, project: project, due: due, priority: priority, assignee: assign, note: note, photos: photos)
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

/// `ours task done TITLE... [--project P]`.
struct TaskDoneCommand: OursCommand {
    static let title: Argument<[String]> = .oneOrMore("TITLE", help: "The task; several words are joined")
    static let project: Option<String?> = .project("Its project, when tasks of several projects have that title")

    static let spec = Spec(
        "done", summary: "Mark a task done",
        examples: ["ours task done Fix the tap", #"ours task done "Buy paint" --project Home"#],
        arguments: [title], options: [project])

    let title: String
    var project: String? = nil

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(title: values[title].joined(separator: " "), project: values[project])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let household = try context.household()
        let task = try household.taskDone(title, project: project)
        if context.json {
            context.printJSON(task.json(members: try household.members()))
        } else {
            context.say("Done: \(task.name)" + (task.project.map { " (\($0))" } ?? "") + ".")
        }
        return 0
    }
}
