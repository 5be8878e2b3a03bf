import OursSync
import Testing

@testable import OursHousehold

/// Projects as records tasks point at, tasks with notes, edits, removal and what was done.
@Suite struct ProjectsAndTasksTests {
    let world = SharedFolderWorld()

    @Test func aTaskPointsAtItsProjectByIdAndKeepsTheNameEarlierVersionsRead() throws {
        let (life, _) = try world.privateLife()
        let (task, outcome) = try life.addTask("Fix the tap", project: "Home", note: "the washer, not the valve")
        #expect(outcome == .created)
        #expect(task.id == "fix-the-tap-965f8a16797a", "the id scheme is unchanged")
        let stored = try #require(try life.zone.get(RecordKey(type: "task", id: task.id)))
        #expect(stored.values["project"] == "Home")
        #expect(stored.values["projectId"] == .string(SemanticID.project(named: "Home")))
        #expect(stored.values["note"] == "the washer, not the valve")
        #expect(try life.projects().map(\.name) == ["Home"])
        #expect(try life.project(named: "ho").isRecorded)
    }

    @Test func aProjectOnlyOldTasksNameIsListedAndRenamingCarriesItsTasks() throws {
        let (life, _) = try world.privateLife()
        // As the previous version wrote them: the project only as text.
        try life.zone.put(
            type: "task", id: SemanticID.task(named: "Weed", project: "Garden"),
            fields: ["name": "Weed", "project": "Garden", "done": false])
        let implied = try life.project(named: "garden")
        #expect(!implied.isRecorded)
        #expect(implied.id == SemanticID.project(named: "Garden"))
        #expect(try life.tasks(project: "Garden").map(\.name) == ["Weed"])
        let renamed = try life.editProject("Garden", .init(name: "Back garden", color: .set("green")))
        #expect(renamed.tasks == 1)
        #expect(renamed.project.name == "Back garden")
        #expect(renamed.project.color == "green")
        let weed = try #require(try life.tasks().first)
        #expect(weed.project == "Back garden", "an earlier version shows it under the new name")
        #expect(weed.projectID == implied.id)
        // Adding the same title to the renamed project finds the same task.
        #expect(try life.addTask("weed", project: "Back garden").outcome == .unchanged)
        let clash = OursError.caught { _ = try life.editProject("back", .init(name: "Back garden")) }
        #expect(clash == nil, "renaming to its own name changes nothing")
        _ = try life.addProject("Loft")
        #expect(OursError.caught { _ = try life.editProject("loft", .init(name: "back GARDEN")) }?.kind == .failed)
    }

    @Test func archivingPutsTheTasksAwayAndAddingToItBringsItBack() throws {
        let (life, _) = try world.privateLife()
        _ = try life.addTask("Paint", project: "Shed")
        _ = try life.addTask("Buy bulbs", project: "Garden")
        let archived = try life.archiveProject("shed")
        #expect(archived.tasks == 1)
        #expect(try life.projects().map(\.name) == ["Garden"])
        #expect(try life.projects(includeArchived: true).map(\.name) == ["Garden", "Shed"])
        #expect(try life.tasks().map(\.name) == ["Buy bulbs"])
        #expect(try life.tasks(project: "Shed").map(\.name) == ["Paint"], "asked for, an archived project shows its tasks")
        #expect(try life.tasks(includeArchived: true).count == 2)
        #expect(try life.containerConflicts().isEmpty)
        let added = try life.addTask("Fix the door", project: "Shed")
        #expect(added.outcome == .created)
        #expect(try life.projects().map(\.name) == ["Garden", "Shed"])
        #expect(Set(try life.tasks().map(\.name)) == ["Buy bulbs", "Paint", "Fix the door"])
    }

    @Test func doneEditRemoveAndTellingTasksApart() throws {
        let (life, clock) = try world.privateLife()
        _ = try life.addTask("Buy paint", project: "Home")
        _ = try life.addTask("Buy paint", project: "Garden")
        let ambiguous = OursError.caught { _ = try life.taskDone("buy paint") }
        #expect(ambiguous?.kind == .usage)
        #expect(ambiguous?.message == "\"buy paint\" matches several open tasks: Buy paint (Garden), Buy paint (Home)")
        #expect(ambiguous?.hint?.hasPrefix("Say which with --project (Garden, Home), or use the id: ") == true)
        clock.advance(by: 60_000)
        let done = try life.taskDone("buy paint", project: "home")
        #expect(done.project == "Home")
        #expect(try life.doneTasks().map(\.project) == ["Home"])
        #expect(try life.doneTasks(since: SharedFolderWorld.friday + 120_000).isEmpty)

        let edited = try life.editTask(
            "buy paint", project: "Garden", .init(due: .set("2025-03-20"), priority: .set(2), note: .set("white")))
        #expect(edited.task.due?.description == "2025-03-20")
        #expect(edited.task.priority == 2)
        #expect(edited.task.note == "white")
        let cleared = try life.editTask("buy paint", project: "Garden", .init(priority: .clear))
        #expect(cleared.task.priority == nil)
        let moved = try life.editTask("buy paint", project: "Garden", .init(name: "Buy white paint", project: .set("Shed")))
        #expect(moved.task.project == "Shed")
        #expect(moved.task.id == SemanticID.task(named: "Buy white paint", project: "Shed"))
        #expect(moved.task.note == "white")
        #expect(try life.tasks(project: "Garden").isEmpty)
        // An open task is preferred over a done one of the same title.
        _ = try life.addTask("Buy paint")
        #expect(try life.task(named: "buy paint").project == nil)
        let removed = try life.deleteTask("buy white")
        #expect(removed.name == "Buy white paint")
        #expect(try life.tasks().map(\.name) == ["Buy paint"])
    }

    @Test func deletingAProjectTakesItsTasksAndRestoringBringsThemBack() throws {
        let (life, clock) = try world.privateLife()
        _ = try life.addTask("Paint", project: "Shed")
        _ = try life.addTask("Roof", project: "Shed")
        let refused = OursError.caught { _ = try life.deleteProject("shed", confirmed: false) }
        #expect(refused?.kind == .usage, "a missing --yes is a usage error (exit 2)")
        clock.advance(by: 1_000)
        let deleted = try life.deleteProject("shed", confirmed: true)
        #expect(deleted.tasks == 2)
        #expect(try life.projects(includeArchived: true).isEmpty)
        #expect(try life.tasks().isEmpty)
        let restored = try life.restore(.project, "shed")
        #expect(Set(restored.alongside.map(\.record.name)) == ["Paint", "Roof"])
        #expect(try life.tasks(project: "Shed").count == 2)
    }
}
