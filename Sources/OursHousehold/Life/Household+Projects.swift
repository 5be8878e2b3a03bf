import OursSync

extension Household {
    /// The projects, by name: those with a record, those only tasks name (tasks an earlier
    /// version wrote), and those deleted while someone added tasks to them (`keptBy` names the
    /// tasks), so nothing added disappears from view.
    public func projects(includeArchived: Bool = false) throws(OursError) -> [Project] {
        let records = try zone.list(type: RecordTypes.project, includeDeleted: true)
        let tasks = try taskRecords(projects: records)
        var projects = records.filter { !$0.isDeleted }.compactMap(Project.init)
        var known = Set(records.map(\.key.id))
        for task in tasks {
            guard let id = task.projectID, let name = task.project, !known.contains(id) else { continue }
            known.insert(id)
            projects.append(Project(id: id, name: name, isRecorded: false))
        }
        for record in records where record.isDeleted {
            let keeping = tasks.filter { $0.projectID == record.key.id }
            guard !keeping.isEmpty, var project = Project(record) else { continue }
            project.keptBy = keeping.map(\.name)
            projects.append(project)
        }
        return NameKey.sortedByName(projects.filter { includeArchived || !$0.archived }, name: \.name, id: \.id)
    }

    /// The project a name or id means, archived ones included.
    /// - Throws: `.notFound` for an unknown name, `.usage` when several projects match.
    public func project(named name: String) throws(OursError) -> Project {
        let known = try projects(includeArchived: true)
        return try Household.projectResolver(known).resolve(name, in: known)
    }

    /// The live tasks, each with its project's id: the `projectId` a task holds, else the
    /// project (live first, then deleted) whose name its `project` text is, else the id a
    /// project of that name would have.
    func taskRecords(projects records: [RecordSnapshot]? = nil) throws(OursError) -> [HouseholdTask] {
        var records = records ?? []
        if records.isEmpty { records = try zone.list(type: RecordTypes.project, includeDeleted: true) }
        let ordered = records.filter { !$0.isDeleted } + records.filter(\.isDeleted)
        // Every field a task holds but its photos is in its summary (`RecordSummary.indexedFields`):
        // no file is read. `task(named:)` reads the photos of the one task it finds.
        // In the order the callers' stable sorts break ties by: name, then id.
        let summaries = try zone.summaries(ofType: RecordTypes.task).filter { !$0.isDeleted }
        let names = summaries.map { NameKey.sortingUTF8($0.values["name"]?.stringValue?.lowercased() ?? "") }
        let snapshots = NameKey.sorted(summaries, by: names, id: \.key.id).map(\.snapshot)
        var projectIDs: [String: String] = [:]
        func projectID(named name: String) -> String {
            if let known = projectIDs[name] { return known }
            let id = SemanticID.project(named: name)
            projectIDs[name] = id
            return id
        }
        return snapshots.compactMap { snapshot -> HouseholdTask? in
            guard var task = HouseholdTask(snapshot, projectID: projectID(named:)) else { return nil }
            if snapshot.values["projectId"] == nil, let name = task.project,
                let match = ordered.first(where: { NameKey.matches($0.name ?? "", name) })
            {
                task.projectID = match.key.id
            }
            return task
        }
    }

    /// Adds a project, or finds the one of that name (any case); an archived one, or one kept
    /// in view after a deletion, is brought back.
    /// - Returns: the project and `.created`, `.restored` or `.unchanged` (`.updated` when a
    ///   colour was given and differs).
    @discardableResult
    public func addProject(_ name: String, color: String? = nil) throws(OursError) -> (project: Project, outcome: Outcome) {
        let name = try Household.cleanName(name, what: "project")
        let color = color.map(NameKey.display).flatMap { $0.isEmpty ? nil : $0 }
        return try zone.write { () throws(OursError) -> (project: Project, outcome: Outcome) in
            let (found, outcome) = try projectForAdding(name)
            var project = found
            guard let color, color != project.color else { return (project, outcome) }
            try write(RecordTypes.project, project.id, ["color": .string(color)])
            project.color = color
            return (project, outcome == .unchanged ? .updated : outcome)
        }
    }

    /// The project of that exact name (any case) or id, made when there is none; taken out of
    /// the archive, or brought back after a deletion, when it is there: so two devices adding
    /// to "Garden" offline add to one project.
    func projectForAdding(_ name: String) throws(OursError) -> (project: Project, outcome: Outcome) {
        let known = try projects(includeArchived: true)
        if var project = known.first(where: { NameKey.matches($0.name, name) || $0.id == name }) {
            guard project.archived || !project.isRecorded || !project.keptBy.isEmpty else { return (project, .unchanged) }
            try write(RecordTypes.project, project.id, ["name": .string(project.name), "archived": false])
            let outcome: Outcome = project.archived || !project.keptBy.isEmpty ? .restored : .unchanged
            if project.archived { try markTasks(of: project, archived: false) }
            project.archived = false
            project.isRecorded = true
            project.keptBy = []
            return (project, outcome)
        }
        var id = SemanticID.project(named: name)
        // A renamed project keeps its id; a new one of the old name takes a derived one.
        if let taken = try snapshot(RecordTypes.project, id), !NameKey.matches(taken.name ?? "", name) {
            id = SemanticID.project(named: name + "\u{1F}2")
        }
        try write(RecordTypes.project, id, ["name": .string(name), "archived": false])
        return (Project(id: id, name: name), .created)
    }
}
