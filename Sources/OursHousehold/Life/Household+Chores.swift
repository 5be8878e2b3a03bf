import OursSync

/// What to change about a chore; `nil` leaves a thing as it is.
public struct ChoreChanges: Sendable, Hashable {
    /// A new rule for how often it comes round; the schedule then starts from when the chore
    /// is due now.
    public var rule: Recurrence?
    /// True: keep to the schedule; false: count from the last completion.
    public var fixed: Bool?
    /// A member's name or id; replaces a rotation.
    public var assignee: String?
    /// Members' names or ids taking turns, the first up now.
    public var rotation: [String]?
    /// Nobody does it (no assignee, no rotation).
    public var unassign: Bool
    /// The note; empty removes it.
    public var note: String?

    /// Changes with these values; the defaults change nothing.
    public init(
        rule: Recurrence? = nil, fixed: Bool? = nil, assignee: String? = nil, rotation: [String]? = nil,
        unassign: Bool = false, note: String? = nil
    ) {
        self.rule = rule
        self.fixed = fixed
        self.assignee = assignee
        self.rotation = rotation
        self.unassign = unassign
        self.note = note
    }
}

extension Household {
    /// The chores: overdue first (the longest overdue first), then the soonest due; paused ones
    /// last.
    /// - Parameters:
    ///   - dueOnly: only those due now.
    ///   - assignee: only those this member (a name, `me`, or an id) is up for now.
    /// - Throws: `.notFound` for an unknown member.
    public func chores(dueOnly: Bool = false, assignee: String? = nil) throws(OursError) -> [Chore] {
        let memberID = try assignee.map { (name: String) throws(OursError) -> String in try member(named: name).id }
        let now = nowMillis
        return try all(RecordTypes.chore).compactMap { Chore($0, timeZone: timeZone) }
            .filter { (!dueOnly || $0.isOverdue(at: now)) && (memberID == nil || $0.assignee == memberID) }
            .sorted(by: Chore.listOrder)
    }

    /// The chore a name or id means (any case; a unique beginning will do).
    /// - Throws: `.notFound` for an unknown name, `.usage` when several chores match.
    public func chore(named text: String) throws(OursError) -> Chore {
        try choreRecord(text).chore
    }

    /// The chore a name or id means, and the record it was read from.
    func choreRecord(_ text: String) throws(OursError) -> (chore: Chore, record: RecordSnapshot) {
        let records = try all(RecordTypes.chore)
        let chores = records.compactMap { Chore($0, timeZone: timeZone) }
        let chore = try Household.choreResolver().resolve(text, in: chores)
        // The resolver picked one of `chores`, and each was read from one of `records`.
        return (chore, records.first { $0.key.id == chore.id }!)
    }

    /// Adds a chore (due now, or on its first day), or changes an existing one like
    /// `editChore`.
    /// - Returns: the chore and `.created`, `.updated` or `.unchanged`.
    public func addChore(
        named name: String, rule: Recurrence, _ changes: ChoreChanges = ChoreChanges()
    ) throws(OursError) -> (chore: Chore, outcome: Outcome) {
        let name = try Household.cleanName(name, what: "chore")
        var changes = changes
        changes.rule = rule
        let people = try people(for: changes)
        let id = SemanticID.chore(named: name)
        return try zone.write { () throws(OursError) -> (chore: Chore, outcome: Outcome) in
            let previous = try snapshot(RecordTypes.chore, id)
            if let previous, !previous.isDeleted, let existing = Chore(previous, timeZone: timeZone) {
                return try apply(changes, people: people, to: existing, record: previous)
            }
            let now = nowMillis
            let schedule = ChoreSchedule(
                rule: rule, fixed: changes.fixed ?? false, start: now, calendar: LocalCalendar(timeZone))
            let note = changes.note.map(NameKey.display).flatMap { $0.isEmpty ? nil : $0 }
            let chore = Chore(
                id: id, name: name, schedule: schedule, assignee: people.assignee, rotation: people.rotation ?? [],
                rotationStart: 0, note: note)
            // A chore deleted before comes back as new: nothing of its old life is kept.
            var fields = chore.fields.filter { $0.value != nil }
            for field in previous?.values.keys.sorted() ?? [] where fields[field] == nil {
                fields.updateValue(nil, forKey: field)
            }
            try write(RecordTypes.chore, id, fields)
            return (chore, .created)
        }
    }

    /// Adds a chore that comes round every `every` (the form older versions know).
    public func addChore(
        named name: String, every: Interval, assignee: String? = nil
    ) throws(OursError) -> (chore: Chore, outcome: Outcome) {
        try addChore(named: name, rule: Recurrence(legacy: every), ChoreChanges(assignee: assignee))
    }

    /// Changes a chore's rule, schedule, who does it, or its note. A new rule or schedule
    /// starts from the time the chore is due now, so what is pending stays pending.
    /// - Returns: the chore and `.updated` or `.unchanged`.
    public func editChore(_ name: String, _ changes: ChoreChanges) throws(OursError) -> (chore: Chore, outcome: Outcome) {
        let people = try people(for: changes)
        return try zone.write { () throws(OursError) -> (chore: Chore, outcome: Outcome) in
            let (chore, record) = try choreRecord(name)
            return try apply(changes, people: people, to: chore, record: record)
        }
    }

