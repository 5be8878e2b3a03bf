import OursHousehold
import OursSync
import Testing

@Suite struct ChoresAndTasksTests {
    let world = SharedFolderWorld()
    let day: Int64 = 86_400_000

    @Test func choresComeRoundAgain() throws {
        let (life, clock) = try world.privateLife()
        let (chore, outcome) = try life.addChore(named: "Bins", every: Interval("7d")!, assignee: "sarah")
        #expect(outcome == .created)
        #expect(chore.id == "bins-5e9b8094a381")
        #expect(chore.nextDue == SharedFolderWorld.friday)
        #expect(chore.assignee == (try life.members()).first?.id)
        clock.advance(by: 2 * day)
        let done = try life.choreDone("BINS")
        #expect(done.lastDone == SharedFolderWorld.friday + 2 * day)
        #expect(done.nextDue == SharedFolderWorld.friday + 9 * day)
        let stored = try #require(try life.zone.get(RecordKey(type: "chore", id: chore.id)))
        #expect(stored.values["every"] == "7d")
        #expect(stored.values["nextDue"] == "2025-03-23T10:00:00.000Z")
        #expect(stored.values["lastDone"] == "2025-03-16T10:00:00.000Z")
        let updated = try life.addChore(named: "bins", every: Interval("14d")!)
        #expect(updated.outcome == .updated)
        #expect(updated.chore.nextDue == SharedFolderWorld.friday + 16 * day)
        #expect(updated.chore.assignee == chore.assignee)
        #expect(try life.addChore(named: "Bins", every: Interval("14d")!).outcome == .unchanged)
        #expect(try life.chores().map(\.name) == ["Bins"])
        #expect(
            OursError.caught { _ = try life.addChore(named: "Dishes", every: Interval("1d")!, assignee: "Nobody") }?.kind
                == .notFound)
        #expect(OursError.caught { _ = try life.choreDone("Hoovering") }?.kind == .notFound)
    }

    @Test func tasksAreOneRecordPerProjectAndTitle() throws {
        let (life, clock) = try world.privateLife()
        let added = try life.addTask("Fix the tap", project: "Home", due: "2025-03-20", priority: 1)
        #expect(added.outcome == .created)
        #expect(added.task.id == "fix-the-tap-965f8a16797a")
        #expect(try life.addTask("fix the TAP", project: "home").outcome == .unchanged)
        #expect(try life.addTask("fix the tap", project: "home", priority: 2).outcome == .updated)
        _ = try life.addTask("Paint the fence", due: "tomorrow")
        _ = try life.addTask("Buy paint", project: "Garden", priority: 1)
        #expect(try life.tasks().map(\.name) == ["Buy paint", "Fix the tap", "Paint the fence"])
        #expect(try life.tasks(project: "HOME").map(\.name) == ["Fix the tap"])
        let ambiguous = OursError.caught { _ = try life.taskDone("the") }
        #expect(ambiguous?.kind == .usage)
        clock.advance(by: 60_000)
        let done = try life.taskDone("fix")
        #expect(done.done)
        #expect(done.doneAt == "2025-03-14T10:01:00.000Z")
        #expect(try life.tasks().map(\.name) == ["Buy paint", "Paint the fence"])
        #expect(try life.tasks(includeDone: true).count == 3)
        let reopened = try life.addTask("Fix the tap", project: "Home")
        #expect(reopened.outcome == .restored)
        #expect(reopened.task.priority == 2)
        #expect(!reopened.task.done)
        #expect(reopened.task.doneAt == nil)
        #expect(OursError.caught { _ = try life.addTask("x", priority: 5) }?.kind == .usage)
        #expect(OursError.caught { _ = try life.addTask("x", due: "someday") }?.kind == .usage)
    }
}
