import OursSync

extension Household {
    /// Pauses a chore: it is never due until resumed, and is listed last.
    /// - Returns: the chore and `.updated`, or `.unchanged` when it was paused already.
    public func pauseChore(_ name: String) throws(OursError) -> (chore: Chore, outcome: Outcome) {
        try zone.write { () throws(OursError) -> (chore: Chore, outcome: Outcome) in
            var (chore, _) = try choreRecord(name)
            guard !chore.paused else { return (chore, .unchanged) }
            chore.paused = true
            try write(RecordTypes.chore, chore.id, ["paused": true])
            return (chore, .updated)
        }
    }

    /// Resumes a paused chore. It is due when it would have been, but never before now: what
    /// fell due during the pause is due now (a day rule: on its next day from today), and a
    /// fixed schedule takes up its next time from now.
    /// - Returns: the chore and `.updated`, or `.unchanged` when it was not paused.
    public func resumeChore(_ name: String) throws(OursError) -> (chore: Chore, outcome: Outcome) {
        try zone.write { () throws(OursError) -> (chore: Chore, outcome: Outcome) in
            var (chore, _) = try choreRecord(name)
            guard chore.paused else { return (chore, .unchanged) }
            let now = nowMillis
            chore.paused = false
            chore.resumedAt = now
            chore.nextDue = chore.computedNextDue
            try write(
                RecordTypes.chore, chore.id,
                ["paused": false, "resumedAt": instant(now), "nextDue": instant(chore.nextDue)])
            return (chore, .updated)
        }
    }

    /// Deletes a chore (a tombstone: adding it again starts it afresh).
    public func removeChore(_ name: String) throws(OursError) -> Chore {
        try zone.write { () throws(OursError) -> Chore in
            let (chore, _) = try choreRecord(name)
            try zone.remove(key(RecordTypes.chore, chore.id))
            return chore
        }
    }
}
