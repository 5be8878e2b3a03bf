import OursSync

/// A container (a list, a recipe, a project) deleted, or a project archived, while someone
/// added to it on another device: the addition stays in view, and this says what happened.
///
/// The rule, the same on every device because it reads only replicated records: the household's
/// deletions take with them everything the deleter could see in the container (`list delete`
/// deletes the list's items, `project rm` its tasks; archiving a project marks its open tasks),
/// so a live record that still points at a deleted container, or an unmarked open task in an
/// archived project, was added without seeing the deletion. The container is then shown as if
/// it were there (`keptBy` in its JSON) until someone settles it: `ours conflicts restore ID`
/// brings it back for good, `ours conflicts dismiss ID` deletes it again with what was added.
public struct ContainerConflict: Sendable, Hashable {
    /// What happened to the container.
    public enum Kind: String, Sendable {
        /// The container was deleted while something was added to it.
        case deletionLostToAddition
        /// The project was archived while a task was added to it.
        case archiveLostToAddition
    }

    /// Short and stable: the same on every device (from the container and the deletion's stamp).
    public let id: String
    /// What happened to the container.
    public let kind: Kind
    /// The list, recipe or project that is kept in view.
    public let container: RecordRef
    /// What was added: the records that keep the container in view.
    public let children: [RecordRef]
    /// The deletion's (or the archiving's) stamp: when, and on which device.
    public let stamp: Stamp

    init(kind: Kind, container: RecordRef, children: [RecordRef], stamp: Stamp) {
        var digest = Digest()
        digest.update("\(container.kind.recordType)/\(container.id)\u{0}\(kind.rawValue)\u{0}\(stamp)".utf8)
        self.id = Digest.hex(Array(String(digest.value).utf8), length: 8)
        self.kind = kind
        self.container = container
        self.children = children.sorted { ($0.name, $0.id) < ($1.name, $1.id) }
        self.stamp = stamp
    }

    /// The shape of an engine conflict in `ours conflicts --json`: `{"id", "type", "recordId",
    /// "kind", "name", "field": null, "value": null, "winningValue": [record], "stamp", "at"}`;
    /// `winningValue` lists what was added (`RecordRef.json`).
    package var json: JSONValue {
        [
            "id": .string(id), "type": .string(container.kind.recordType), "recordId": .string(container.id),
            "kind": .string(kind.rawValue), "name": .string(container.name), "field": .null, "value": .null,
            "winningValue": .array(children.map(\.json)), "stamp": .string(stamp.description),
            "at": .string(UTCTime.iso8601(millis: stamp.millis)),
        ]
    }
}

extension Household {
    /// Every container kept in view by what was added to it meanwhile, newest first.
    public func containerConflicts() throws(OursError) -> [ContainerConflict] {
        var result: [ContainerConflict] = []
        let lists = try zone.list(type: RecordTypes.list, includeDeleted: true).filter(\.isDeleted).compactMap(GroceryList.init)
        if !lists.isEmpty {
            let items = try items(on: lists)
            for list in lists {
                let children = (items[list.id] ?? []).map { RecordRef(kind: .item, id: $0.id, name: $0.name, context: list.name) }
                try result += conflict(.deletionLostToAddition, .list, list.id, list.name, children)
            }
        }
        let recipes = try zone.list(type: RecordTypes.recipe, includeDeleted: true).filter(\.isDeleted)
        if !recipes.isEmpty {
            let meals = try all(RecordTypes.meal).compactMap(PlannedMeal.init)
            for recipe in recipes {
                let children = meals.filter { $0.recipeID == recipe.key.id }
                    .map { RecordRef(kind: .meal, id: $0.id, name: $0.name, context: $0.when) }
                try result += conflict(.deletionLostToAddition, .recipe, recipe.key.id, recipe.name ?? recipe.key.id, children)
            }
        }
        result += try projectConflicts()
        return result.sorted { $0.stamp > $1.stamp }
    }

