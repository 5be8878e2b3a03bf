import Foundation
import OursHousehold
import OursSync
import Testing

/// One device's chores: pausing, editing, the order they are listed in, deleting, and records
/// an older version changed.
@Suite struct ChoreLifeTests {
    let world = SharedFolderWorld()
    let day: Int64 = 86_400_000
    let friday = SharedFolderWorld.friday

    @Test func aPausedChoreIsNeverDueAndResumesFromNow() throws {
        let (life, clock) = try world.privateLife()
        _ = try life.addChore(named: "Watering", rule: .every(2, .day))
        _ = try life.choreDone("Watering")
        let (paused, outcome) = try life.pauseChore("water")
        #expect(outcome == .updated)
        #expect(paused.paused)
        #expect(try life.pauseChore("Watering").outcome == .unchanged)
        clock.advance(by: 10 * day)
        let listed = try life.chore(named: "Watering")
        #expect(!listed.isOverdue(at: clock.nowMillis()), "paused: never due")
        #expect(listed.json(members: [], now: clock.nowMillis())["due"] == false)
        let (resumed, again) = try life.resumeChore("Watering")
        #expect(again == .updated)
        #expect(resumed.nextDue == clock.nowMillis(), "what fell due during the pause is due now, not ten days ago")
        #expect(try life.chore(named: "Watering").nextDue == clock.nowMillis())
        #expect(try life.resumeChore("Watering").outcome == .unchanged)
        _ = try life.choreDone("Watering")
        #expect(try life.chore(named: "Watering").nextDue == clock.nowMillis() + 2 * day)
    }

    @Test func aFixedScheduleResumesAtItsNextTime() throws {
        let (life, clock) = try world.privateLife()  // Friday 14 March 2025, 10:00 UTC
        _ = try life.addChore(named: "Bins", rule: .weekdays([2]), ChoreChanges(fixed: true))
        #expect(try life.chore(named: "Bins").nextDue == friday - 10 * 3_600_000 + 4 * day, "Tuesday the 18th")
        _ = try life.pauseChore("Bins")
        clock.advance(by: 6 * day)  // Thursday the 20th
        let (resumed, _) = try life.resumeChore("Bins")
        #expect(UTCTime.iso8601(millis: resumed.nextDue) == "2025-03-25T00:00:00.000Z")
    }

    @Test func choresAreListedOverdueFirstThenSoonestAndPausedLast() throws {
        let (life, clock) = try world.privateLife()
        _ = try life.addChore(named: "Dishes", rule: .every(1, .day))
        _ = try life.addChore(named: "Bins", rule: .every(7, .day))
        clock.advance(by: 3_600_000)
        _ = try life.addChore(named: "Laundry", rule: .every(3, .day))
        _ = try life.addChore(named: "Attic", rule: .every(1, .month))
        _ = try life.choreDone("Dishes")
        _ = try life.choreDone("Laundry")
        _ = try life.choreDone("Attic")
        _ = try life.pauseChore("Bins")
        clock.advance(by: 2 * day)
        // Dishes overdue by a day, Laundry due in a day, Attic in a month, Bins paused.
        #expect(try life.chores().map(\.name) == ["Dishes", "Laundry", "Attic", "Bins"])
    }

