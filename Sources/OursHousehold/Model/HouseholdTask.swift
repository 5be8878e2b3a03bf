import OursSync

/// A one-off task, perhaps part of a project: `task` records.
///
/// Fields: `name` (the title: every record's human label is `name`), `project`, `due`
/// (`yyyy-MM-dd`), `priority` (1, most urgent, to 4), `assignee` (a participant id), `done`,
/// `doneAt` (an instant), `doneBy` (a participant id). Its id comes from its project and
/// title, so the same task added on two devices is one task.
public struct HouseholdTask: Sendable, Hashable {
    public let id: String
    public var name: String
    public var project: String?
    public var due: CalendarDay?
    public var priority: Int?
    public var assignee: String?
    public var done: Bool
    public var doneAt: String?
    public var doneBy: String?

    public init(
        id: String, name: String, project: String? = nil, due: CalendarDay? = nil, priority: Int? = nil,
        assignee: String? = nil, done: Bool = false
    ) {
        self.id = id
        self.name = name
        self.project = project
        self.due = due
        self.priority = priority
        self.assignee = assignee
        self.done = done
    }

    public init?(_ snapshot: RecordSnapshot) {
        let values = snapshot.values
        guard snapshot.key.type == RecordTypes.task, let name = snapshot.name ?? values["title"]?.stringValue else {
            return nil
        }
        self.init(
            id: snapshot.key.id, name: name, project: values["project"]?.stringValue,
            due: values["due"]?.stringValue.flatMap(CalendarDay.init), priority: values["priority"]?.intValue,
            assignee: values["assignee"]?.stringValue, done: values["done"]?.boolValue ?? false)
        doneAt = values["doneAt"]?.stringValue
        doneBy = values["doneBy"]?.stringValue
    }

    /// Most urgent first: priority (none counts as 4), then due date (none last), then name.
    public static func urgency(_ a: HouseholdTask, _ b: HouseholdTask) -> Bool {
        let left = (a.priority ?? 4, a.due?.dayNumber ?? .max, NameKey.normalize(a.name))
        let right = (b.priority ?? 4, b.due?.dayNumber ?? .max, NameKey.normalize(b.name))
        return left < right
    }

    /// `{"id", "name", "project"?, "due"?, "priority"?, "assignee"?, "assigneeName"?, "done", "doneAt"?, "doneBy"?}`.
    public func json(members: [Member]) -> JSONValue {
        var object: [String: JSONValue] = ["id": .string(id), "name": .string(name), "done": .bool(done)]
        if let project { object["project"] = .string(project) }
        if let due { object["due"] = .string(due.description) }
        if let priority { object["priority"] = JSONValue(priority) }
        if let assignee {
            object["assignee"] = .string(assignee)
            if let member = members.first(where: { $0.id == assignee }) { object["assigneeName"] = .string(member.name) }
        }
        if let doneAt { object["doneAt"] = .string(doneAt) }
        if let doneBy { object["doneBy"] = .string(doneBy) }
        return .object(object)
    }
}