    private func projectConflicts() throws(OursError) -> [ContainerConflict] {
        let records = try zone.list(type: RecordTypes.project, includeDeleted: true)
        guard !records.isEmpty else { return [] }
        let tasks = try taskRecords(projects: records)
        var result: [ContainerConflict] = []
        for record in records {
            let name = record.name ?? record.key.id
            let mine = tasks.filter { $0.projectID == record.key.id }
            if record.isDeleted {
                let children = mine.map { RecordRef(kind: .task, id: $0.id, name: $0.name, context: name) }
                result += try conflict(.deletionLostToAddition, .project, record.key.id, name, children)
            } else if record.values["archived"]?.boolValue == true {
                let children = mine.filter { !$0.done && !$0.archived }.map {
                    RecordRef(kind: .task, id: $0.id, name: $0.name, context: name)
                }
                result += try conflict(.archiveLostToAddition, .project, record.key.id, name, children)
            }
        }
        return result
    }

    /// The conflict, when `children` is not empty.
    private func conflict(
        _ kind: ContainerConflict.Kind, _ container: RecordKind, _ id: String, _ name: String, _ children: [RecordRef]
    ) throws(OursError) -> [ContainerConflict] {
        guard !children.isEmpty, let state = try zone.state(of: key(container.recordType, id)) else { return [] }
        let stamp = kind == .deletionLostToAddition ? state.effectiveDeletion?.stamp : state.fields["archived"]?.winner.stamp
        guard let stamp else { return [] }
        return [
            ContainerConflict(
                kind: kind, container: RecordRef(kind: container, id: id, name: name), children: children, stamp: stamp)
        ]
    }

    /// Settles a container conflict by keeping what was added: brings the container back for
    /// good (or takes the project out of the archive). `nil` when no such conflict exists.
    public func restoreContainerConflict(_ id: String) throws(OursError) -> ContainerConflict? {
        try zone.write { () throws(OursError) -> ContainerConflict? in
            guard let conflict = try containerConflicts().first(where: { $0.id == id.lowercased() }) else { return nil }
            let container = conflict.container
            switch conflict.kind {
            case .deletionLostToAddition:
                try write(container.kind.recordType, container.id, ["name": .string(container.name)])
            case .archiveLostToAddition:
                _ = try unarchiveProject(container.id)
            }
            return conflict
        }
    }

    /// Settles a container conflict by keeping the deletion (or the archiving): deletes the
    /// container again with what was added to it (a recipe's meals stay planned, as text), or
    /// archives the project again with its new tasks. `nil` when no such conflict exists.
    public func dismissContainerConflict(_ id: String) throws(OursError) -> ContainerConflict? {
        try zone.write { () throws(OursError) -> ContainerConflict? in
            guard let conflict = try containerConflicts().first(where: { $0.id == id.lowercased() }) else { return nil }
            switch conflict.kind {
            case .deletionLostToAddition: try deleteContents(conflict.children)
            case .archiveLostToAddition:
                try markTasks(of: Project(id: conflict.container.id, name: conflict.container.name), archived: true)
            }
            return conflict
        }
    }

    /// Deletes what a container held, as its deletion does: items and tasks go; a planned meal
    /// loses its link to the recipe and stays planned as text.
    func deleteContents(_ children: [RecordRef]) throws(OursError) {
        for child in children {
            if child.kind == .meal {
                try write(RecordTypes.meal, child.id, ["recipe": nil])
            } else if try live(child.kind.recordType, child.id) != nil {
                try zone.remove(key(child.kind.recordType, child.id))
            }
        }
    }
}

extension Household {
    /// The recipe records to show, by name: those not deleted, and those deleted while a meal
    /// was planned with them (the planned meal keeps its recipe in view).
    func recipeRecords() throws(OursError) -> [RecordSnapshot] {
        let records = try zone.list(type: RecordTypes.recipe, includeDeleted: true)
        guard records.contains(where: \.isDeleted) else { return records }
        let planned = try plannedRecipeIDs()
        return records.filter { !$0.isDeleted || planned.contains($0.key.id) }
    }

    /// The ids of the recipes a planned meal is made with.
    func plannedRecipeIDs() throws(OursError) -> Set<String> {
        Set(try all(RecordTypes.meal).compactMap { $0.values["recipe"]?.stringValue })
    }
}
