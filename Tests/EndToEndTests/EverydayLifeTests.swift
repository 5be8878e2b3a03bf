import Foundation
import Testing

/// Two devices, each running the built binary, racing over the everyday records while offline
/// from each other: nothing either of them did disappears from view, and what was deleted can
/// be brought back from any device.
@Suite("End to end: everyday records across two devices")
struct EverydayLifeTests {
    /// `ours tasks --json`: the open tasks' names.
    func openTasks(_ device: SimulatedDevice) throws -> [String] {
        try device.ok("tasks", "--json").array.compactMap { $0["name"] as? String }.sorted()
    }

    @Test func aTaskAddedToAProjectArchivedMeanwhileStaysInViewAndTheConflictIsListed() throws {
        let world = World()
        let devices = try world.household()
        let (sarah, mike) = (devices[0], devices[1])
        try sarah.ok("task", "add", "Paint the walls", "--project", "Shed")
        try mike.ok("sync")
        try world.offline {
            try sarah.ok("project", "archive", "Shed")
            try mike.ok("task", "add", "Fix the door", "--project", "Shed")
        }
        for device in [sarah, mike, sarah] { try device.ok("sync") }

        var ids: Set<String> = []
        for device in [sarah, mike] {
            #expect(try openTasks(device) == ["Fix the door"], "\(device.name): the task added meanwhile is in view")
            let all = try device.conflicts()
            let conflicts = all.filter { $0["kind"] as? String == "archiveLostToAddition" }
            #expect(conflicts.count == 1, "\(device.name): \(all)")
            let added = conflicts.first?["winningValue"] as? [[String: Any]] ?? []
            #expect(added.compactMap { $0["name"] as? String } == ["Fix the door"])
            ids.formUnion(conflicts.compactMap { $0["id"] as? String })
        }
        #expect(ids.count == 1, "one conflict id on every device")
        try mike.ok("conflicts", "restore", try #require(ids.first))
        for device in [mike, sarah] { try device.ok("sync") }
        for device in [sarah, mike] {
            #expect(try openTasks(device) == ["Fix the door", "Paint the walls"], "\(device.name): the project is back")
            #expect(try device.conflicts().isEmpty, "\(device.name)")
        }
    }

    @Test func aTaskAddedToAProjectDeletedMeanwhileKeepsItsProject() throws {
        let world = World()
        let devices = try world.household()
        let (sarah, mike) = (devices[0], devices[1])
        try sarah.ok("task", "add", "Paint the walls", "--project", "Shed")
        try mike.ok("sync")
        try world.offline {
            try sarah.ok("project", "rm", "Shed", "--yes")
            try mike.ok("task", "add", "Fix the door", "--project", "Shed")
        }
        for device in [sarah, mike, sarah] { try device.ok("sync") }
        for device in [sarah, mike] {
            #expect(try openTasks(device) == ["Fix the door"], "\(device.name)")
            let projects = try device.ok("project", "list", "--json").array
            #expect(projects.compactMap { $0["name"] as? String } == ["Shed"], "\(device.name)")
            #expect(projects.first?["keptBy"] as? [String] == ["Fix the door"], "\(device.name)")
            #expect(try device.conflicts().contains { $0["kind"] as? String == "deletionLostToAddition" }, "\(device.name)")
        }
    }

    @Test func twoDevicesTickingAndReAddingTheSameItemOfflineKeepEveryHistoryEntry() throws {
        let world = World()
        let devices = try world.household()
        let (sarah, mike) = (devices[0], devices[1])
        try sarah.ok("add", "milk")
        try mike.ok("sync")
        try world.offline {
            try sarah.ok("check", "milk")
            try sarah.ok("add", "milk")
            try mike.ok("check", "milk")
            try mike.ok("add", "milk")
        }
        for device in [sarah, mike, sarah] { try device.ok("sync") }

        for device in [sarah, mike] {
            let item = try device.ok("item", "show", "milk", "--json").object["item"] as? [String: Any] ?? [:]
            let history = (item["history"] as? [[String: Any]] ?? []).map {
                "\($0["event"] as? String ?? "?") by \($0["byName"] as? String ?? "?")"
            }
            #expect(history.count == 5, "\(device.name): \(history)")
            #expect(history.first == "added by Sarah")
            #expect(
                Set(history.dropFirst()) == ["checked by Sarah", "added by Sarah", "checked by Mike", "added by Mike"],
                "\(device.name): \(history)")
            #expect(item["addedByName"] as? String == "Sarah", "who first added it is kept")
            let bought = try device.ok("list", "history", "--json").array.compactMap { $0["byName"] as? String }
            #expect(bought.sorted() == ["Mike", "Sarah"], "\(device.name): both purchases are in the history")
            #expect(try device.conflicts().isEmpty, "\(device.name): nothing to settle")
        }
    }

    @Test func aDeletedItemRestoredOnOneDeviceIsBackOnTheOther() throws {
        let world = World()
        let devices = try world.household()
        let (sarah, mike) = (devices[0], devices[1])
        try sarah.ok("add", "salsa", "--qty", "2 jars", "--note", "the hot one")
        try sarah.ok("remove", "salsa")
        try mike.ok("sync")
        let deleted = try mike.ok("deleted", "--type", "item", "--json").array
        #expect(deleted.compactMap { $0["name"] as? String } == ["salsa"])
        #expect(deleted.first?["deletedByName"] as? String == "Sarah")
        #expect(deleted.first?["context"] as? String == "Groceries")

        let restored = try mike.ok("restore", "item", "sal", "--json").object
        #expect((restored["restored"] as? [String: Any])?["name"] as? String == "salsa")
        try sarah.ok("sync")
        for device in [sarah, mike] {
            let items = try device.ok("list", "show", "--json").object["items"] as? [[String: Any]] ?? []
            #expect(items.compactMap { $0["name"] as? String } == ["salsa"], "\(device.name)")
            #expect(items.first?["qty"] as? String == "2 jars", "\(device.name): as it was")
            #expect(items.first?["note"] as? String == "the hot one", "\(device.name)")
            #expect(try device.ok("deleted", "--json").array.isEmpty, "\(device.name)")
        }
    }
}
