import OursSync

extension Household {
    /// The chores, soonest due first.
    public func chores() throws(OursError) -> [Chore] {
        try all(RecordTypes.chore).compactMap(Chore.init).sorted { ($0.nextDue, $0.name) < ($1.nextDue, $1.name) }
    }

    /// The chore a name means (any case; a unique beginning will do).
    public func chore(named name: String) throws(OursError) -> Chore {
        if let chore = try live(RecordTypes.chore, SemanticID.chore(named: name)).flatMap(Chore.init),
            NameKey.matches(chore.name, name)
        {
            return chore
        }
        return try NameMatch.find(
            name, in: try chores(), name: \.name, what: "chore", hint: "`ours chores` lists them.")
    }

    /// Adds a chore (due now), or changes how often an existing one comes round and who does it.
    /// - Parameter assignee: a member's name or id; `nil` leaves it as it is.
    /// - Returns: the chore and `.created`, `.updated` or `.unchanged`.
    public func addChore(
        named name: String, every: Interval, assignee: String? = nil
    ) throws(OursError) -> (chore: Chore, outcome: Outcome) {
        let name = try Household.cleanName(name, what: "chore")
        var member: Member?
        if let assignee { member = try self.member(named: assignee) }
        let id = SemanticID.chore(named: name)
        return try zone.device.withLock { () throws(OursError) -> (chore: Chore, outcome: Outcome) in
            let now = nowMillis
            if let existing = try live(RecordTypes.chore, id).flatMap(Chore.init) {
                var chore = existing
                chore.every = every
                if let member { chore.assignee = member.id }
                chore.nextDue = chore.lastDone.map { $0 + every.milliseconds } ?? existing.nextDue
                guard chore != existing else { return (chore, .unchanged) }
                var fields: [String: JSONValue?] = ["every": .string(every.description), "nextDue": instant(chore.nextDue)]
                if let member { fields["assignee"] = .string(member.id) }
                try write(RecordTypes.chore, id, fields)
                return (chore, .updated)
            }
            let chore = Chore(id: id, name: name, every: every, assignee: member?.id, nextDue: now)
            let previous = try snapshot(RecordTypes.chore, id)
            try write(RecordTypes.chore, id, chore.fields.filter { $0.value != nil || previous?.values[$0.key] != nil })
            return (chore, .created)
        }
    }

    /// Marks a chore done now; it is next due one interval later.
    public func choreDone(_ name: String) throws(OursError) -> Chore {
        try zone.device.withLock { () throws(OursError) -> Chore in
            var chore = try chore(named: name)
            let now = nowMillis
            chore.lastDone = now
            chore.lastDoneBy = try me()
            chore.nextDue = now + chore.every.milliseconds
            try write(
                RecordTypes.chore, chore.id,
                ["lastDone": instant(now), "lastDoneBy": .string(chore.lastDoneBy!), "nextDue": instant(chore.nextDue)])
            return chore
        }
    }
}
