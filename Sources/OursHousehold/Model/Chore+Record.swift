import OursSync

extension Chore {
    /// The fields of a new chore: its schedule, who does it, and what an older version reads.
    var fields: [String: JSONValue?] {
        var fields: [String: JSONValue?] = [
            "name": .string(name), "nextDue": .string(UTCTime.iso8601(millis: nextDue)),
            "assignee": assignee.map { .string($0) }, "note": note.map { .string($0) },
        ]
        fields.merge(scheduleFields) { $1 }
        fields.merge(rotationFields) { $1 }
        if paused { fields["paused"] = true }
        return fields
    }

    /// The fields that say when it comes round: `rule`, `every` (for older versions), `fixed`,
    /// `start`, `timeZone`.
    var scheduleFields: [String: JSONValue?] {
        [
            "rule": .string(schedule.rule.description), "every": .string(every.description), "fixed": .bool(schedule.fixed),
            "start": .string(UTCTime.iso8601(millis: schedule.start)),
            "timeZone": .string(schedule.calendar.timeZone.identifier),
        ]
    }

    /// `rotation` and `rotationStart`, or their removal when it does not rotate.
    var rotationFields: [String: JSONValue?] {
        guard !rotation.isEmpty else { return ["rotation": nil, "rotationStart": nil] }
        return ["rotation": .array(rotation.map { .string($0) }), "rotationStart": JSONValue(rotationStart)]
    }

    /// `{"id", "name", "rule", "every", "fixed", "timeZone", "paused", "note"?, "assignee"?,
    /// "assigneeName"?, "rotation"?: [{"id", "name"?}], "lastDone"?, "lastDoneBy"?,
    /// "lastDoneByName"?, "nextDue", "due"}`; `due` is whether it is due at `now` (never while
    /// paused), `every` the interval an older version shows.
    package func json(members: [Member], now: Int64) -> JSONValue {
        func name(_ id: String) -> String? { members.first { $0.id == id }?.name }
        var object: [String: JSONValue] = [
            "id": .string(id), "name": .string(self.name), "rule": .string(schedule.rule.description),
            "every": .string(every.description), "fixed": .bool(schedule.fixed),
            "timeZone": .string(schedule.calendar.timeZone.identifier), "paused": .bool(paused),
            "nextDue": .string(UTCTime.iso8601(millis: nextDue)), "due": .bool(isOverdue(at: now)),
        ]
        if let note { object["note"] = .string(note) }
        if let assignee {
            object["assignee"] = .string(assignee)
            if let name = name(assignee) { object["assigneeName"] = .string(name) }
        }
        if !rotation.isEmpty {
            object["rotation"] = .array(
                rotation.map { id in
                    var member: [String: JSONValue] = ["id": .string(id)]
                    if let name = name(id) { member["name"] = .string(name) }
                    return .object(member)
                })
        }
        if let lastDone { object["lastDone"] = .string(UTCTime.iso8601(millis: lastDone)) }
        if let lastDoneBy {
            object["lastDoneBy"] = .string(lastDoneBy)
            if let name = name(lastDoneBy) { object["lastDoneByName"] = .string(name) }
        }
        return .object(object)
    }
}
