import Foundation
import OursTestSupport
import Testing

/// Membership changes the previous build judges differently — a rejoin it learns together with
/// the removal, a read-only member made read-write by a code — while devices on both builds
/// sync side by side: what the device on the previous build gets wrong, that the updated devices
/// agree among themselves, and that everyone agrees once it is updated (docs/FORMAT.md).
@Suite(
    "End to end: membership across versions",
    .needsPreviousBuild, .tags(.slow), .fullLoopOnly)
struct MixedVersionMembershipTests {
    func previous() throws -> URL {
        try #require(PreviousBuild.url, Comment(rawValue: PreviousBuild.missing))
    }

    func statuses(_ device: SimulatedDevice) throws -> [String: String] {
        try device.members().mapValues { $0["status"] as? String ?? "" }
    }

    /// The previous build rejects a rejoin it learns in the same pass as the removal, and
    /// writes `participants.json` back without it; once the rejoined device syncs again, every
    /// device (the old one too, which now knows the removal) agrees.
    @Test func aRejoinLearntAtOnceByAPreviousBuildHealsWhenTheRejoinedDeviceSyncsAgain() throws {
        let world = World()
        let (sarah, mike) = try {
            let devices = try world.household(members: [("Mike", readOnly: false)])
            return (devices[0], devices[1])
        }()
        let gran = try world.device("Gran", binary: try previous())
        let code = try #require(try sarah.ok("invite", "--json").object["code"] as? String)
        try gran.ok("join", code, "--folder", world.shared)
        for device in [sarah, mike, gran] { try device.ok("sync") }

        try sarah.ok("members", "remove", "Mike", "--yes")
        _ = try mike.run("sync")  // "You were removed"
        let again = try #require(try sarah.ok("invite", "--json").object["code"] as? String)
        try mike.ok("join", again, "--folder", world.shared)
        try mike.ok("add", "bread")
        _ = try gran.run("sync")  // the previous build: the removal and the rejoin at once
        #expect(try statuses(gran)["Mike"] == "removed", "what the previous build gets wrong")

        for device in [sarah, mike, sarah, gran, mike, sarah, gran] { _ = try device.run("sync") }
        for device in [sarah, mike, gran] {
            #expect(try statuses(device) == ["Sarah": "active", "Mike": "active", "Gran": "active"], "\(device.name)")
            #expect(try device.itemNames() == ["bread"], "\(device.name)")
        }
    }

    /// The previous build never admits a member's own upgrade: it keeps Gran read-only and
    /// ignores what she writes, while the updated devices agree she may write; once it is
    /// updated, it agrees too.
    @Test func anUpgradeIsIgnoredByAPreviousBuildUntilItIsUpdated() throws {
        let world = World()
        let (sarah, gran) = try {
            let devices = try world.household(members: [("Gran", readOnly: true)])
            return (devices[0], devices[1])
        }()
        var mike = try world.device("Mike", binary: try previous())
        let code = try #require(try sarah.ok("invite", "--json").object["code"] as? String)
        try mike.ok("join", code, "--folder", world.shared)
        for device in [sarah, gran, mike] { try device.ok("sync") }

        let upgrade = try #require(try sarah.ok("invite", "--json").object["code"] as? String)
        #expect(try gran.ok("join", upgrade, "--folder", world.shared, "--json").object["upgraded"] as? Bool == true)
        try gran.ok("add", "eggs")
        for device in [mike, gran, sarah, mike, sarah, gran] { _ = try device.run("sync") }
        for device in [sarah, gran] {
            #expect(try device.members()["Gran"]?["permission"] as? String == "readWrite", "\(device.name)")
            #expect(try device.itemNames() == ["eggs"], "\(device.name)")
        }
        #expect(try mike.members()["Gran"]?["permission"] as? String == "readOnly", "what the previous build gets wrong")

        mike.binary = OursBinary.url
        for device in [mike, sarah, gran, mike] { _ = try device.run("sync") }
        for device in [sarah, gran, mike] {
            #expect(try device.members()["Gran"]?["permission"] as? String == "readWrite", "\(device.name)")
            #expect(try device.itemNames() == ["eggs"], "\(device.name)")
        }
    }
}
