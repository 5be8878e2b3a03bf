import OursSync

extension Household {
    /// What `editProject` changes; `nil` and `.keep` leave a field as it is.
    public struct ProjectEdits: Sendable, Equatable {
        /// A new name.
        public var name: String?
        /// A colour as people write it (`green`, `#3a7d44`).
        public var color: Edit<String>

        /// Edits with these values; the defaults change nothing.
        public init(name: String? = nil, color: Edit<String> = .keep) {
            self.name = name
            self.color = color
        }
    }

    /// Renames a project or changes its colour. Its tasks follow a new name: each keeps the
    /// project's id, and its `project` text changes too, so earlier versions show it under the
    /// new name.
    /// - Returns: the project, how many tasks were changed, and `.updated` or `.unchanged`.
    /// - Throws: `.failed` when another project already has the new name.
    public func editProject(
        _ name: String, _ edits: ProjectEdits
    ) throws(OursError) -> (project: Project, tasks: Int, outcome: Outcome) {
        let newName = try edits.name.map { (text: String) throws(OursError) -> String in
            try Household.cleanName(text, what: "project")
        }
        return try zone.write { () throws(OursError) -> (project: Project, tasks: Int, outcome: Outcome) in
            var project = try project(named: name)
            var fields: [String: JSONValue?] = [:]
            if let newName, newName != project.name {
                if let other = try projects(includeArchived: true).first(where: {
                    NameKey.matches($0.name, newName) && $0.id != project.id
                }) {
                    throw .failed("there is already a project called \"\(other.name)\"", hint: "Pick another name.")
                }
                fields["name"] = .string(newName)
            }
            let color = edits.color.map(NameKey.display).applied(to: project.color)
            if color != project.color { fields["color"] = color.map { .string($0) } }
            guard !fields.isEmpty else { return (project, 0, .unchanged) }
            if !project.isRecorded { fields["name"] = fields["name"] ?? .string(project.name) }
            try write(RecordTypes.project, project.id, fields)
            project.color = color
            var changed = 0
            if let newName, newName != project.name {
                project.name = newName
                for task in try taskRecords() where task.projectID == project.id {
                    try write(RecordTypes.task, task.id, ["project": .string(newName), "projectId": .string(project.id)])
                    changed += 1
                }
            }
            return (project, changed, .updated)
        }
    }

    /// Archives a project: hidden from `projects` and, with its tasks, from `tasks`. Each open
    /// task it has is marked `archived`, so a task someone adds to it meanwhile, unmarked,
    /// stays in view.
    /// - Returns: the project, how many open tasks were put away with it, and `.updated` or `.unchanged`.
    public func archiveProject(_ name: String) throws(OursError) -> (project: Project, tasks: Int, outcome: Outcome) {
        try zone.write { () throws(OursError) -> (project: Project, tasks: Int, outcome: Outcome) in
            var project = try project(named: name)
            let open = try taskRecords().filter { $0.projectID == project.id && !$0.done && !$0.archived }
            guard !project.archived || !open.isEmpty else { return (project, 0, .unchanged) }
            var fields: [String: JSONValue?] = ["archived": true]
            if !project.isRecorded || !project.keptBy.isEmpty { fields["name"] = .string(project.name) }
            try write(RecordTypes.project, project.id, fields)
            try markTasks(of: project, archived: true)
            project.archived = true
            project.isRecorded = true
            project.keptBy = []
            return (project, open.count, .updated)
        }
    }

    /// Takes a project out of the archive, and its tasks with it.
    public func unarchiveProject(_ name: String) throws(OursError) -> (project: Project, outcome: Outcome) {
        try zone.write { () throws(OursError) -> (project: Project, outcome: Outcome) in
            var project = try project(named: name)
            guard project.archived else { return (project, .unchanged) }
            try write(RecordTypes.project, project.id, ["archived": false])
            try markTasks(of: project, archived: false)
            project.archived = false
            return (project, .restored)
        }
    }

    /// Marks the open tasks of a project as put away with it, or takes the mark off every task
    /// of it that has one.
    func markTasks(of project: Project, archived: Bool) throws(OursError) {
        for task in try taskRecords() where task.projectID == project.id && task.archived != archived {
            if archived, task.done { continue }
            try write(RecordTypes.task, task.id, ["archived": archived ? .bool(true) : nil])
        }
    }

    /// Deletes a project and its tasks (stamped tombstones: `ours restore project` brings them back).
    /// - Parameter confirmed: whether to go ahead when the project has tasks.
    /// - Returns: the project and how many tasks were deleted with it.
    /// - Throws: `.usage` (a missing `--yes`) when it has tasks and `confirmed` is false.
    public func deleteProject(_ name: String, confirmed: Bool) throws(OursError) -> (project: Project, tasks: Int) {
        try zone.write { () throws(OursError) -> (project: Project, tasks: Int) in
            let project = try project(named: name)
            let tasks = try taskRecords().filter { $0.projectID == project.id }
            if !tasks.isEmpty, !confirmed {
                throw .usage(
                    "\(project.name) still has \(tasks.count) task(s)",
                    hint:
                        "Add --yes to delete the project and its tasks, or `ours project archive \"\(project.name)\"` to keep them."
                )
            }
            // A project only tasks named gets a record first, so that it can be restored.
            if !project.isRecorded { try write(RecordTypes.project, project.id, ["name": .string(project.name)]) }
            return (project, try delete(.project, id: project.id).count)
        }
    }
}
