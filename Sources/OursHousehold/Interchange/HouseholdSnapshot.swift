import Foundation
import OursSync

/// Everything in a household's life at one moment, for export.
public struct HouseholdSnapshot: Sendable {
    /// A list and what is on it.
    public struct ListWithItems: Sendable, Hashable {
        /// The list.
        public var list: GroceryList
        /// Its items, ticked off ones too.
        public var items: [GroceryItem]

        init(list: GroceryList, items: [GroceryItem]) {
            self.list = list
            self.items = items
        }
    }

    /// The household's id (the zone's).
    public var householdID: String
    /// The household's name.
    public var householdName: String
    /// When it was taken, milliseconds since 1970.
    public var takenAt: Int64
    /// The time zone dates and times are shown in.
    public var timeZone: TimeZone
    /// The members, those who left too.
    public var members: [Member]
    /// Every list, archived ones too.
    public var lists: [ListWithItems]
    /// Every item category.
    public var categories: [ItemCategory]
    /// Every recipe.
    public var recipes: [Recipe]
    /// Every planned meal, by day and slot.
    public var meals: [PlannedMeal]
    /// Every chore, paused ones too.
    public var chores: [Chore]
    /// Every task, done ones too.
    public var tasks: [HouseholdTask]
    /// Every project, archived ones too.
    public var projects: [Project]
    /// Every memory, the latest first.
    public var memories: [Memory]
    /// Every record that is not deleted, of every type (other apps' too), by type: what
    /// `ours import` reads back.
    public var records: [String: [RecordSnapshot]] = [:]

    init(
        householdID: String, householdName: String, takenAt: Int64, timeZone: TimeZone, members: [Member] = [],
        lists: [ListWithItems] = [], categories: [ItemCategory] = [], recipes: [Recipe] = [], meals: [PlannedMeal] = [],
        chores: [Chore] = [], tasks: [HouseholdTask] = [], projects: [Project] = [], memories: [Memory] = []
    ) {
        self.householdID = householdID
        self.householdName = householdName
        self.takenAt = takenAt
        self.timeZone = timeZone
        self.members = members
        self.lists = lists
        self.categories = categories
        self.recipes = recipes
        self.meals = meals
        self.chores = chores
        self.tasks = tasks
        self.projects = projects
        self.memories = memories
    }

    func memberName(_ id: String?) -> String? {
        guard let id else { return nil }
        return members.first { $0.id == id }?.name
    }

    /// `2025-03-14 18:30` in the snapshot's time zone.
    func localTime(_ millis: Int64) -> String {
        let offset = Int64(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(millis) / 1000))) * 1000
        let text = UTCTime.iso8601(millis: millis + offset)
        return String(text.prefix(10)) + " " + String(text.dropFirst(11).prefix(5))
    }

    /// The whole household as one JSON document:
    /// `{"format": "ours-household", "version": 1, "household": {"id", "name"}, "exportedAt",
    /// "members", "lists": [list + "items"], "categories", "recipes", "meals", "chores", "tasks",
    /// "projects", "memories", "records": {"<type>": [{"id", "fields"}]}}`.
    public var json: JSONValue { json(files: nil) }

    /// The same, with `"files"`: the folder beside the document holding the photos its
    /// records name (see `ExportFiles`), which `ours import` takes back.
    public func json(files: ExportFiles?) -> JSONValue {
        guard var object = body.objectValue, let files else { return body }
        object["files"] = .string(files.folder)
        return .object(object)
    }

    private var body: JSONValue {
        [
            "format": "ours-household", "version": 1,
            "household": ["id": .string(householdID), "name": .string(householdName)],
            "exportedAt": .string(UTCTime.iso8601(millis: takenAt)),
            "members": .array(members.map(\.json)),
            "lists": .array(
                lists.map { entry in
                    var object = entry.list.json.objectValue ?? [:]
                    object["items"] = .array(entry.items.map(\.json))
                    return .object(object)
                }),
            "categories": .array(categories.map(\.json)),
            "recipes": .array(recipes.map(\.json)),
            "meals": .array(meals.map(\.json)),
            "chores": .array(chores.map { $0.json(members: members, now: takenAt) }),
            "tasks": .array(tasks.map { $0.json(members: members) }),
            "projects": .array(projects.map(\.json)),
            "memories": .array(memories.map { $0.json(members: members) }),
            "records": .object(records.mapValues { .array($0.map(HouseholdSnapshot.recordJSON)) }),
        ]
    }

    /// `{"id", "fields"}`: a record as `ours import` reads it.
    static func recordJSON(_ record: RecordSnapshot) -> JSONValue {
        ["id": .string(record.key.id), "fields": .object(record.values)]
    }
}

extension HouseholdSnapshot {
    /// Every attachment the exported records name, by hash.
    public var attachments: [AttachmentRef] {
        var found: Set<AttachmentRef> = []
        for records in records.values {
            for record in records { found.formUnion(AttachmentRef.references(in: .object(record.values))) }
        }
        return found.sorted()
    }
}
