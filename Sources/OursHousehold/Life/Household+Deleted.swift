import Foundation
import OursSync

/// A record someone deleted: what it was, when, and by whom. Deletions are stamped tombstones
/// that keep the record's last values, so it can be listed and brought back.
public struct DeletedRecord: Sendable, Hashable {
    /// What was deleted: its kind, id, name and where it was.
    public var record: RecordRef
    /// The deletion's stamp: when, and on which device.
    public var deletion: Stamp
    /// Who deleted it (a participant id), when the household knows the device.
    public var deletedBy: String?
    /// That member's name, when known.
    public var deletedByName: String?
    /// The id of what it was in: an item's list, a task's project, a meal's recipe.
    public var containerID: String?

    /// When it was deleted, in milliseconds since 1970 (UTC); `deletedDate` as a `Date`.
    public var deletedAt: Int64 { deletion.millis }

    /// `{"type", "recordType", "id", "name", "context"?, "deletedAt", "deletedBy"?, "deletedByName"?}`.
    package var json: JSONValue {
        var object = record.json.objectValue ?? [:]
        object["deletedAt"] = .string(UTCTime.iso8601(millis: deletedAt))
        if let deletedBy { object["deletedBy"] = .string(deletedBy) }
        if let deletedByName { object["deletedByName"] = .string(deletedByName) }
        return .object(object)
    }
}

extension Household {
    /// What was deleted, the latest first.
    /// - Parameters:
    ///   - kind: only records of this kind; `nil` for every kind.
    ///   - since: only deletions at or after this instant (milliseconds since 1970).
    public func deletedRecords(kind: RecordKind? = nil, since: Int64? = nil) throws(OursError) -> [DeletedRecord] {
        let manifest = try zone.manifest()
        let members = try members()
        let identity = try zone.device.identity()
        var listNames: [String: String] = [:]
        if kind == nil || kind == .item {
            for list in try zone.list(type: RecordTypes.list, includeDeleted: true) { listNames[list.key.id] = list.name }
        }
        var result: [DeletedRecord] = []
        for kind in kind.map({ [$0] }) ?? RecordKind.allCases {
            for key in try zone.replica.keys(ofType: kind.recordType) {
                guard let state = try zone.state(of: key), let deletion = state.effectiveDeletion,
                    since.map({ deletion.stamp.millis >= $0 }) ?? true
                else { continue }
                let snapshot = RecordSnapshot(state)
                var by = manifest.participant(forDevice: deletion.stamp.device)?.id
                if by == nil, let identity, identity.deviceID == deletion.stamp.device { by = identity.participantID }
                var deleted = DeletedRecord(
                    record: RecordRef(
                        kind: kind, id: key.id, name: snapshot.name ?? snapshot.values["title"]?.stringValue ?? key.id),
                    deletion: deletion.stamp, deletedBy: by, deletedByName: memberName(by, in: members))
                Household.describe(&deleted, snapshot, listNames: listNames)
                result.append(deleted)
            }
        }
        return result.sorted { $0.deletion > $1.deletion }
    }

    /// Fills in where a deleted record was (a memory: its day), and the id of what held it.
    private static func describe(_ deleted: inout DeletedRecord, _ snapshot: RecordSnapshot, listNames: [String: String]) {
        switch deleted.record.kind {
        case .item:
            let list = snapshot.values["list"]?.stringValue ?? GroceryList.defaultID
            deleted.containerID = list
            deleted.record.context = listNames[list]
        case .task:
            let task = HouseholdTask(snapshot)
            deleted.containerID = task?.projectID
            deleted.record.context = task?.project
        case .meal:
            let meal = PlannedMeal(snapshot)
            deleted.containerID = meal?.recipeID
            deleted.record.context = meal?.when
        case .memory:
            deleted.record.context = Memory(snapshot)?.date?.description
        default: break
        }
    }

