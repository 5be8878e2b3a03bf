import Foundation
import Testing

/// Memories with the real binary, as GrandparentMemories shared them: the grandparents keep
/// memories for their granddaughter, who joins with a read-only code and reads them.
@Suite("End to end: memories")
struct MemoriesTests {
    /// `ours memories --json` (optionally `--for PERSON`): title → memory.
    func memories(_ device: SimulatedDevice, for person: String? = nil) throws -> [String: [String: Any]] {
        let arguments = ["memories", "--json"] + (person.map { ["--for", $0] } ?? [])
        let listed = try device.run(arguments: arguments)
        #expect(listed.exitCode == 0, "\(device.name): \(listed)")
        return Dictionary(uniqueKeysWithValues: listed.array.map { ($0["name"] as? String ?? "?", $0) })
    }

    /// Grandma (the owner) and Grandpa (read-write) keep two memories for Lily, before she has
    /// a device; then Lily joins with a read-only code.
    func family(_ world: World) throws -> (grandma: SimulatedDevice, grandpa: SimulatedDevice, lily: SimulatedDevice) {
        let devices = try world.household(owner: "Grandma", members: [("Grandpa", false)])
        let (grandma, grandpa) = (devices[0], devices[1])
        try grandma.ok(
            "memory", "add", "First steps", "--date", "2019-06-02", "--for", "Lily", "--note", "She let go of the sofa.")
        try grandpa.ok("sync")
        try grandpa.ok("memory", "add", "Day at the sea", "--date", "2021-08-14", "--for", "lily")
        try grandpa.ok("memory", "edit", "first steps", "--note", "She let go of the sofa and walked to me.")
        try grandma.ok("sync")
        let code = try grandma.ok("invite", "--read-only", "--json").object["code"] as? String ?? ""
        let lily = try world.device("Lily")
        try lily.ok("join", code, "--folder", world.shared)
        try grandma.ok("sync")  // learns that Lily joined
        return (grandma, grandpa, lily)
    }

    @Test func grandparentsKeepMemoriesAndTheGrandchildReadsThem() throws {
        let world = World()
        let (grandma, grandpa, lily) = try family(world)
        let seen = try memories(lily)
        #expect(Set(seen.keys) == ["First steps", "Day at the sea"])
        #expect(seen["First steps"]?["note"] as? String == "She let go of the sofa and walked to me.", "Grandpa's edit")
        #expect(seen["First steps"]?["addedByName"] as? String == "Grandma")
        #expect(seen["Day at the sea"]?["addedByName"] as? String == "Grandpa")
        #expect(Set(try memories(lily, for: "me").keys) == ["First steps", "Day at the sea"], "her name was written as text")
        let listed = try lily.ok("memories").stdout
        #expect(listed.contains("2 Jun 2019") && listed.contains("14 Aug 2021"), "\(listed)")

        // Now that she is a member, a memory for her names her by participant id.
        try grandma.ok("memory", "add", "Her own garden", "--for", "Lily", "--date", "2025-04-05")
        try lily.ok("sync")
        let garden = try #require(try memories(lily, for: "me")["Her own garden"])
        #expect(garden["for"] as? String != "Lily" && garden["forName"] as? String == "Lily")
        #expect(try lily.ok("memory", "show", "garden").stdout.hasPrefix("Her own garden  "))

        // Reading is all a read-only member may do.
        for attempt in [
            ["memory", "add", "My drawing"], ["memory", "edit", "first", "--note", "I remember!"],
            ["memory", "rm", "first", "--yes"], ["memory", "rm", "first"],
        ] {
            let refused = try lily.run(arguments: attempt)
            #expect(refused.exitCode == 3, "\(attempt): \(refused)")
            #expect(refused.stderr.contains("read-only access"), "\(refused.stderr)")
            #expect(refused.stderr.contains("Ask Grandma (the owner)"), "\(refused.stderr)")
        }
        try grandpa.ok("sync")
        #expect(try memories(grandpa).count == 3, "nothing of Lily's attempts reached anyone")
        #expect(try memories(grandpa)["First steps"]?["note"] as? String == "She let go of the sofa and walked to me.")
    }

