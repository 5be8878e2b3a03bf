import OursSync

extension Household {
    /// Tasks, most urgent first.
    /// - Parameters:
    ///   - project: only this project's (its name, any case, a unique beginning, or its id);
    ///     `nil` for all. A project's own tasks are listed even when it is archived.
    ///   - includeDone: whether done tasks are included.
    ///   - includeArchived: whether tasks put away with an archived project are included.
    ///   - assignee: only the tasks of this member (a name, `me`, or an id).
    /// - Throws: `.notFound` for an unknown project or member.
    public func tasks(
        project: String? = nil, includeDone: Bool = false, includeArchived: Bool = false, assignee: String? = nil
    ) throws(OursError) -> [HouseholdTask] {
        let projectID = try project.map { (name: String) throws(OursError) -> String in try self.project(named: name).id }
        let memberID = try assignee.map { (name: String) throws(OursError) -> String in try member(named: name).id }
        return HouseholdTask.byUrgency(
            try taskRecords()
                .filter { includeDone || !$0.done }
                .filter { projectID == nil ? includeArchived || !$0.archived : $0.projectID == projectID }
                .filter { memberID == nil || $0.assignee == memberID })
    }

    /// The tasks done at or after `since` (all when `nil`), the latest first.
    public func doneTasks(since: Int64? = nil, project: String? = nil) throws(OursError) -> [HouseholdTask] {
        let sinceText = since.map { UTCTime.iso8601(millis: $0) }
        return try tasks(project: project, includeDone: true, includeArchived: true)
            .filter { $0.done && (sinceText == nil || ($0.doneAt ?? "") >= sinceText!) }
            .sorted { ($0.doneAt ?? "", $0.id) > ($1.doneAt ?? "", $1.id) }
    }

    /// The task a title or id means, open ones preferred over done ones of the same title.
    /// - Parameter project: its project, needed only when several tasks have that title.
    public func task(named title: String, project: String? = nil) throws(OursError) -> HouseholdTask {
        let candidates = try tasks(project: project, includeDone: true, includeArchived: true)
        let task = try Household.taskResolver(hint: "`ours tasks` lists the open tasks, `ours tasks --done` the done ones.")
            .resolve(title, in: candidates, preferring: { !$0.done })
        return try withPhotos(task)
    }

    /// A task as listings read it (from summaries, which hold no photos), with its photos read
    /// from its record.
    func withPhotos(_ task: HouseholdTask) throws(OursError) -> HouseholdTask {
        guard let whole = try live(RecordTypes.task, task.id).flatMap(HouseholdTask.init) else { return task }
        var read = task
        read.photos = whole.photos
        return read
    }

    /// Adds a task. The same title in the same project is the same task: adding it again
    /// updates what is given, and reopens it if it was done. A project that does not exist is
    /// made, and an archived one taken out of the archive.
    /// - Parameters:
    ///   - dueText: `yyyy-MM-dd`, `today`, `tomorrow` or a weekday.
    ///   - priority: 1 (most urgent) to 4.
    ///   - assignee: a member's name or id.
    ///   - photos: files to keep with it (paths), each as an attachment, copied before the task
    ///     is written; given, they replace the photos of the task it turns out to be.
    /// - Returns: the task and `.created`, `.restored`, `.updated` or `.unchanged`.
    /// - Throws: `.notFound`/`.usage` for a photo that cannot be read or passes the attachment
    ///   size limit (nothing is written).
    public func addTask(
        _ title: String, project: String? = nil, due dueText: String? = nil, priority: Int? = nil, assignee: String? = nil,
        note: String? = nil, photos: [String] = []
    ) throws(OursError) -> (task: HouseholdTask, outcome: Outcome) {
        let title = try Household.cleanName(title, what: "task")
        let projectName = project.map(NameKey.display).flatMap { $0.isEmpty ? nil : $0 }
        var given: [String: JSONValue?] = try taskFields(due: dueText, priority: priority, assignee: assignee)
        if let note { given["note"] = .string(note) }
        if let pictures = AttachmentRef.photosValue(try addPhotos(photos)) { given["photos"] = pictures }
        return try zone.write { () throws(OursError) -> (task: HouseholdTask, outcome: Outcome) in
            let project = try projectName.map { (name: String) throws(OursError) -> Project in try projectForAdding(name).project
            }
            let same = try taskRecords().first { $0.projectID == project?.id && NameKey.matches($0.name, title) }
            let id = same?.id ?? SemanticID.task(named: title, project: project?.name)
            let existing = try snapshot(RecordTypes.task, id)
            let current = existing.flatMap { $0.isDeleted ? nil : HouseholdTask($0) }
            var fields: [String: JSONValue?]
            let outcome: Outcome
            if let current, !current.done {
                fields = given.filter { existing?.values[$0.key] != $0.value }
                outcome = fields.isEmpty ? .unchanged : .updated
            } else {
                fields = Household.clearing(
                    ["doneAt", "doneBy", "archived"] + (current == nil ? ["due", "priority", "assignee", "note", "photos"] : []),
                    in: existing)
                fields["name"] = .string(current?.name ?? title)
                if let project {
                    fields["project"] = .string(project.name)
                    fields["projectId"] = .string(project.id)
                }
                fields["done"] = false
                fields.merge(given) { $1 }
                outcome = current == nil ? .created : .restored
            }
            if !fields.isEmpty { try write(RecordTypes.task, id, fields) }
            let task = try taskRecords().first { $0.id == id } ?? HouseholdTask(id: id, name: title, project: project?.name)
            return (try withPhotos(task), outcome)
        }
    }

    /// The fields for a due date, priority and assignee as given (checked; `nil` gives none).
    func taskFields(due dueText: String?, priority: Int?, assignee: String?) throws(OursError) -> [String: JSONValue?] {
        var fields: [String: JSONValue?] = [:]
        if let priority {
            guard (1...4).contains(priority) else { throw .usage("--priority \(priority) is not 1, 2, 3 or 4") }
            fields["priority"] = JSONValue(priority)
        }
        if let dueText { fields["due"] = .string(try CalendarDay.parse(dueText, today: today, what: "--due").description) }
        if let assignee { fields["assignee"] = .string(try member(named: assignee).id) }
        return fields
    }

    /// Marks an open task done.
    /// - Parameters:
    ///   - title: the task (any case; a unique beginning will do), or its id.
    ///   - project: its project, needed only when open tasks of several projects have that title.
    /// - Throws: `.notFound` when no open task matches, `.usage` when several do.
    public func taskDone(_ title: String, project: String? = nil) throws(OursError) -> HouseholdTask {
        try zone.write { () throws(OursError) -> HouseholdTask in
            let open = try tasks(project: project, includeArchived: project != nil)
            var resolver = Household.taskResolver()
            resolver.what = "open task"
            resolver.plural = "open tasks"
            var task = try resolver.resolve(title, in: open)
            let now = instant(nowMillis)
            let by = try me()
            try write(RecordTypes.task, task.id, ["done": true, "doneAt": now, "doneBy": .string(by)])
            task.done = true
            task.doneAt = now.stringValue
            task.doneBy = by
            return task
        }
    }
}
