import Foundation
import OursSync
import Testing

@testable import OursHousehold

/// Chores two people share: rotations, completions on two devices at once, completions that
/// arrive late, and the log.
@Suite struct ChoreRotationTests {
    let world = SharedFolderWorld()
    let day: Int64 = 86_400_000
    let utc = TimeZone(identifier: "UTC")!
    let friday = SharedFolderWorld.friday

    /// Sarah and Mike share a household; each device has a clock the test moves.
    struct Couple {
        let sarah: Household
        let mike: Household
        let sarahClock: ManualWallClock
        let mikeClock: ManualWallClock

        func syncBoth() throws {
            _ = try sarah.zone.sync()
            _ = try mike.zone.sync()
            _ = try sarah.zone.sync()
        }

        func advance(by millis: Int64) {
            sarahClock.advance(by: millis)
            mikeClock.advance(by: millis)
        }
    }

    func couple() throws -> Couple {
        let sarahClock = ManualWallClock(millis: SharedFolderWorld.friday)
        let mikeClock = ManualWallClock(millis: SharedFolderWorld.friday)
        let sarah = try world.device("Sarah", clock: sarahClock).createZone(name: "Home", folder: world.shared)
        let code = try sarah.invite(readOnly: false)
        let mike = try world.device("Mike", clock: mikeClock).join(code: code.code, folder: world.shared).zone
        _ = try sarah.sync()
        return Couple(
            sarah: Household(sarah, timeZone: utc), mike: Household(mike, timeZone: utc), sarahClock: sarahClock,
            mikeClock: mikeClock)
    }

    func id(_ life: Household, _ name: String) throws -> String { try life.member(named: name).id }

    /// Runs `body` while the shared folder is away (unmounted, the sync tool stopped): what a
    /// device writes meanwhile waits in its own copy, and arrives later.
    func offline(_ body: () throws -> Void) throws {
        let away = world.shared + "-away"
        try FileManager.default.moveItem(atPath: world.shared, toPath: away)
        defer { try? FileManager.default.moveItem(atPath: away, toPath: world.shared) }
        try body()
    }

    @Test func eachCompletionHandsTheChoreToTheNextPerson() throws {
        let home = try couple()
        let sarah = try id(home.sarah, "Sarah")
        let mike = try id(home.sarah, "Mike")
        let (added, _) = try home.sarah.addChore(
            named: "Hoovering", rule: .every(1, .week), ChoreChanges(rotation: ["sarah", "Mike"]))
        #expect(added.assignee == sarah)
        #expect(added.rotationOrder == [sarah, mike])
        home.advance(by: day)
        let first = try home.sarah.choreDone("hoovering")
        #expect(first.assignee == mike)
        #expect(first.generation == 1)
        try home.syncBoth()
        home.advance(by: day)
        let second = try home.mike.choreDone("Hoovering")
        #expect(second.assignee == sarah)
        #expect(second.completions.map(\.by) == [mike, sarah], "newest first")
        #expect(second.completions.map(\.generation) == [2, 1])
        #expect(second.nextDue == SharedFolderWorld.friday + 9 * day)
        let stored = try #require(try home.mike.zone.get(RecordKey(type: "chore", id: second.id)))
        #expect(stored.values["assignee"] == .string(sarah), "written for older versions")
        #expect(stored.values["lastDoneBy"] == .string(mike))
    }

    @Test func twoCompletionsAtOnceAreBothLoggedAndMoveTheRotationOneStep() throws {
        let home = try couple()
        let sarah = try id(home.sarah, "Sarah")
        let mike = try id(home.sarah, "Mike")
        _ = try home.sarah.addChore(named: "Bins", rule: .weekdays([2]), ChoreChanges(rotation: ["Sarah", "Mike"]))
        try home.syncBoth()
        home.advance(by: 60_000)
        // Neither has seen the other's completion: two writes made at once.
        let bySarah = try home.sarah.choreDone("Bins")
        home.mikeClock.advance(by: 1000)
        let byMike = try home.mike.choreDone("Bins")
        #expect(bySarah.generation == 1)
        #expect(byMike.generation == 1)
        try home.syncBoth()
        for life in [home.sarah, home.mike] {
            let chore = try life.chore(named: "bins")
            #expect(chore.completions.count == 2, "both are in the log")
            #expect(Set(chore.completions.compactMap(\.by)) == [sarah, mike])
            #expect(chore.generation == 1)
            #expect(chore.assignee == mike, "one step, not two and not none")
        }
        home.advance(by: day)
        let next = try home.sarah.choreDone("Bins")
        #expect(next.generation == 2)
        #expect(next.assignee == sarah)
        try home.syncBoth()
        #expect(try home.mike.chore(named: "Bins").completions.count == 3)
        #expect(try home.mike.zone.conflicts().filter { $0.key.type == "chore" }.isEmpty, "the next completion settles them")
    }

