import Foundation
import OursSync
import Testing

/// A household's folder that moves (a sync tool's folder relocated, a new mount point) is
/// followed with `ours household folder PATH`, through the built binary: nothing joined again,
/// nothing lost.
@Suite("Following a household folder that moved")
struct FolderMoveTests {
    func put(_ device: SimulatedDevice, _ id: String, _ name: String) throws {
        let put = try device.run("record", "put", "item", id, "--fields", #"{"name": "\#(name)"}"#)
        #expect(put.exitCode == 0, "\(put)")
    }

    func name(_ device: SimulatedDevice, _ id: String) throws -> String? {
        try device.run("record", "get", "item", id, "--json").object["name"] as? String
    }

    @Test func aMovedFolderIsFollowedAndChangesMadeWhileItWasAwayReachIt() throws {
        let world = World()
        let devices = try world.household()
        let (sarah, mike) = (devices[0], devices[1])
        try put(sarah, "milk", "Milk")
        #expect(try mike.run("sync").exitCode == 0)
        let directory = lastComponent(world.zone)
        let moved = world.root + "/moved/Ours"
        try FileManager.default.createDirectory(atPath: world.root + "/moved", withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: world.shared, toPath: moved)

        // Sarah keeps writing while her device still looks at the old place.
        try put(sarah, "eggs", "Eggs")
        try put(sarah, "milk", "Oat milk")
        #expect(try sarah.run("sync").exitCode == 5, "the old place is gone")

        let followed = try sarah.run("household", "folder", moved, "--json")
        #expect(followed.exitCode == 0, "\(followed)")
        #expect(followed.object["folder"] as? String == moved)
        #expect(followed.object["directory"] as? String == directory)
        #expect(followed.object["previousFolder"] as? String == world.shared)
        #expect(followed.object["moved"] as? Bool == true)
        #expect(
            FileManager.default.fileExists(
                atPath: moved + "/" + directory + "/records/item/"
                    + ZoneLayout.relativePath(of: try RecordKey(type: "item", id: "eggs")).dropFirst("item/".count)))

        // Mike points at the household's folder itself; he is still one member.
        let mikeFollows = try mike.run("household", "folder", moved + "/" + directory)
        #expect(mikeFollows.exitCode == 0, "\(mikeFollows)")
        #expect(mikeFollows.stdout.contains("now followed at \(moved)/\(directory)"), "\(mikeFollows)")
        #expect(try name(mike, "eggs") == "Eggs")
        #expect(try name(mike, "milk") == "Oat milk")
        #expect(try mike.run("members", "--json").array.count == 2, "nothing was joined again")
        try put(mike, "bread", "Bread")
        #expect(try sarah.run("sync").exitCode == 0)
        #expect(try name(sarah, "bread") == "Bread")

        let again = try sarah.run("household", "folder", moved)
        #expect(again.exitCode == 0 && again.stdout.contains("already followed"), "\(again)")
    }

    @Test func aRenamedHouseholdFolderIsRefusedUntilItsNameIsBack() throws {
        let world = World()
        let devices = try world.household()
        let (sarah, mike) = (devices[0], devices[1])
        let original = world.zone
        let directory = lastComponent(original)
        let renamed = world.shared + "/our-home"
        try FileManager.default.moveItem(atPath: original, toPath: renamed)
        try put(mike, "eggs", "Eggs")
        for path in [world.shared, renamed] {
            let refused = try mike.run("household", "folder", path)
            #expect(refused.exitCode == 1, "\(refused)")
            #expect(refused.stderr.contains(renamed) && refused.stderr.contains("Rename it back to \(directory)"), "\(refused)")
        }
        try FileManager.default.moveItem(atPath: renamed, toPath: original)
        #expect(try mike.run("household", "folder", world.shared).exitCode == 0)
        #expect(try sarah.run("sync").exitCode == 0)
        #expect(try name(sarah, "eggs") == "Eggs", "Mike's change made while the folder was away reached it")
        #expect(try sarah.run("members", "--json").array.count == 2)
    }

    @Test func anotherHouseholdAMissingPathOrADamagedZoneIsRefusedNamingThePath() throws {
        let world = World()
        let sarah = try world.household(members: [])[0]
        let original = world.zone
        let otherWorld = World()
        _ = try otherWorld.household(owner: "Tom", members: [])

        let other = try sarah.run("household", "folder", otherWorld.zone)
        #expect(other.exitCode == 1, "\(other)")
        #expect(other.stderr.contains(otherWorld.zone + "/zone.json") && other.stderr.contains("not \"Home\""), "\(other)")

        let missing = try sarah.run("household", "folder", world.root + "/nowhere")
        #expect(missing.exitCode == 5 && missing.stderr.contains(world.root + "/nowhere"), "\(missing)")

        let empty = world.root + "/empty"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let nothing = try sarah.run("household", "folder", empty)
        #expect(nothing.exitCode == 4 && nothing.stderr.contains(empty), "\(nothing)")

        let damaged = world.root + "/damaged/" + lastComponent(original)
        try FileManager.default.createDirectory(atPath: damaged, withIntermediateDirectories: true)
        world.write(damaged + "/zone.json", "{ not json")
        let broken = try sarah.run("household", "folder", damaged)
        #expect(broken.exitCode == 1 && broken.stderr.contains(damaged + "/zone.json"), "\(broken)")

        let shown = try sarah.run("household", "show", "--json")
        #expect(shown.object["folder"] as? String == world.shared, "nothing changed: \(shown)")
        #expect(try sarah.run("sync").exitCode == 0)
    }
}
