import OursSync

/// A chore that comes round again: `chore` records.
///
/// Fields: `name`, `every` (an interval such as `7d` or `12h`), `assignee` (a participant
/// id), `lastDone` and `nextDue` (instants, ISO 8601 UTC with milliseconds), `lastDoneBy` (a
/// participant id). A new chore is due when it is added.
public struct Chore: Sendable, Hashable {
    public let id: String
    public var name: String
    public var every: Interval
    public var assignee: String?
    public var lastDone: Int64?
    public var lastDoneBy: String?
    public var nextDue: Int64

    public init(
        id: String, name: String, every: Interval, assignee: String? = nil, lastDone: Int64? = nil, lastDoneBy: String? = nil,
        nextDue: Int64
    ) {
        self.id = id
        self.name = name
        self.every = every
        self.assignee = assignee
        self.lastDone = lastDone
        self.lastDoneBy = lastDoneBy
        self.nextDue = nextDue
    }

    public init?(_ snapshot: RecordSnapshot) {
        let values = snapshot.values
        guard snapshot.key.type == RecordTypes.chore, let name = snapshot.name,
            let every = values["every"]?.stringValue.flatMap(Interval.init)
        else { return nil }
        let lastDone = values["lastDone"]?.stringValue.flatMap(UTCTime.parseISO8601)
        let nextDue = values["nextDue"]?.stringValue.flatMap(UTCTime.parseISO8601)
        self.init(
            id: snapshot.key.id, name: name, every: every, assignee: values["assignee"]?.stringValue, lastDone: lastDone,
            lastDoneBy: values["lastDoneBy"]?.stringValue,
            nextDue: nextDue ?? lastDone.map { $0 + every.milliseconds } ?? snapshot.updatedAt?.millis ?? 0)
    }

    public func isOverdue(at now: Int64) -> Bool { nextDue <= now }

    var fields: [String: JSONValue?] {
        [
            "name": .string(name), "every": .string(every.description), "assignee": assignee.map { .string($0) },
            "lastDone": lastDone.map { .string(UTCTime.iso8601(millis: $0)) }, "lastDoneBy": lastDoneBy.map { .string($0) },
            "nextDue": .string(UTCTime.iso8601(millis: nextDue)),
        ]
    }

    /// `{"id", "name", "every", "assignee"?, "assigneeName"?, "lastDone"?, "lastDoneBy"?, "nextDue", "due"}`;
    /// `due` is whether it is due at `now`.
    public func json(members: [Member], now: Int64) -> JSONValue {
        var object: [String: JSONValue] = [
            "id": .string(id), "name": .string(name), "every": .string(every.description),
            "nextDue": .string(UTCTime.iso8601(millis: nextDue)), "due": .bool(isOverdue(at: now)),
        ]
        if let assignee {
            object["assignee"] = .string(assignee)
            if let member = members.first(where: { $0.id == assignee }) { object["assigneeName"] = .string(member.name) }
        }
        if let lastDone { object["lastDone"] = .string(UTCTime.iso8601(millis: lastDone)) }
        if let lastDoneBy { object["lastDoneBy"] = .string(lastDoneBy) }
        return .object(object)
    }
}