    /// A memory with its pictures: Grandma adds two photos with it; Lily, read-only, sees them
    /// listed and saves a copy whose bytes are the photo's; a photo path that is not there
    /// writes nothing at all.
    @Test func aMemoryKeepsItsPhotosAndTheGrandchildSavesThem() throws {
        let world = World()
        let (grandma, _, lily) = try family(world)
        let beach = AttachmentTests.photo(world, "IMG_2041.jpg", size: 1_200_000, seed: 3)
        let castle = AttachmentTests.photo(world, "IMG_2042.jpg", size: 900_000, seed: 4)
        let missing = try grandma.run("memory", "add", "Lost one", "--photo", world.root + "/nowhere.jpg")
        #expect(missing.exitCode == 4 && missing.stderr.contains("nowhere.jpg"), "\(missing)")
        let added = try grandma.ok("memory", "add", "Sandcastle", "--for", "Lily", "--photo", beach, "--photo", castle, "--json")
        let photos = try #require((added.json as? [String: Any])?["photos"] as? [[String: Any]], "\(added)")
        #expect(photos.map { $0["name"] as? String } == ["IMG_2041.jpg", "IMG_2042.jpg"])
        #expect(photos.map { $0["size"] as? Int } == [1_200_004, 900_004])

        try lily.ok("sync")
        let seen = try #require(try memories(lily)["Sandcastle"])
        #expect((seen["photos"] as? [[String: Any]])?.count == 2)
        #expect(try memories(lily)["Lost one"] == nil, "the memory whose photo was missing was not written")
        let shown = try lily.ok("memory", "show", "sandcastle").stdout
        #expect(shown.contains("Photo IMG_2041.jpg (") && shown.contains("Photo IMG_2042.jpg ("), "\(shown)")
        #expect(shown.components(separatedBy: "): here").count == 3, "both here on Lily's device: \(shown)")
        let id = try #require(photos[0]["attachment"] as? String)
        try lily.ok("attachment", "save", String(id.prefix(12)), "--out", world.root + "/lily.jpg")
        #expect(FileManager.default.contentsEqual(atPath: world.root + "/lily.jpg", andPath: beach))

        // An edit replaces the photos, or takes them off; Lily, read-only, cannot.
        #expect(try lily.run("memory", "edit", "Sandcastle", "--photo", "none").exitCode == 3)
        try grandma.ok("memory", "edit", "Sandcastle", "--photo", castle)
        try lily.ok("sync")
        #expect(
            (try memories(lily)["Sandcastle"]?["photos"] as? [[String: Any]])?.map { $0["name"] as? String } == ["IMG_2042.jpg"])
        try grandma.ok("memory", "edit", "Sandcastle", "--photo", "none")
        try lily.ok("sync")
        #expect(try memories(lily)["Sandcastle"]?["photos"] == nil, "no photos left")
    }

    @Test func aDeletedMemoryIsRestoredForEveryone() throws {
        let world = World()
        let (grandma, grandpa, lily) = try family(world)
        try grandpa.ok("memory", "rm", "day at the sea", "--yes")
        try lily.ok("sync")
        #expect(Set(try memories(lily).keys) == ["First steps"])
        try grandma.ok("sync")
        let deleted = try grandma.ok("deleted", "--type", "memory", "--json").array
        #expect(deleted.first?["name"] as? String == "Day at the sea")
        #expect(deleted.first?["deletedByName"] as? String == "Grandpa")
        #expect(deleted.first?["context"] as? String == "2021-08-14")
        try grandma.ok("restore", "memory", "Day at the sea")
        try lily.ok("sync")
        let back = try #require(try memories(lily)["Day at the sea"])
        #expect(back["date"] as? String == "2021-08-14" && back["forName"] as? String == "lily", "as it was")
    }

    @Test func anExportImportedIntoANewHouseholdKeepsTheMemories() throws {
        let world = World()
        let (grandma, _, _) = try family(world)
        try grandma.ok("memory", "add", "Her own garden", "--for", "Lily", "--note", "Sunflowers\ntaller than her")
        let before = try memories(grandma)
        let file = world.root + "/memories.json"
        try grandma.ok("export", "--out", file)
        let markdown = try grandma.ok("export", "--format", "markdown").stdout
        #expect(markdown.contains("## Memories\n\n### Her own garden\n\n*for Lily*\n\nSunflowers\ntaller than her\n"))

        let other = World()
        let aunt = try other.device("Aunt May")
        let imported = try aunt.ok("import", file, "--new-household", "May's", "--folder", other.shared, "--json")
        #expect((imported.object["types"] as? [String: [String: Int]])?["memory"]?["created"] == 3, "\(imported.stdout)")
        let after = try memories(aunt)
        #expect(Set(after.keys) == Set(before.keys))
        for (title, memory) in before {
            for field in ["id", "note", "date", "for", "addedAt"] {
                #expect(after[title]?[field] as? String == memory[field] as? String, "\(title) \(field)")
            }
        }
        #expect(after["Her own garden"]?["forName"] as? String == "Lily", "her name travels with her id")
        #expect(Set(try memories(aunt, for: "Lily").keys) == ["First steps", "Day at the sea", "Her own garden"])
    }
}
