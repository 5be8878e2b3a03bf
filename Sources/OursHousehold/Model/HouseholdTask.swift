import OursSync

/// A one-off task, perhaps part of a project: `task` records.
///
/// Fields: `name` (the title: every record's human label is `name`), `projectId` (the
/// project's id), `project` (the project's name, which earlier versions read; a task they
/// wrote has only this), `note`, `due` (`yyyy-MM-dd`), `priority` (1, most urgent, to 4),
/// `assignee` (a participant id), `done`, `doneAt` (an instant), `doneBy` (a participant id),
/// `archived` (put away with its project), `photos` (attachment references: pictures kept with
/// it). Its id comes from its project's name and its
/// title when it is made, so the same task added on two devices is one task.
public struct HouseholdTask: Sendable, Hashable, Codable, Identifiable {
    /// The record's id, made from its project's name and its title when it was added.
    public let id: String
    /// The title: `Buy paint`.
    public var name: String
    /// The project's name.
    public var project: String?
    /// The project's id: the `projectId` field, or for a task an earlier version wrote, the
    /// id a project of its `project` name has.
    public var projectID: String?
    /// A remark on it.
    public var note: String?
    /// The day it is due, a calendar day with no time zone; `nil` when it has no due date.
    public var due: CalendarDay?
    /// 1, the most urgent, to 4; `nil` when none was given.
    public var priority: Int?
    /// Who is to do it: a participant id (see `Household.members()`).
    public var assignee: String?
    /// Whether it is done.
    public var done: Bool
    /// When it was marked done, an ISO 8601 UTC instant (`doneDate` as a `Date`); `nil` while
    /// it is not.
    public var doneAt: String?
    /// Who marked it done: a participant id.
    public var doneBy: String?
    /// Put away with its project when the project was archived.
    public var archived: Bool = false
    /// The pictures kept with it, as attachments (docs/FORMAT.md, "Attachments"), in order.
    public var photos: [AttachmentRef] {
        get { storedPhotos ?? [] }
        set { storedPhotos = newValue.isEmpty ? nil : newValue }
    }
    /// `photos`, optional so that a task encoded before photos existed still decodes.
    var storedPhotos: [AttachmentRef]?

    /// A task with these values (for previews and tests: `Household.addTask` adds tasks).
    /// `projectID` is the id a project of that name has.
    public init(
        id: String, name: String, project: String? = nil, due: CalendarDay? = nil, priority: Int? = nil,
        assignee: String? = nil, done: Bool = false
    ) {
        self.id = id
        self.name = name
        self.project = project
        self.projectID = project.map(SemanticID.project(named:))
        self.due = due
        self.priority = priority
        self.assignee = assignee
        self.done = done
    }

    init?(_ snapshot: RecordSnapshot) { self.init(snapshot, projectID: SemanticID.project(named:)) }

    /// - Parameter projectID: the id a project of a name has (`SemanticID.project(named:)`;
    ///   a caller reading many tasks remembers each name's).
    init?(_ snapshot: RecordSnapshot, projectID: (String) -> String) {
        let values = snapshot.values
        guard snapshot.key.type == RecordTypes.task, let name = snapshot.name ?? values["title"]?.stringValue else {
            return nil
        }
        self.init(
            id: snapshot.key.id, name: name, due: values["due"]?.stringValue.flatMap(CalendarDay.init),
            priority: values["priority"]?.intValue, assignee: values["assignee"]?.stringValue,
            done: values["done"]?.boolValue ?? false)
        project = values["project"]?.stringValue
        // The id a project of that name has only when the task names none (a digest each).
        self.projectID = values["projectId"]?.stringValue ?? project.map(projectID)
        note = values["note"]?.stringValue
        doneAt = values["doneAt"]?.stringValue
        doneBy = values["doneBy"]?.stringValue
        archived = values["archived"]?.boolValue ?? false
        photos = AttachmentRef.photos(in: values["photos"])
    }

    /// Most urgent first: priority (none counts as 4), then due date (none last), then name
    /// (compared as its normalized key's bytes, the order `String` gives it); ties keep the
    /// order given. Each key computed once (normalizing is far dearer than comparing).
    static func byUrgency(_ tasks: [HouseholdTask]) -> [HouseholdTask] {
        let keys = tasks.map {
            (priority: $0.priority ?? 4, day: $0.due?.dayNumber ?? .max, name: NameKey.normalizedUTF8($0.name))
        }
        return tasks.indices.sorted { a, b in
            let (left, right) = (keys[a], keys[b])
            if left.priority != right.priority { return left.priority < right.priority }
            if left.day != right.day { return left.day < right.day }
            let byName = NameKey.compareBytes(left.name, right.name)
            return byName != 0 ? byName < 0 : a < b
        }
        .map { tasks[$0] }
    }

    /// `{"id", "name", "project"?, "projectId"?, "note"?, "due"?, "priority"?, "assignee"?,
    /// "assigneeName"?, "done", "doneAt"?, "doneBy"?, "doneByName"?, "archived"?, "photos"?}`.
    package func json(members: [Member]) -> JSONValue {
        var object: [String: JSONValue] = ["id": .string(id), "name": .string(name), "done": .bool(done)]
        if let project { object["project"] = .string(project) }
        if let projectID { object["projectId"] = .string(projectID) }
        if let note { object["note"] = .string(note) }
        if let due { object["due"] = .string(due.description) }
        if let priority { object["priority"] = JSONValue(priority) }
        if let assignee {
            object["assignee"] = .string(assignee)
            if let member = members.first(where: { $0.id == assignee }) { object["assigneeName"] = .string(member.name) }
        }
        if let doneAt { object["doneAt"] = .string(doneAt) }
        if let doneBy {
            object["doneBy"] = .string(doneBy)
            if let member = members.first(where: { $0.id == doneBy }) { object["doneByName"] = .string(member.name) }
        }
        if archived { object["archived"] = true }
        if let photos = AttachmentRef.photosValue(photos) { object["photos"] = photos }
        return .object(object)
    }
}
