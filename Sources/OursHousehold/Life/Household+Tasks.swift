import OursSync

extension Household {
    /// Tasks, most urgent first.
    /// - Parameters:
    ///   - project: only this project's (any case); `nil` for all.
    ///   - includeDone: whether done tasks are included.
    public func tasks(project: String? = nil, includeDone: Bool = false) throws(OursError) -> [HouseholdTask] {
        try all(RecordTypes.task).compactMap(HouseholdTask.init)
            .filter { includeDone || !$0.done }
            .filter { project == nil || NameKey.matches($0.project ?? "", project!) }
            .sorted(by: HouseholdTask.urgency)
    }

    /// Adds a task. The same title in the same project is the same task: adding it again
    /// updates what is given, and reopens it if it was done.
    /// - Parameters:
    ///   - dueText: `yyyy-MM-dd`, `today`, `tomorrow` or a weekday.
    ///   - priority: 1 (most urgent) to 4.
    ///   - assignee: a member's name or id.
    /// - Returns: the task and `.created`, `.restored`, `.updated` or `.unchanged`.
    public func addTask(
        _ title: String, project: String? = nil, due dueText: String? = nil, priority: Int? = nil, assignee: String? = nil
    ) throws(OursError) -> (task: HouseholdTask, outcome: Outcome) {
        let title = try Household.cleanName(title, what: "task")
        let project = project.map(NameKey.display).flatMap { $0.isEmpty ? nil : $0 }
        if let priority, !(1...4).contains(priority) { throw .usage("--priority \(priority) is not 1, 2, 3 or 4") }
        var due: CalendarDay?
        if let dueText { due = try CalendarDay.parse(dueText, today: today, what: "--due") }
        var member: Member?
        if let assignee { member = try self.member(named: assignee) }
        let id = SemanticID.task(named: title, project: project)
        return try zone.device.withLock { () throws(OursError) -> (task: HouseholdTask, outcome: Outcome) in
            let existing = try snapshot(RecordTypes.task, id)
            let current = existing.flatMap { $0.isDeleted ? nil : HouseholdTask($0) }
            var given: [String: JSONValue?] = [:]
            if let due { given["due"] = .string(due.description) }
            if let priority { given["priority"] = JSONValue(priority) }
            if let member { given["assignee"] = .string(member.id) }
            var fields: [String: JSONValue?]
            let outcome: Outcome
            if let current, !current.done {
                fields = given.filter { existing?.values[$0.key] != $0.value }
                outcome = fields.isEmpty ? .unchanged : .updated
            } else {
                fields = Household.clearing(
                    ["doneAt", "doneBy"] + (current == nil ? ["due", "priority", "assignee"] : []), in: existing)
                fields["name"] = .string(current?.name ?? title)
                if let project { fields["project"] = .string(project) }
                fields["done"] = false
                fields.merge(given) { $1 }
                outcome = current == nil ? .created : .restored
            }
            if !fields.isEmpty { try write(RecordTypes.task, id, fields) }
            let task =
                try live(RecordTypes.task, id).flatMap(HouseholdTask.init)
                ?? HouseholdTask(id: id, name: title, project: project, due: due, priority: priority, assignee: member?.id)
            return (task, outcome)
        }
    }

    /// Marks an open task done.
    /// - Parameter title: the task (any case; a unique beginning will do), in any project.
    /// - Throws: `.notFound` when no open task matches, `.usage` when several do.
    public func taskDone(_ title: String) throws(OursError) -> HouseholdTask {
        try zone.device.withLock { () throws(OursError) -> HouseholdTask in
            let open = try tasks()
            var task = try NameMatch.find(
                title, in: open, name: \.name, label: { task in task.project.map { "\(task.name) (\($0))" } ?? task.name },
                what: "open task", hint: "`ours tasks` lists the open tasks.")
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
