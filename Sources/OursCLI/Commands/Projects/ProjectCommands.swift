import OursHousehold
import OursSync

/// `ours project add NAME [--color C]`.
struct ProjectAddCommand: OursCommand {
    static let name: Argument<[String]> = .oneOrMore("NAME", help: "The project; several words are joined")
    static let color: Option<String?> = .value("color", placeholder: "C", help: "A colour for apps to show it in, e.g. green")

    static let spec = Spec(
        "add", summary: "Add a project for tasks", examples: ["ours project add Garden --color green"], arguments: [name],
        options: [color])

    let name: String
    let color: String?

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(name: values[name].joined(separator: " "), color: values[color])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let (project, outcome) = try context.household().addProject(name, color: color)
        if context.json {
            context.printJSON(project.json.adding(outcome))
            return 0
        }
        switch outcome {
        case .created: context.say("Added the project \(context.bold(project.name)).")
        case .restored: context.say("Brought back the project \(context.bold(project.name)).")
        case .updated: context.say("Updated the project \(context.bold(project.name)).")
        default: context.say("There is already a project called \(context.bold(project.name)).")
        }
        return 0
    }
}

/// `ours project list [--archived]`: the projects with how many tasks each has.
struct ProjectListCommand: OursCommand {
    static let archived: Option<Bool> = .flag("archived", help: "Include archived projects")

    static let spec = Spec(
        "list", summary: "List the projects, with their open and done tasks",
        examples: ["ours project list", "ours project list --archived"], options: [archived])

    let archived: Bool

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(archived: values[archived])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let household = try context.household()
        let projects = try household.projects(includeArchived: archived)
        let tasks = try household.tasks(includeDone: true, includeArchived: true)
        func counts(_ project: Project) -> (open: Int, done: Int) {
            let mine = tasks.filter { $0.projectID == project.id }
            let open = mine.filter { !$0.done }.count
            return (open, mine.count - open)
        }
        if context.json {
            context.printJSON(
                .array(
                    projects.map { project in
                        let (open, done) = counts(project)
                        return project.json.adding(["open": JSONValue(open), "done": JSONValue(done)])
                    }))
            return 0
        }
        if projects.isEmpty {
            context.say("No projects yet. `ours project add NAME`, or `ours task add TITLE --project NAME`.")
            return 0
        }
        let rows = projects.map { project -> [String] in
            let (open, done) = counts(project)
            let marks = [project.archived ? "archived" : nil, project.keptBy.isEmpty ? nil : "deleted, kept by its tasks"]
            let label = marks.compactMap { $0 }.isEmpty ? "" : " (" + marks.compactMap { $0 }.joined(separator: ", ") + ")"
            return [project.name + label, "\(open)", "\(done)", project.color ?? ""]
        }
        context.console.out(Table.render(["PROJECT", "OPEN", "DONE", "COLOUR"], rows))
        return 0
    }
}

/// `ours project show NAME`: the project and its tasks.
struct ProjectShowCommand: OursCommand {
    static let name: Argument<String> = .recordName("project")

    static let spec = Spec(
        "show", summary: "Show a project and its tasks", examples: ["ours project show garden"], arguments: [name])

    let name: String

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(name: values[name])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let household = try context.household()
        let project = try household.project(named: name)
        let tasks = try household.tasks(project: project.id, includeDone: true)
        let members = try household.members()
        if context.json {
            context.printJSON(project.json.adding(["tasks": .array(tasks.map { $0.json(members: members) })]))
            return 0
        }
        context.heading(project.name, [project.color, project.archived ? "archived" : nil])
        if tasks.isEmpty { context.say("  No tasks. `ours task add TITLE --project \"\(project.name)\"` adds one.") }
        for task in tasks.sorted(by: { !$0.done && $1.done }) {
            context.say("  " + (task.done ? context.dim("[x] " + task.name) : "[ ] " + task.name))
        }
        return 0
    }
}
