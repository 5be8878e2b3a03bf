import Foundation
import OursSync

/// What changed in a household, by kind of record: what an app's screens refresh on. The
/// items of one list are their own subject, so the screen of that list refreshes and the
/// others need not.
public struct HouseholdChange: Sendable, Hashable {
    /// The kind of record that changed, and for items, their list.
    public enum Subject: Sendable, Hashable {
        /// Items on the list with this id. `nil` when an item was deleted and nothing left
        /// tells its list (an item another app made with a random id): reload every list.
        case items(listID: String?)
        case lists
        case categories
        case ingredients
        case recipes
        case mealPlan
        case mealShopping
        case chores
        case tasks
        case projects
        case memories
        /// A record type the household layer does not write (another app's).
        case other(type: String)

        /// The subject of a record type; items need their list, so they are `.items(listID: nil)`.
        init(type: String) {
            switch type {
            case RecordTypes.item: self = .items(listID: nil)
            case RecordTypes.list: self = .lists
            case RecordTypes.category: self = .categories
            case RecordTypes.ingredient: self = .ingredients
            case RecordTypes.recipe: self = .recipes
            case RecordTypes.meal: self = .mealPlan
            case RecordTypes.mealShopping: self = .mealShopping
            case RecordTypes.chore: self = .chores
            case RecordTypes.task: self = .tasks
            case RecordTypes.project: self = .projects
            case RecordTypes.memory: self = .memories
            default: self = .other(type: type)
            }
        }
    }

    /// What changed: the items of one list, the lists, the recipes, ….
    public var subject: Subject
    /// The records of this subject that changed, in the order they changed: each one's id,
    /// whether it was inserted, updated or deleted, the fields whose value changed, and who
    /// changed it when known.
    public var records: [RecordChange]
    /// Another device (through the folder), or this one.
    public var origin: ChangeOrigin
    /// When the watcher published it.
    public var date: Date

    /// A change with these values (for an app's tests: `HouseholdFeed` makes them).
    public init(subject: Subject, records: [RecordChange], origin: ChangeOrigin, date: Date) {
        self.subject = subject
        self.records = records
        self.origin = origin
        self.date = date
    }

    /// The ids of the records that changed, each once.
    public var ids: [String] {
        var seen = Set<String>()
        return records.map(\.key.id).filter { seen.insert($0).inserted }
    }
}

/// What a `HouseholdFeed` publishes.
public enum HouseholdEvent: Sendable, Equatable {
    /// Records of one subject changed.
    case changed(HouseholdChange)
    /// More records changed than were listed (a join, an import, a watcher that fell behind):
    /// reload these subjects — every one, when the set is empty.
    case reload(Set<HouseholdChange.Subject>)
    /// Anything else the watcher says: that it started, problems, the folder going and coming
    /// back, a failing pass, the membership ending. Never `.changes`, which arrive as above.
    case watch(WatchEvent)
}
