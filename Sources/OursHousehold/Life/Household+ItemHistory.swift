import OursSync

extension Household {
    /// The fields that note an event in an item's history: `log.<stamp>` (a stamp this device
    /// takes for it, so no two events share a field), and on a first add `addedAt` and `addedBy`.
    /// - Parameter millis: when it happened; now when `nil`.
    func noting(_ kind: ItemEvent.Kind, at millis: Int64? = nil, firstAdd: Bool = false) throws(OursError) -> [String: JSONValue?]
    {
        let by = try me()
        let stamp = try zone.write { () throws(OursError) -> Stamp in try zone.device.stamp() }
        let event = ItemEvent(id: stamp.description, kind: kind, at: UTCTime.iso8601(millis: millis ?? nowMillis), by: by)
        var fields: [String: JSONValue?] = [event.field: event.value]
        if firstAdd {
            fields["addedAt"] = .string(event.at)
            fields["addedBy"] = .string(by)
        }
        return fields
    }

    /// One item ticked off: what, on which list, when and by whom.
    public struct Purchase: Sendable {
        /// The item as it is now (or was when removed).
        public var item: GroceryItem
        /// The list it is on.
        public var list: GroceryList
        /// The ticking off: when and by whom.
        public var event: ItemEvent

        /// `{"id", "name", "list": {"id", "name"}, "at", "by"?, "byName"?}`: `id` and `name` are the item's.
        package func json(members: [Member]) -> JSONValue {
            var object = event.json(members: members).objectValue ?? [:]
            object["event"] = nil
            object["id"] = .string(item.id)
            object["name"] = .string(item.name)
            object["list"] = ["id": .string(list.id), "name": .string(list.name)]
            return .object(object)
        }
    }

    /// What was ticked off, newest first: from every item's history, on one list or on every
    /// list (archived ones too), including items removed since.
    /// - Parameters:
    ///   - listName: the list; `nil` for every list.
    ///   - since: only what was ticked off at or after this instant (milliseconds since 1970).
    public func purchases(on listName: String? = nil, since: Int64? = nil) throws(OursError) -> [Purchase] {
        let lists = try listName == nil ? self.lists(includeArchived: true) : [list(named: listName)]
        let byID = Dictionary(lists.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let sinceText = since.map { UTCTime.iso8601(millis: $0) }
        var result: [Purchase] = []
        for item in try itemRecords(on: lists, includeDeleted: true) {
            guard let list = byID[item.listID] else { continue }
            for event in item.purchaseEvents where sinceText.map({ event.at >= $0 }) ?? true {
                result.append(Purchase(item: item, list: list, event: event))
            }
        }
        return result.sorted { ($0.event.at, $0.event.id) > ($1.event.at, $1.event.id) }
    }

    /// The items whose id carries one of `lists`' tags, or a foreign id whose `list` field names
    /// one of them; deleted ones too when asked.
    func itemRecords(on lists: [GroceryList], includeDeleted: Bool) throws(OursError) -> [GroceryItem] {
        let tags = Set(lists.map { SemanticID.listTag($0.id) })
        let wanted = Set(lists.map(\.id))
        var result: [GroceryItem] = []
        for key in try zone.replica.keys(ofType: RecordTypes.item) {
            if let tag = SemanticID.listTag(ofItemID: key.id), !tags.contains(String(tag)) { continue }
            guard let snapshot = try zone.get(key), includeDeleted || !snapshot.isDeleted, let item = GroceryItem(snapshot),
                wanted.contains(item.listID)
            else { continue }
            result.append(item)
        }
        return result
    }
}

extension GroceryItem {
    /// Its `checked` events; for an item an earlier version ticked off, which kept no history,
    /// one made from `checkedAt` and `checkedBy`.
    var purchaseEvents: [ItemEvent] {
        var events = history.filter { $0.kind == .checked }
        if checked, let checkedAt, !events.contains(where: { $0.at == checkedAt }) {
            events.append(ItemEvent(id: "checkedAt", kind: .checked, at: checkedAt, by: checkedBy))
        }
        return events
    }
}
