import OursSync

extension Household {
    /// Reads everything for an export.
    public func snapshot() throws(OursError) -> HouseholdSnapshot {
        let lists = try self.lists(includeArchived: true)
        let items = try items(on: lists)
        let meals = try all(RecordTypes.meal).compactMap(PlannedMeal.init).sorted { ($0.date, $0.slot) < ($1.date, $1.slot) }
        var snapshot = HouseholdSnapshot(
            householdID: zone.id, householdName: zone.name, takenAt: nowMillis, timeZone: timeZone,
            members: try members(), lists: lists.map { .init(list: $0, items: items[$0.id] ?? []) },
            categories: try categories(), recipes: try recipes(), meals: meals, chores: try chores(),
            tasks: try tasks(includeDone: true, includeArchived: true), projects: try projects(includeArchived: true),
            memories: try memories())
        for type in try zone.replica.types() {
            let records = try all(type).sorted { $0.key.id < $1.key.id }
            if !records.isEmpty { snapshot.records[type] = records }
        }
        return snapshot
    }
}
