import OursHousehold
import OursSync

extension Commands {
    func taskAdd(_ title: String, project: String?, due: String?, priority: Int?, assign: String?) throws(OursError) {
        let life = try life()
        let (task, outcome) = try life.addTask(title, project: project, due: due, priority: priority, assignee: assign)
        if context.json {
            return context.printJSON(
                Commands.with(task.json(members: try life.members()), ["outcome": Commands.outcome(outcome)]))
        }
        let project = task.project.map { " in \($0)" } ?? ""
        switch outcome {
        case .created: context.say("Added the task \(context.bold(task.name))\(project).")
        case .restored: context.say("Reopened the task \(context.bold(task.name))\(project).")
        case .updated: context.say("Updated the task \(context.bold(task.name))\(project).")
        default: context.say("The task \(context.bold(task.name)) is already open\(project).")
        }
    }

    func taskDone(_ title: String) throws(OursError) {
        let life = try life()
        let task = try life.taskDone(title)
        if context.json { return context.printJSON(task.json(members: try life.members())) }
        context.say("Done: \(task.name)" + (task.project.map { " (\($0))" } ?? "") + ".")
    }

    func tasks(project: String?) throws(OursError) {
        let life = try life()
        let tasks = try life.tasks(project: project)
        let members = try life.members()
        if context.json { return context.printJSON(.array(tasks.map { $0.json(members: members) })) }
        if tasks.isEmpty {
            return context.say(project.map { "No open tasks in \($0)." } ?? "No open tasks. `ours task add TITLE` adds one.")
        }
        let today = life.today
        let rows = tasks.map { task -> [String] in
            let due = task.due.map { day in day < today ? "\(day) (overdue)" : day.description } ?? ""
            return [
                task.priority.map { "P\($0)" } ?? "", due, task.project ?? "",
                task.assignee.flatMap { id in members.first { $0.id == id }?.name } ?? "", task.name,
            ]
        }
        context.console.out(Table.render(["PRI", "DUE", "PROJECT", "WHO", "TASK"], rows))
    }
}
