import Foundation
import OursTestSupport
import Testing

/// A membership race beside a device on the previous build, which knows none of the rules for
/// actions taken at the same time: the updated devices decide as this build does, the household
/// keeps an owner who can act, nothing is stuck, and everyone agrees once the old device is
/// updated (docs/FORMAT.md, "Devices on an earlier version").
@Suite(
    "End to end: membership races across versions",
    .needsPreviousBuild, .tags(.slow), .fullLoopOnly)
struct MixedVersionRaceTests {
    @Test func aHandOverMeetingALeaveIsDecidedByTheUpdatedDevicesAndByEveryoneOnceUpdated() throws {
        let previous = try #require(PreviousBuild.url, Comment(rawValue: PreviousBuild.missing))
        let world = World()
        let copies = FolderCopies(world)
        let sarah = try world.device("Sarah")
        try sarah.ok("household", "create", "Home", "--folder", copies.path(of: sarah))
        var gran = try world.device("Gran", binary: previous)
        let mike = try world.device("Mike")
        var devices = [sarah, mike, gran]
        for member in [mike, gran] {
            let code = try sarah.ok("invite", "--json").object["code"] as? String ?? ""
            let folder = copies.path(of: member)
            copies.settle()
            try member.ok("join", code, "--folder", folder)
            copies.settle()
        }
        func settle() throws {
            for _ in 0..<5 {
                copies.settle()
                for device in devices { _ = try device.run("sync") }
            }
            copies.settle()
        }
        try settle()

        try sarah.ok("household", "transfer", "Mike")
        try mike.ok("household", "leave", "--yes")
        try settle()
        let seen = try sarah.members()
        #expect(seen["Sarah"]?["role"] as? String == "owner" && seen["Mike"]?["status"] as? String == "left", "\(seen)")
        #expect(try sarah.run("invite", "--json").exitCode == 0, "the owner can act beside the previous build")
        for device in devices {
            let sync = try device.run("sync")
            #expect(sync.exitCode == 0 || device.name == "Mike", "\(device.name) is not stuck: \(sync)")
        }

        gran.binary = OursBinary.url  // Gran's device is updated
        devices[2] = gran
        try settle()
        for device in [sarah, gran] {
            let people = try device.members()
            #expect(people["Sarah"]?["role"] as? String == "owner", "\(device.name): \(people)")
            #expect(people["Mike"]?["status"] as? String == "left", "\(device.name): \(people)")
            #expect(people["Mike"]?["role"] as? String == "member", "\(device.name): \(people)")
        }
    }
}
