import Foundation
import OursTestSupport
import Testing

/// An owner recovers the household on a new device with this build while a member's device is
/// still on the previous build, which knows nothing of recovery codes (docs/FORMAT.md, "Devices
/// on an earlier version").
@Suite(
    "End to end: recovery across versions",
    .needsPreviousBuild, .tags(.slow), .fullLoopOnly)
struct MixedVersionRecoveryTests {
    @Test func aPreviousBuildKeepsSyncingThroughARecoveryAndAgreesOnceUpdated() throws {
        let previous = try #require(PreviousBuild.url, Comment(rawValue: PreviousBuild.missing))
        let world = World()
        let sarah = try world.device("Sarah")
        let created = try sarah.ok("household", "create", "Home", "--folder", world.shared, "--json").object
        let code = try #require(created["recoveryCode"] as? String)
        let invite = try #require(try sarah.ok("invite", "--json").object["code"] as? String)
        var mike = try world.device("Mike", binary: previous)
        try mike.ok("join", invite, "--folder", world.shared)
        try sarah.ok("add", "milk")
        try mike.ok("sync")
        try FileManager.default.removeItem(atPath: sarah.home)  // her only device is gone

        let laptop = SimulatedDevice(name: "SarahLaptop", home: world.root + "/home-sarahlaptop")
        let recovered = try laptop.ok("household", "recover", code, "--folder", world.shared, "--json").object
        #expect(recovered["role"] as? String == "owner", "\(recovered)")
        try laptop.ok("add", "eggs")

        // The previous build keeps syncing, with the same owner: a recovery keeps the owner's
        // person and changes only their device, which it does not take as hers.
        try mike.ok("add", "bread")
        for device in [mike, laptop, mike, laptop] { _ = try device.run("sync") }
        #expect(try mike.run("sync").exitCode == 0, "the previous build keeps syncing")
        #expect(try mike.members()["Sarah"]?["role"] as? String == "owner")
        let members = try mike.members()
        #expect(members.count == 2, "nobody new: \(members.keys.sorted())")
        #expect(Set(try mike.itemNames() ?? []) == ["milk", "bread"], "what the previous build cannot show: the laptop's eggs")
        #expect(Set(try laptop.itemNames() ?? []) == ["milk", "bread", "eggs"], "this build takes the old device's writes")
        #expect(try laptop.members()["Sarah"]?["role"] as? String == "owner")

        // Once updated, it agrees as soon as the laptop next writes the household's documents
        // (or after the write-loop pause, docs/ARCHITECTURE.md): the recovered owner removes Mike.
        mike.binary = OursBinary.url
        for device in [mike, laptop, mike] { _ = try device.run("sync") }
        try laptop.ok("members", "remove", "Mike", "--yes")
        #expect(try mike.run("sync").exitCode == 3, "Mike's device takes the recovered owner's removal")
        let laptopID = try laptop.run("init", "--name", "Sarah", "--json").object["deviceId"] as? String ?? "?"
        let copy = try mike.run("--household", "Home", "members", "--json").array
        let sarahs = copy.first { $0["name"] as? String == "Sarah" }
        #expect(sarahs?["role"] as? String == "owner")
        #expect(sarahs?["devices"] as? [String] == [laptopID], "the laptop is Sarah's only device: \(String(describing: sarahs))")
    }
}
