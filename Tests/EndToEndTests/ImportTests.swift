import Foundation
import Testing

/// `ours import` with the real binary: an export of one household taken into another, and into
/// a household started for it.
@Suite("End to end: import")
struct ImportTests {
    /// Counts by type from `ours import --json`: type → [created, updated, unchanged].
    func counts(_ result: RunResult) -> [String: [Int]] {
        let types = result.object["types"] as? [String: [String: Int]] ?? [:]
        return types.mapValues { [$0["created"] ?? -1, $0["updated"] ?? -1, $0["unchanged"] ?? -1] }
    }

    /// Sarah and Mike's household, exported to a file.
    func export(_ world: World) throws -> String {
        let devices = try world.household()
        let (sarah, mike) = (devices[0], devices[1])
        try sarah.ok("sync")  // learns that Mike joined
        try sarah.ok("add", "milk", "eggs", "--qty", "2")
        try sarah.ok("recipe", "add", "Pancakes", "-i", "2 cups flour", "-i", "2 eggs", "--servings", "4")
        try sarah.ok("recipe", "to-list", "Pancakes")
        try sarah.ok("chore", "add", "Bins", "--every", "tuesday", "--rotate", "Sarah,Mike", "--note", "blue bin")
        try mike.ok("sync")
        try mike.ok("chore", "done", "Bins")
        try mike.ok("task", "add", "Fix the tap", "--project", "Home")
        try mike.ok("record", "put", "widget", "w1", "--fields", #"{"size": 2.50}"#)
        let file = world.root + "/backup.json"
        try mike.ok("export", "--out", file)
        return file
    }

    @Test func anExportFromAnotherHouseholdIsMergedAndASecondImportChangesNothing() throws {
        let source = World()
        let file = try export(source)
        let world = World()
        let devices = try world.household(owner: "Ana", members: [("Ben", false)])
        let (ana, ben) = (devices[0], devices[1])
        try ana.ok("add", "milk", "--qty", "1 l", "--note", "oat")
        try ana.ok("add", "bread")

        let first = try ana.ok("import", file, "--json")
        #expect(
            counts(first) == [
                "list": [0, 0, 1], "item": [2, 1, 0], "recipe": [1, 0, 0], "chore": [1, 0, 0], "task": [1, 0, 0],
                "widget": [1, 0, 0], "project": [1, 0, 0],
                // Egg and flour are new here; milk's use count gains the other household's uses.
                "ingredient": [2, 1, 0],
            ], "\(first.stdout)")
        #expect(first.object["created"] as? Int == 9)
        #expect(first.object["updated"] as? Int == 2)
        #expect((first.object["from"] as? [String: Any])?["name"] as? String == "Home")
        let second = try ana.ok("import", file, "--json")
        #expect(second.object["created"] as? Int == 0)
        #expect(second.object["updated"] as? Int == 0)
        #expect(second.object["unchanged"] as? Int == 12, "\(second.stdout)")
        let table = try ana.ok("import", file).stdout.split(separator: "\n")
        #expect(table.last?.split(separator: " ") == ["total", "0", "0", "12"], "\(table)")

        // Ordinary writes: the other member's device merges them like any edit.
        try ben.ok("sync")
        let items = try ben.ok("list", "show", "--json").object["items"] as? [[String: Any]] ?? []
        let milk = items.first { $0["name"] as? String == "milk" }
        #expect(milk?["qty"] as? String == "2", "the file's value where it differed")
        #expect(milk?["note"] as? String == "oat", "what the file does not have is left alone")
        #expect(items.count == 4, "milk, eggs, flour from the recipe, and bread")
        let log = try ben.ok("chore", "log", "Bins", "--json").object["completions"] as? [[String: Any]] ?? []
        #expect(log.count == 1, "the chore's log came along")
        #expect(try ben.get("widget", "w1")["size"] as? Double == 2.5)
    }

    @Test func anExportTakenIntoANewHouseholdAndBadFilesRefusedBeforeAnythingIsWritten() throws {
        let source = World()
        let file = try export(source)
        let world = World()
        let ana = try world.device("Ana")
        let created = try ana.ok("import", file, "--new-household", "Copy", "--folder", world.shared)
        #expect(created.stdout.hasPrefix("Created Copy.\nImported "), "\(created.stdout)")
        #expect(try ana.ok("household", "show", "--json").object["name"] as? String == "Copy")
        #expect(try ana.ok("chores", "--json").array.first?["note"] as? String == "blue bin")
        let before = try ana.ok("status", "--json").object["records"] as? Int

        world.write(world.root + "/newer.json", #"{"format": "ours-household", "version": 2, "records": {}}"#)
        let newer = try ana.run("import", world.root + "/newer.json")
        #expect(newer.exitCode == 1)
        #expect(newer.stderr.contains("was exported by a newer version of ours (export version 2"))
        var text = world.text(file)
        text = text.replacingOccurrences(of: "\"name\" : \"Fix the tap\"", with: "\"name\" : 7")
        text = text.replacingOccurrences(of: "\"name\": \"Fix the tap\"", with: "\"name\": 7")
        world.write(world.root + "/broken.json", text + "\n")
        let broken = try ana.run("import", world.root + "/broken.json")
        #expect(broken.exitCode == 2)
        #expect(broken.stderr.contains("records.task[0] ("), "\(broken.stderr)")
        #expect(broken.stderr.contains(") is not a readable task"))
        let notExport = try ana.run("import", world.root + "/shared")
        #expect(notExport.exitCode != 0)
        #expect(try ana.ok("status", "--json").object["records"] as? Int == before, "nothing was written")
        let usage = try ana.run("import", file, "--folder", world.shared)
        #expect(usage.exitCode == 2)
    }
}
