import OursHousehold
import OursSync

/// `ours task show TITLE... [--project P]`.
struct TaskShowCommand: OursCommand {
    static let title: Argument<[String]> = .oneOrMore("TITLE", help: "The task (or its id); several words are joined")
    static let project: Option<String?> = .project("Its project, when tasks of several projects have that title")

    static let spec = Spec(
        "show", summary: "Show a task with its note, and who did it when it is done",
        examples: ["ours task show Fix the tap", #"ours task show "Buy paint" --project Home"#], arguments: [title],
        options: [project])

    let title: String
    let project: String?

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(title: values[title].joined(separator: " "), project: values[project])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let household = try context.household()
        let task = try household.task(named: title, project: project)
        let members = try household.members()
        if context.json {
            context.printJSON(task.json(members: members))
            return 0
        }
        context.heading(
            task.name,
            [
                task.project, task.priority.map { "P\($0)" }, task.due.map { "due \($0)" },
                task.assignee.map { "for \(context.memberName($0, in: members))" }, task.archived ? "archived" : nil,
            ])
        if let note = task.note { context.say("  " + note) }
        context.sayPhotos(task.photos, in: household)
        if task.done {
            context.say(
                "  Done by \(context.memberName(task.doneBy, in: members)), \(context.localTime(task.doneAt, in: household)).")
        }
        return 0
    }
}

/// `ours task edit TITLE... [--project P] [--name T] [--due D] [--priority N] [--assign M] [--note N] [--move-to P]
/// [--photo FILE|none]...`.
struct TaskEditCommand: OursCommand {
    static let title: Argument<[String]> = .oneOrMore("TITLE", help: "The task (or its id); several words are joined")
    static let project: Option<String?> = .project("Its project, when tasks of several projects have that title")
    static let name: Option<String?> = .value("name", placeholder: "TITLE", help: "A new title")
    static let due: Option<Edit<String>> = .edit("due", placeholder: "DATE", help: "When it is due, as YYYY-MM-DD")
    static let priority: Option<Edit<Int>> = .editInteger(
        "priority", placeholder: "1-4", in: 1...4, help: "From 1, most urgent, to 4")
    static let assign: Option<Edit<String>> = .edit("assign", placeholder: "MEMBER", help: "Who does it")
    static let note: Option<Edit<String>> = .edit("note", placeholder: "N", help: "A note: what, where, how")
    static let moveTo: Option<Edit<String>> = .edit(
        "move-to", placeholder: "P", help: "Move it to this project (made when there is none)")
    static let photos: Option<Edit<[String]>> = .photoEdit

    static let spec = Spec(
        "edit", summary: "Change a task's title, due date, priority, assignee or note, or move it to another project",
        discussion: "Only what is given changes.",
        examples: [
            "ours task edit Fix the tap --due friday --priority none",
            #"ours task edit "Buy paint" --project Home --move-to Shed --note "white, satin""#,
            "ours task edit Fix the tap --photo none",
        ],
        arguments: [title], options: [project, name, due, priority, assign, note, moveTo, photos])

    let title: String
    let project: String?
    let name: String?
    let due: Edit<String>
    let priority: Edit<Int>
    let assign: Edit<String>
    let note: Edit<String>
    let moveTo: Edit<String>
    var photos: Edit<[String]> = .keep

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(
            title: values[title].joined(separator: " "), project: values[project], name: values[name], due: values[due],
            priority: values[priority], assign: values[assign], note: values[note], moveTo: values[moveTo],
            photos: values[photos])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let household = try context.household()
        let edits = Household.TaskEdits(
            name: name, due: due, priority: priority, assignee: assign, note: note, project: moveTo, photos: photos)
        let (task, outcome) = try household.editTask(title, project: project, edits)
        if context.json {
            context.printJSON(task.json(members: try household.members()).adding(outcome))
        } else {
            context.say(outcome == .unchanged ? "\(task.name) is already so." : "Updated the task \(context.bold(task.name)).")
        }
        return 0
    }
}

/// `ours task rm TITLE... [--project P]`.
struct TaskRemoveCommand: OursCommand {
    static let title: Argument<[String]> = .oneOrMore("TITLE", help: "The task (or its id); several words are joined")
    static let project: Option<String?> = .project("Its project, when tasks of several projects have that title")

    static let yes: Option<Bool> = .yesTaken

    static let spec = Spec(
        "rm", aliases: ["delete"], summary: "Delete a task (`ours restore task` brings it back)",
        examples: ["ours task rm Fix the tap", #"ours task rm "Buy paint" --project Garden"#], arguments: [title],
        options: [project, yes])

    let title: String
    let project: String?
    /// Taken for scripts (`--yes`); nothing is asked either way.
    var yes = false

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(title: values[title].joined(separator: " "), project: values[project], yes: values[yes])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let household = try context.household()
        let task = try household.deleteTask(title, project: project)
        if context.json {
            context.printJSON(task.json(members: try household.members()).adding(["deleted": true]))
        } else {
            context.say("Deleted the task \(task.name)" + (task.project.map { " (\($0))." } ?? "."))
        }
        return 0
    }
}
