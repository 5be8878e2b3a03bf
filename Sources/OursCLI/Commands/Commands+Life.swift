import OursHousehold
import OursSync

extension Commands {
    /// Runs the "household life" commands (lists, items, recipes, meals, chores, tasks,
    /// categories, export); `nil` when `command` is not one of them.
    func runHouseholdLife(_ command: ParsedInvocation.Action) throws(OursError) -> Int32? {
        switch command {
        case .choreAdd(let name, let every, let assign): try choreAdd(name, every: every, assign: assign)
        case .choreDone(let name): try choreDone(name)
        case .chores: try chores()
        case .taskAdd(let title, let project, let due, let priority, let assign):
            try taskAdd(title, project: project, due: due, priority: priority, assign: assign)
        case .taskDone(let title): try taskDone(title)
        case .tasks(let project): try tasks(project: project)
        case .export(let format, let out): try export(format: format ?? .json, out: out)
        default: return nil
        }
        return 0
    }

    /// The household's lists, recipes, meals, chores and tasks.
    func life() throws(OursError) -> Household { try context.household() }

    /// An object's fields plus `outcome`, the shape of every command that changes one thing.
    static func with(_ value: JSONValue, _ extra: [String: JSONValue]) -> JSONValue {
        var object = value.objectValue ?? [:]
        object.merge(extra) { $1 }
        return .object(object)
    }

    static func outcome(_ outcome: Household.Outcome) -> JSONValue { .string(outcome.rawValue) }

    /// `1 item`, `3 items`.
    static func count(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
}