    @Test func aCompletionThatArrivesLateCountsByWhenItWasDone() throws {
        let home = try couple()
        _ = try home.sarah.addChore(named: "Plants", rule: .every(3, .day))
        _ = try home.sarah.addChore(named: "Filter", rule: .every(7, .day), ChoreChanges(fixed: true))
        try home.syncBoth()
        // Mike waters the plants on Saturday with no connection; Sarah does on Monday, online;
        // Mike's completion reaches the folder after hers.
        home.advance(by: day)
        try offline { _ = try home.mike.choreDone("Plants") }
        home.sarahClock.advance(by: 2 * day)
        _ = try home.sarah.choreDone("Plants")
        home.mikeClock.advance(by: 2 * day)
        try home.syncBoth()
        for life in [home.sarah, home.mike] {
            let plants = try life.chore(named: "Plants")
            #expect(plants.completions.count == 2)
            #expect(plants.nextDue == SharedFolderWorld.friday + 6 * day, "three days after Monday, the latest")
        }
        // And the other way round: the late one is the latest.
        _ = try home.sarah.choreDone("Plants")
        home.mikeClock.advance(by: day)
        let late = try home.mike.choreDone("Plants")
        try home.syncBoth()
        #expect(try home.sarah.chore(named: "Plants").nextDue == late.lastDone! + 3 * day)
        // On a fixed schedule what was covered counts: done late, then early, by two people.
        _ = try home.mike.choreDone("Filter")  // due on Friday the 14th, done on Tuesday the 18th
        _ = try home.sarah.choreDone("Filter")  // also for the 14th, on Monday, not having seen Mike's
        try home.syncBoth()
        #expect(try home.sarah.chore(named: "Filter").nextDue == SharedFolderWorld.friday + 7 * day)
    }

    @Test func aCompletionFromAClockAheadStaysTheLatest() throws {
        let home = try couple()
        _ = try home.sarah.addChore(named: "Plants", rule: .every(3, .day))
        try home.syncBoth()
        home.mikeClock.advance(by: day)  // Mike's clock is a day ahead
        let ahead = try home.mike.choreDone("Plants")
        try home.syncBoth()
        let done = try home.sarah.choreDone("Plants")
        #expect(done.completions.map(\.at) == [friday + day, friday], "newest first, by when it was done")
        #expect(done.nextDue == ahead.nextDue)
        let stored = try #require(try home.sarah.zone.get(RecordKey(type: "chore", id: done.id)))
        #expect(stored.values["lastDone"] == .string(UTCTime.iso8601(millis: friday + day)))
        #expect(stored.values["lastDoneBy"] == .string(try id(home.sarah, "Mike")))
    }

    @Test func theLogKeepsWhatAnOlderVersionRecordedAndMovesTheRotationForIt() throws {
        let home = try couple()
        let sarah = try id(home.sarah, "Sarah")
        let mike = try id(home.sarah, "Mike")
        let (chore, _) = try home.sarah.addChore(named: "Bins", rule: .every(7, .day), ChoreChanges(rotation: ["Sarah", "Mike"]))
        // What an older version writes for `chore done`: lastDone, lastDoneBy and nextDue.
        let then = SharedFolderWorld.friday + day
        try home.sarah.zone.put(
            type: "chore", id: chore.id,
            fields: [
                "lastDone": .string(UTCTime.iso8601(millis: then)), "lastDoneBy": .string(mike),
                "nextDue": .string(UTCTime.iso8601(millis: then + 7 * day)),
            ])
        let read = try home.sarah.chore(named: "Bins")
        #expect(read.completions.map(\.legacy) == [true])
        #expect(read.completions.first?.by == mike)
        #expect(read.assignee == mike, "it moved the rotation on")
        #expect(read.nextDue == then + 7 * day)
        home.advance(by: 2 * day)
        let done = try home.sarah.choreDone("Bins")
        #expect(done.completions.map(\.by) == [sarah, mike])
        #expect(done.assignee == sarah)
        let stored = try #require(try home.sarah.zone.get(RecordKey(type: "chore", id: chore.id)))
        #expect(stored.values["done.legacy-\(then)"]?["by"] == .string(mike), "kept as a log entry of its own")
        #expect(try home.sarah.chore(named: "Bins").completions.count == 2)
    }
}