    /// Brings a deleted record back, as it was: a new write after the deletion, so every
    /// device brings it back. An item, task or planned meal whose list, project or recipe is
    /// deleted too brings that back; a list or project brings back what its deletion took with it
    /// (the items or tasks the same device deleted in the run leading up to it, each within ten
    /// seconds of the next).
    /// - Parameter query: the record's name (any case; a unique beginning will do) or id.
    /// - Returns: the record, and what came back with it.
    /// - Throws: `.notFound` when no deleted record of that kind matches, `.usage` when several do.
    public func restore(
        _ kind: RecordKind, _ query: String
    ) throws(OursError) -> (restored: DeletedRecord, alongside: [DeletedRecord]) {
        try zone.write { () throws(OursError) -> (restored: DeletedRecord, alongside: [DeletedRecord]) in
            let target = try Household.deletedResolver(kind).resolve(query, in: try deletedRecords(kind: kind))
            try revive(target.record)
            var alongside: [DeletedRecord] = []
            let containerKind: [RecordKind: RecordKind] = [.item: .list, .task: .project, .meal: .recipe]
            if let container = containerKind[kind], let id = target.containerID,
                let deleted = try deletedRecords(kind: container).first(where: { $0.record.id == id })
            {
                try revive(deleted.record)
                alongside.append(deleted)
            }
            let childKind: [RecordKind: RecordKind] = [.list: .item, .project: .task]
            if let child = childKind[kind] {
                for deleted in try takenAlong(with: target, from: deletedRecords(kind: child)) {
                    try revive(deleted.record)
                    alongside.append(deleted)
                }
            }
            return (target, alongside)
        }
    }

    /// Of `children`, those deleted with `container`: by the same device, in the run of
    /// deletions leading up to the container's, each within ten seconds of the next.
    func takenAlong(with container: DeletedRecord, from children: [DeletedRecord]) -> [DeletedRecord] {
        let candidates = children.filter {
            $0.containerID == container.record.id && $0.deletion.device == container.deletion.device
                && $0.deletion < container.deletion
        }.sorted { $0.deletion > $1.deletion }
        var result: [DeletedRecord] = []
        var previous = container.deletion.millis
        for child in candidates {
            guard previous - child.deletion.millis <= 10_000 else { break }
            result.append(child)
            previous = child.deletion.millis
        }
        return result
    }

    /// Writes a deleted record's name again (or another field it has), which revives it.
    func revive(_ record: RecordRef) throws(OursError) {
        let values = try snapshot(record.kind.recordType, record.id)?.values ?? [:]
        let field = values["name"] != nil ? "name" : values.keys.sorted().first ?? "name"
        try write(record.kind.recordType, record.id, [field: values[field] ?? .string(record.name)])
    }

    /// Deletes a record as the household's commands do: a list with its items, a project with
    /// its tasks, a recipe with its link from the meals planned with it (they stay planned, as
    /// text). Keeping deletions whole is what lets a record added meanwhile elsewhere be told
    /// apart (see `ContainerConflict`). A container already deleted but kept in view by what
    /// was added to it is deleted again with that.
    /// - Returns: what went with it.
    /// - Throws: `.notFound` when there is no such record, live or kept in view.
    @discardableResult
    public func delete(_ kind: RecordKind, id: String) throws(OursError) -> [RecordRef] {
        try zone.write { () throws(OursError) -> [RecordRef] in
            let record = try snapshot(kind.recordType, id)
            let children = try record.map { (record) throws(OursError) -> [RecordRef] in try contents(of: kind, record) } ?? []
            guard let record, !record.isDeleted || !children.isEmpty else {
                throw .notFound("no \(kind.rawValue) with id \"\(id)\"", hint: "`ours \(kind.plural)` lists them.")
            }
            try deleteContents(children)
            if !record.isDeleted { try zone.remove(key(kind.recordType, id)) }
            return children
        }
    }

    /// What a container holds: a list's items, a project's tasks, the meals planned with a
    /// recipe; nothing for other kinds.
    func contents(of kind: RecordKind, _ record: RecordSnapshot) throws(OursError) -> [RecordRef] {
        let id = record.key.id
        switch kind {
        case .list:
            let list = GroceryList(record) ?? GroceryList(id: id, name: id)
            return try items(on: list).map { RecordRef(kind: .item, id: $0.id, name: $0.name, context: list.name) }
        case .project:
            return try taskRecords().filter { $0.projectID == id }.map { RecordRef(kind: .task, id: $0.id, name: $0.name) }
        case .recipe:
            return try all(RecordTypes.meal).compactMap(PlannedMeal.init).filter { $0.recipeID == id }
                .map { RecordRef(kind: .meal, id: $0.id, name: $0.name, context: $0.when) }
        default: return []
        }
    }
}

extension DeletedRecord {
    /// When it was deleted.
    public var deletedDate: Date { Date(millis: deletedAt) }
}