    /// The participant ids `changes` names.
    func people(for changes: ChoreChanges) throws(OursError) -> (assignee: String?, rotation: [String]?) {
        let given = [changes.assignee != nil, changes.rotation != nil, changes.unassign].filter { $0 }.count
        if given > 1 { throw .usage("give one of --assign, --rotate and --unassign") }
        var rotation: [String]?
        if let names = changes.rotation {
            guard !names.isEmpty, names.allSatisfy({ !NameKey.display($0).isEmpty }) else {
                throw .usage("--rotate needs members' names separated by commas, such as Sarah,Mike")
            }
            var ids: [String] = []
            for name in names { ids.append(try member(named: NameKey.display(name)).id) }
            rotation = ids
        }
        let assignee = try changes.assignee.map { name throws(OursError) in try member(named: name).id }
        return (assignee ?? rotation?.first, rotation)
    }

    /// Writes the fields `changes` alters, and only those.
    func apply(
        _ changes: ChoreChanges, people: (assignee: String?, rotation: [String]?), to existing: Chore, record: RecordSnapshot
    ) throws(OursError) -> (chore: Chore, outcome: Outcome) {
        var chore = existing
        var fields: [String: JSONValue?] = [:]
        let rule = changes.rule ?? existing.schedule.rule
        let fixed = changes.fixed ?? existing.schedule.fixed
        if rule != existing.schedule.rule || fixed != existing.schedule.fixed {
            chore.schedule = ChoreSchedule(
                rule: rule, fixed: fixed, start: existing.nextDue, calendar: existing.schedule.calendar)
            fields.merge(chore.scheduleFields) { $1 }
        }
        if let rotation = people.rotation, rotation != existing.rotation || existing.assignee != rotation.first {
            chore.rotation = rotation
            chore.rotationStart = existing.generation
            fields.merge(chore.rotationFields) { $1 }
        } else if people.rotation == nil, changes.assignee != nil || changes.unassign {
            chore.rotation = []
            fields.merge(chore.rotationFields) { $1 }
        }
        if people.assignee != nil || changes.unassign {
            chore.assignee = people.assignee
            fields.updateValue(people.assignee.map { .string($0) }, forKey: "assignee")
        }
        if let note = changes.note.map(NameKey.display) {
            chore.note = note.isEmpty ? nil : note
            fields.updateValue(chore.note.map { .string($0) }, forKey: "note")
        }
        fields = fields.filter { field, value in value != record.values[field] }
        guard !fields.isEmpty else { return (existing, .unchanged) }
        chore.nextDue = chore.computedNextDue
        fields["nextDue"] = .string(UTCTime.iso8601(millis: chore.nextDue))
        try write(RecordTypes.chore, chore.id, fields)
        return (chore, .updated)
    }

    /// Marks a chore done now, by this device's person: a new completion in its log. It is
    /// next due one interval later (or, on a fixed schedule, at the schedule's next time),
    /// and a rotating chore goes to the next person.
    public func choreDone(_ name: String) throws(OursError) -> Chore {
        try zone.write { () throws(OursError) -> Chore in
            let (chore, record) = try choreRecord(name)
            let now = nowMillis
            let completion = ChoreCompletion(
                id: RandomID.make(length: 10), at: now, by: try me(), generation: chore.generation + 1, due: chore.nextDue)
            var fields: [String: JSONValue?] = [completion.field: completion.value]
            // What an older version recorded only in `lastDone` becomes a log entry of its own
            // before `lastDone` moves on.
            for entry in chore.completions where entry.legacy && record.values[entry.field] == nil {
                fields[entry.field] = entry.value
            }
            var done = chore
            done.completions = ([completion] + chore.completions).sorted { ($0.at, $0.id) > ($1.at, $1.id) }
            done.nextDue = done.computedNextDue
            // The latest completion, for older versions: this one, unless a device whose clock
            // is ahead recorded one later.
            let latest = done.completions[0]
            fields["lastDone"] = .string(UTCTime.iso8601(millis: latest.at))
            fields.updateValue(latest.by.map { .string($0) }, forKey: "lastDoneBy")
            fields["nextDue"] = .string(UTCTime.iso8601(millis: done.nextDue))
            if !done.rotation.isEmpty {
                done.assignee = done.rotationAssignee
                fields.updateValue(done.assignee.map { .string($0) }, forKey: "assignee")
            }
            try write(RecordTypes.chore, chore.id, fields)
            return done
        }
    }
}

extension Chore {
    /// Overdue first, then the soonest due; paused last; then by name.
    static func listOrder(_ a: Chore, _ b: Chore) -> Bool {
        (a.paused ? 1 : 0, a.nextDue, NameKey.normalize(a.name), a.id) < (
            b.paused ? 1 : 0, b.nextDue, NameKey.normalize(b.name), b.id
        )
    }
}
