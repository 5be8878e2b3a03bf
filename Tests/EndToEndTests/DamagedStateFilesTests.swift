import Foundation
import Testing

/// Issue 32: a damaged file in the device's state directory is mended by `ours doctor --fix`,
/// which says what it did; nothing the device holds is lost on the way.
@Suite("End to end: damaged state files")
struct DamagedStateFilesTests {
    /// A hand edit leaves `households.json` without valid JSON (a trailing comma): every
    /// command says so and points to `ours doctor --fix`, which sets the file aside and lists
    /// the household again, where it was.
    @Test func doctorFixListsTheHouseholdsOfABrokenListAgain() throws {
        let world = World()
        let (sarah, mike) = try world.sarahAndMike()
        let list = sarah.home + "/households.json"
        let id = try sarah.householdID()
        world.replace(in: list, #""status": "active""#, with: #""status": "active","#)

        let refused = try sarah.run("status")
        #expect(refused.exitCode == 1, "\(refused)")
        #expect(
            refused.stderr.contains("households.json is damaged") && refused.stderr.contains("ours doctor --fix"), "\(refused)")
        let fixed = try sarah.run("doctor", "--fix", "--json")
        #expect(fixed.exitCode == 0, "\(fixed)")
        let lines = fixed.object["fixed"] as? [String] ?? []
        #expect(lines.contains { $0.hasPrefix("the list of households was damaged") && $0.hasSuffix("copies: Home") }, "\(lines)")
        #expect(world.text(list + ".damaged").contains(#""status": "active","#), "the damaged file is kept")

        let status = try sarah.ok("status", "--json").object
        #expect(status["folder"] as? String == world.shared, "\(status)")
        #expect(status["role"] as? String == "owner" && status["permission"] as? String == "readWrite", "\(status)")
        #expect(try sarah.householdID() == id)
        try sarah.ok("record", "put", "item", "milk", "--fields", #"{"qty": 4}"#)
        try mike.ok("sync")
        #expect(try mike.get("item", "milk")["qty"] as? Int == 4)
    }

    /// A `households.json` of which nothing can be read: `ours doctor --fix` says which
    /// household it could not list again, and pointing the device at its folder lists it.
    @Test func aHouseholdWhoseEntryIsLostIsListedAgainByPointingAtItsFolder() throws {
        let world = World()
        let (sarah, _) = try world.sarahAndMike()
        let id = try sarah.householdID()
        world.write(sarah.home + "/households.json", [0, 0, 0, 0])

        let fixed = try sarah.run("doctor", "--fix")
        #expect(fixed.exitCode == 1, "one household is left to point at: \(fixed)")
        #expect(fixed.stdout.contains("Home (\(id)) is not listed again"), "\(fixed)")
        #expect(fixed.stdout.contains("ours --household \(id) household folder PATH"), "\(fixed)")
        let followed = try sarah.run("--household", id, "household", "folder", world.shared)
        #expect(followed.exitCode == 0, "\(followed)")
        #expect(followed.stdout.contains("Home is listed on this device again"), "\(followed)")
        #expect(try sarah.get("item", "milk")["name"] as? String == "Milk")
        #expect(try sarah.run("doctor").exitCode == 0)
    }

    /// A folder index that is not one: the next sync reads every file again, says so, and
    /// writes it anew; `ours doctor` reports one and `--fix` removes it.
    @Test func aDamagedFolderIndexIsReadAgainFromTheFolder() throws {
        let world = World()
        let (sarah, mike) = try world.sarahAndMike()
        let index = sarah.home + "/replicas/" + (try sarah.householdID()) + "/folder-index"
        world.write(index, "not an index\n")
        let doctor = try sarah.run("doctor")
        #expect(doctor.exitCode == 1 && doctor.stdout.contains("folder-index"), "\(doctor)")
        let fixed = try sarah.run("doctor", "--fix", "--json")
        #expect(fixed.exitCode == 0, "\(fixed)")
        #expect((fixed.object["fixed"] as? [String] ?? []).contains { $0.hasPrefix("removed \(index)") }, "\(fixed)")
        #expect(world.text(index).hasPrefix("ours-folder-index"), "the sync doctor --fix ran wrote it again")

        world.write(index, "not an index\n")
        try mike.ok("record", "put", "item", "bread", "--fields", #"{"name": "Bread"}"#)
        let synced = try sarah.run("sync", "--json")
        #expect(synced.exitCode == 0, "\(synced)")
        let problems = synced.object["problems"] as? [[String: Any]] ?? []
        #expect(
            problems.contains { $0["kind"] as? String == "unreadableStateFile" && $0["path"] as? String == index }, "\(synced)")
        #expect(try sarah.get("item", "bread")["name"] as? String == "Bread")
        #expect(world.text(index).hasPrefix("ours-folder-index"))
    }
}
