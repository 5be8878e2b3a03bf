import Foundation
import OursTestSupport
import Testing

/// Households outlive versions: a device still on the previous build keeps showing the tasks
/// and items this build writes — under their projects and lists, with what it knows of them —
/// and what it writes is read here.
@Suite(
    "End to end: mixed versions, everyday records",
    .needsPreviousBuild, .tags(.slow), .fullLoopOnly)
struct MixedVersionEverydayTests {
    /// Sarah on the previous build made the household; Mike on this build joined it.
    func household() throws -> (world: World, sarah: SimulatedDevice, mike: SimulatedDevice) {
        let world = World()
        let previous = try #require(PreviousBuild.url, Comment(rawValue: PreviousBuild.missing))
        let sarah = try world.device("Sarah", binary: previous)
        try sarah.ok("household", "create", "Home", "--folder", world.shared)
        let code = try sarah.ok("invite", "--json").object["code"] as? String ?? ""
        let mike = try world.device("Mike")
        try mike.ok("join", code, "--folder", world.shared)
        return (world, sarah, mike)
    }

    /// `ours tasks --json` on any version: name → project.
    func tasks(_ device: SimulatedDevice) throws -> [String: String] {
        let tasks = try device.ok("tasks", "--json").array
        return Dictionary(uniqueKeysWithValues: tasks.map { ($0["name"] as? String ?? "?", $0["project"] as? String ?? "-") })
    }

    @Test func anOlderDeviceKeepsShowingTasksUnderTheirProjects() throws {
        let (world, sarah, mike) = try household()
        defer { withExtendedLifetime(world) {} }
        try mike.ok("task", "add", "Fix the tap", "--project", "Home", "--note", "the washer")
        try mike.ok("project", "add", "Garden", "--color", "green")
        try mike.ok("task", "add", "Weed", "--project", "Garden")
        try mike.ok("task", "add", "Buy bulbs", "--project", "Garden")
        try mike.ok("project", "edit", "Garden", "--name", "Back garden")
        try mike.ok("task", "edit", "Buy bulbs", "--move-to", "Home", "--priority", "1")
        try mike.ok("task", "add", "Paint", "--project", "Shed")
        try mike.ok("task", "rm", "Paint")
        try sarah.ok("sync")
        #expect(try tasks(sarah) == ["Fix the tap": "Home", "Weed": "Back garden", "Buy bulbs": "Home"])
        #expect(try sarah.ok("tasks", "--project", "Back garden", "--json").array.count == 1)
        try sarah.ok("task", "done", "Weed")

        // What the previous build writes is read here: a task under a project by its name.
        try sarah.ok("task", "add", "Mow", "--project", "back garden")
        try mike.ok("sync")
        #expect(try tasks(mike) == ["Fix the tap": "Home", "Buy bulbs": "Home", "Mow": "back garden"])
        let garden = try mike.ok("project", "show", "Back garden", "--json").object
        #expect((garden["tasks"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }.sorted() == ["Mow", "Weed"])
        #expect(try mike.ok("tasks", "--done", "--json").array.first?["doneByName"] as? String == "Sarah")
    }

    @Test func anOlderDeviceKeepsShowingItemsThisBuildEditedTickedAndMoved() throws {
        let (world, sarah, mike) = try household()
        defer { withExtendedLifetime(world) {} }
        try mike.ok("add", "milk", "eggs", "flour")
        try mike.ok("check", "milk")
        try mike.ok("add", "milk")
        try mike.ok("item", "edit", "milk", "--qty", "2 l", "--category", "dairy")
        try mike.ok("item", "edit", "flour", "--move-to", "Baking")
        try mike.ok("check", "eggs")
        try mike.ok("plan", "2030-01-07", "dinner", "Soup", "--servings", "4", "--note", "the big pot")
        try sarah.ok("sync")

        let shown = try sarah.ok("list", "show", "--json").object["items"] as? [[String: Any]] ?? []
        let items = Dictionary(uniqueKeysWithValues: shown.map { ($0["name"] as? String ?? "?", $0) })
        #expect(Set(items.keys) == ["milk", "eggs"])
        #expect(items["milk"]?["checked"] as? Bool == false)
        #expect(items["milk"]?["qty"] as? String == "2 l")
        #expect(items["milk"]?["category"] as? String == "dairy")
        #expect(items["eggs"]?["checked"] as? Bool == true)
        let baking = try sarah.ok("list", "show", "Baking", "--json").object["items"] as? [[String: Any]] ?? []
        #expect(baking.compactMap { $0["name"] as? String } == ["flour"])
        let meals = try sarah.ok("meals", "--week", "2030-01-07", "--json").object["meals"] as? [[String: Any]] ?? []
        #expect(meals.compactMap { $0["name"] as? String } == ["Soup"])

        // The previous build ticks milk; this build's history shows it, with the earlier entries.
        try sarah.ok("check", "milk")
        try mike.ok("sync")
        let bought = try mike.ok("list", "history", "--json").array.map {
            "\($0["name"] as? String ?? "?") by \($0["byName"] as? String ?? "?")"
        }
        #expect(bought == ["milk by Sarah", "eggs by Mike", "milk by Mike"])
    }
}