    @Test func editingChangesOnlyWhatIsGiven() throws {
        let (life, clock) = try world.privateLife()
        let me = try life.member(named: "me").id
        _ = try life.addChore(named: "Bins", rule: .every(7, .day), ChoreChanges(assignee: "me", note: "Blue bin"))
        _ = try life.choreDone("Bins")
        clock.advance(by: day)
        let (edited, outcome) = try life.editChore("bins", ChoreChanges(rule: .every(2, .week), fixed: true))
        #expect(outcome == .updated)
        #expect(edited.schedule.rule == .every(2, .week))
        #expect(edited.nextDue == friday + 7 * day, "what is pending stays pending")
        #expect(edited.assignee == me)
        #expect(edited.note == "Blue bin")
        let stored = try #require(try life.zone.get(RecordKey(type: "chore", id: edited.id)))
        #expect(stored.values["every"] == "14d")
        #expect(stored.values["rule"] == "every 2 weeks")
        #expect(stored.values["nextDue"] == .string(UTCTime.iso8601(millis: friday + 7 * day)))
        #expect(try life.editChore("Bins", ChoreChanges(rule: .every(2, .week), fixed: true)).outcome == .unchanged)
        let cleared = try life.editChore("Bins", ChoreChanges(unassign: true, note: ""))
        #expect(cleared.chore.assignee == nil)
        #expect(cleared.chore.note == nil)
        let after = try #require(try life.zone.get(RecordKey(type: "chore", id: edited.id)))
        #expect(after.values["assignee"] == nil)
        #expect(after.values["note"] == nil)
        #expect(OursError.caught { _ = try life.editChore("Bins", ChoreChanges(assignee: "me", unassign: true)) }?.kind == .usage)
        #expect(OursError.caught { _ = try life.editChore("Bins", ChoreChanges(rotation: ["me", " "])) }?.kind == .usage)
        #expect(OursError.caught { _ = try life.editChore("Bins", ChoreChanges(rotation: ["Nobody"])) }?.kind == .notFound)
    }

    @Test func choresAreFoundByNameOrId() throws {
        let (life, _) = try world.privateLife()
        let (bins, _) = try life.addChore(named: "Bins", rule: .every(7, .day))
        _ = try life.addChore(named: "Bathroom", rule: .every(7, .day))
        #expect(try life.chore(named: bins.id).name == "Bins")
        #expect(try life.chore(named: "BINS").id == bins.id)
        #expect(try life.chore(named: "bat").name == "Bathroom")
        #expect(OursError.caught { _ = try life.chore(named: "b") }?.kind == .usage)
        #expect(OursError.caught { _ = try life.chore(named: "Hoovering") }?.kind == .notFound)
    }

    @Test func aDeletedChoreAddedAgainStartsAfresh() throws {
        let (life, clock) = try world.privateLife()
        _ = try life.addChore(named: "Bins", rule: .every(7, .day), ChoreChanges(note: "Blue"))
        _ = try life.choreDone("Bins")
        let removed = try life.removeChore("Bins")
        #expect(try life.chores().isEmpty)
        #expect(OursError.caught { _ = try life.choreDone("Bins") }?.kind == .notFound)
        clock.advance(by: day)
        let (again, outcome) = try life.addChore(named: "Bins", rule: .monthDay(1))
        #expect(outcome == .created)
        #expect(again.id == removed.id)
        let read = try life.chore(named: "Bins")
        #expect(read.completions.isEmpty)
        #expect(read.note == nil)
        #expect(UTCTime.iso8601(millis: read.nextDue) == "2025-04-01T00:00:00.000Z")
    }

    @Test func anIntervalAnOlderVersionChangedWinsOverTheRule() throws {
        let (life, _) = try world.privateLife()
        let (chore, _) = try life.addChore(named: "Rent", rule: .every(1, .month))
        #expect(try life.chore(named: "Rent").schedule.rule == .every(1, .month))
        // An older version's `chore add Rent --every 14d` writes only every and nextDue.
        try life.zone.put(type: "chore", id: chore.id, fields: ["every": "14d"])
        #expect(try life.chore(named: "Rent").schedule.rule == .every(14, .day))
        // A chore an older version made has no rule: its every is read on the calendar.
        try life.zone.put(
            type: "chore", id: "old", fields: ["name": "Old", "every": "7d", "nextDue": "2025-03-20T08:00:00.000Z"])
        let old = try life.chore(named: "Old")
        #expect(old.schedule.rule == .every(7, .day))
        #expect(UTCTime.iso8601(millis: old.nextDue) == "2025-03-20T08:00:00.000Z", "its due time stays")
    }
}
