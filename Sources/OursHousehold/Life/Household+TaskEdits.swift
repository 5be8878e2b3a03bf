import OursSync

extension Household {
    /// What `editTask` changes; `nil` and `.keep` leave a field as it is.
    public struct TaskEdits: Sendable, Equatable {
        /// A new title.
        public var name: String?
        /// `yyyy-MM-dd`, `today`, `tomorrow` or a weekday.
        public var due: Edit<String>
        /// 1, the most urgent, to 4.
        public var priority: Edit<Int>
        /// A member's name, `me`, or an id.
        public var assignee: Edit<String>
        /// A remark on it.
        public var note: Edit<String>
        /// Another project to move it to (made when it does not exist); `.clear` takes it out
        /// of any project.
        public var project: Edit<String>
        /// Its pictures: `.set` replaces them with these files (paths), each kept as an
        /// attachment; `.clear` takes them all off (the files stay in the folder).
        public var photos: Edit<[String]>

        /// Edits with these values; the defaults change nothing.
        public init(
            name: String? = nil, due: Edit<String> = .keep, priority: Edit<Int> = .keep, assignee: Edit<String> = .keep,
            note: Edit<String> = .keep, project: Edit<String> = .keep, photos: Edit<[String]> = .keep
        ) {
            self.photos = photos
            self.name = name
            self.due = due
            self.priority = priority
            self.assignee = assignee
            self.note = note
            self.project = project
        }
    }

    /// Changes a task. A new title or another project gives it the id that title has in that
    /// project, so adding it there later finds it (and an earlier version adding it makes no
    /// second one): its record moves, and the old one is deleted.
    /// - Parameter project: its project, needed only when several tasks have that title.
    /// - Returns: the task as it is now, and `.updated` or `.unchanged`.
    /// - Throws: `.failed` when the target project already has a task of the new title;
    ///   `.notFound`/`.usage` for a photo that cannot be read (nothing is written).
    public func editTask(
        _ title: String, project: String? = nil, _ edits: TaskEdits
    ) throws(OursError) -> (task: HouseholdTask, outcome: Outcome) {
        let newName = try edits.name.map { (text: String) throws(OursError) -> String in
            try Household.cleanName(text, what: "task")
        }
        var fields = try taskFields(
            due: { if case .set(let value) = edits.due { value } else { nil } }(),
            priority: { if case .set(let value) = edits.priority { value } else { nil } }(),
            assignee: { if case .set(let value) = edits.assignee { value } else { nil } }())
        for (edit, field) in [
            (edits.due.isKeep, "due"), (edits.priority.isKeep, "priority"), (edits.assignee.isKeep, "assignee"),
        ] {
            if !edit, fields[field] == nil { fields.updateValue(nil, forKey: field) }
        }
        switch edits.note {
        case .keep: break
        case .clear: fields.updateValue(nil, forKey: "note")
        case .set(let note): fields["note"] = .string(note)
        }
        fields.merge(try photoFields(edits.photos) { () throws(OursError) in _ = try task(named: title, project: project) }) {
            $1
        }
        return try zone.write { () throws(OursError) -> (task: HouseholdTask, outcome: Outcome) in
            let task = try task(named: title, project: project)
            guard let existing = try snapshot(RecordTypes.task, task.id) else { throw .notFound("\(task.name) is gone") }
            var target: Project?
            switch edits.project {
            case .keep: target = task.projectID.map { Project(id: $0, name: task.project ?? $0) }
            case .clear: target = nil
            case .set(let name): target = try projectForAdding(name).project
            }
            if target?.id != task.projectID {
                fields["project"] = target.map { .string($0.name) }
                fields["projectId"] = target.map { .string($0.id) }
            }
            if let newName, newName != task.name { fields["name"] = .string(newName) }
            fields = fields.filter { existing.values[$0.key] != $0.value }
            guard !fields.isEmpty else { return (task, .unchanged) }
            let newID = SemanticID.task(named: newName ?? task.name, project: target?.name)
            let rekey = target?.id != task.projectID || !NameKey.matches(newName ?? task.name, task.name)
            if rekey, newID != task.id {
                try moveTask(existing, to: newID, changing: fields)
            } else {
                try write(RecordTypes.task, task.id, fields)
            }
            let id = rekey && newID != task.id ? newID : task.id
            return (try withPhotos(try taskRecords().first { $0.id == id } ?? task), .updated)
        }
    }

    /// Writes a task's values under `newID`, with `changes`, and deletes the old record.
    private func moveTask(_ existing: RecordSnapshot, to newID: String, changing changes: [String: JSONValue?]) throws(OursError)
    {
        let there = try snapshot(RecordTypes.task, newID)
        if let there, !there.isDeleted {
            throw .failed(
                "there is already a task called \"\(there.name ?? newID)\" there",
                hint: "Remove that one first (`ours task rm`), or pick another title.")
        }
        var fields = Household.clearing(there.map { Array($0.values.keys) } ?? [], in: there)
        for (field, value) in existing.values { fields[field] = value }
        fields.merge(changes) { $1 }
        try write(RecordTypes.task, newID, fields.filter { $0.value != nil || there?.values[$0.key] != nil })
        try zone.remove(key(RecordTypes.task, existing.key.id))
    }

    /// Deletes a task (a tombstone: `ours restore task` brings it back).
    /// - Parameter project: its project, needed only when several tasks have that title.
    public func deleteTask(_ title: String, project: String? = nil) throws(OursError) -> HouseholdTask {
        try zone.write { () throws(OursError) -> HouseholdTask in
            let task = try task(named: title, project: project)
            try zone.remove(key(RecordTypes.task, task.id))
            return task
        }
    }
}
