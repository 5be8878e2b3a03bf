import OursHousehold
import OursSync

/// `ours project edit NAME [--name NEW] [--color C]`.
struct ProjectEditCommand: OursCommand {
    static let name: Argument<String> = .recordName("project")
    static let newName: Option<String?> = .value("name", placeholder: "NEW", help: "A new name; its tasks follow")
    static let color: Option<Edit<String>> = .edit("color", placeholder: "C", help: "A colour for apps to show it in")

    static let spec = Spec(
        "edit", summary: "Rename a project or change its colour",
        examples: [#"ours project edit Garden --name "Back garden""#, "ours project edit garden --color none"],
        arguments: [name], options: [newName, color])

    let name: String
    let newName: String?
    let color: Edit<String>

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(name: values[name], newName: values[newName], color: values[color])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let (project, tasks, outcome) = try context.household().editProject(name, .init(name: newName, color: color))
        if context.json {
            context.printJSON(project.json.adding(["outcome": outcome.json, "tasks": JSONValue(tasks)]))
        } else {
            context.say(
                outcome == .unchanged ? "\(project.name) is already so." : "Updated the project \(context.bold(project.name)).")
        }
        return 0
    }
}

/// `ours project archive NAME`: puts a project away with its tasks.
struct ProjectArchiveCommand: OursCommand {
    static let name: Argument<String> = .recordName("project")

    static let spec = Spec(
        "archive", summary: "Put a project and its open tasks away, without deleting them",
        examples: ["ours project archive Shed"], arguments: [name])

    let name: String

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(name: values[name])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let (project, tasks, outcome) = try context.household().archiveProject(name)
        if context.json {
            context.printJSON(project.json.adding(["outcome": outcome.json, "tasks": JSONValue(tasks)]))
        } else if outcome == .unchanged {
            context.say("\(project.name) is already archived.")
        } else {
            context.say(
                "Archived \(project.name)" + (tasks > 0 ? " and its \(Phrase.count(tasks, "open task"))" : "")
                    + "; `ours project list --archived` still shows it.")
        }
        return 0
    }
}

/// `ours project unarchive NAME`.
struct ProjectUnarchiveCommand: OursCommand {
    static let name: Argument<String> = .recordName("project")

    static let spec = Spec(
        "unarchive", summary: "Take a project and its tasks out of the archive",
        examples: ["ours project unarchive Shed"], arguments: [name])

    let name: String

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(name: values[name])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let (project, outcome) = try context.household().unarchiveProject(name)
        if context.json {
            context.printJSON(project.json.adding(outcome))
        } else {
            context.say(outcome == .unchanged ? "\(project.name) is not archived." : "Took \(project.name) out of the archive.")
        }
        return 0
    }
}

/// `ours project rm NAME [--yes]`: the project and its tasks.
struct ProjectRemoveCommand: OursCommand {
    static let name: Argument<String> = .recordName("project")
    static let yes: Option<Bool> = .yes

    static let spec = Spec(
        "rm", aliases: ["delete"], summary: "Delete a project and its tasks; --yes when it has tasks",
        examples: ["ours project rm Shed --yes"], arguments: [name], options: [yes])

    let name: String
    let yes: Bool

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(name: values[name], yes: values[yes])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let (project, tasks) = try context.confirming(yes) { (confirmed) throws(OursError) in
            try context.household().deleteProject(name, confirmed: confirmed)
        }
        if context.json {
            context.printJSON(project.json.adding(["deleted": true, "tasks": JSONValue(tasks)]))
        } else {
            context.say("Deleted \(project.name)" + (tasks > 0 ? " and its \(Phrase.count(tasks, "task"))." : "."))
        }
        return 0
    }
}
