import Foundation
import OursTestSupport
import Testing

/// Chores written by this build on a device still running the previous one, and the other way
/// round: the older device lists every chore with a sensible next due date, and what it does
/// to them counts here.
@Suite(
    "End to end: chores across versions",
    .needsPreviousBuild, .tags(.slow), .fullLoopOnly)
struct ChoreMixedVersionTests {
    func chores(_ device: SimulatedDevice) throws -> [String: [String: Any]] {
        let listed = try device.ok("chores", "--json").array
        return Dictionary(uniqueKeysWithValues: listed.map { ($0["name"] as? String ?? "?", $0) })
    }

    /// Sarah on this build, Mike still on the previous one.
    func household(_ world: World) throws -> (sarah: SimulatedDevice, mike: SimulatedDevice) {
        let previous = try #require(PreviousBuild.url, Comment(rawValue: PreviousBuild.missing))
        let sarah = try world.device("Sarah").with("TZ", "Europe/Berlin")
        try sarah.ok("household", "create", "Home", "--folder", world.shared)
        let code = try sarah.ok("invite", "--json").object["code"] as? String ?? ""
        let mike = try world.device("Mike", binary: previous).with("TZ", "Europe/Berlin")
        try mike.ok("join", code, "--folder", world.shared)
        try sarah.ok("sync")
        return (sarah, mike)
    }

    @Test func anOlderDeviceListsChoresThisBuildWroteWithTheirNextDueDates() throws {
        let world = World()
        let (sarah, mike) = try household(world)
        try sarah.ok("chore", "add", "Rent", "--every", "the 1st")
        try sarah.ok("chore", "add", "Recycling", "--every", "mon,thu", "--fixed", "--rotate", "Sarah,Mike")
        try sarah.ok("chore", "add", "Filter", "--every", "monthly")
        try sarah.ok("chore", "add", "Gutters", "--every", "every 3 months")
        try sarah.ok("chore", "done", "Filter")
        try sarah.ok("chore", "done", "Recycling")
        try sarah.ok("chore", "pause", "Gutters")
        try mike.ok("sync")
        let here = try chores(sarah)
        let there = try chores(mike)
        #expect(Set(there.keys) == ["Rent", "Recycling", "Filter", "Gutters"], "every chore is listed")
        for name in ["Rent", "Recycling", "Filter"] {
            #expect(there[name]?["nextDue"] as? String == here[name]?["nextDue"] as? String, "\(name)")
        }
        #expect(there["Rent"]?["every"] as? String == "30d")
        #expect(there["Recycling"]?["every"] as? String == "84h")
        #expect(there["Recycling"]?["assigneeName"] as? String == "Mike", "the rotation's next person")
        #expect(there["Filter"]?["lastDone"] != nil)
        #expect(there["Gutters"]?["paused"] == nil, "an older device cannot show that it is paused")
    }

    @Test func whatAnOlderDeviceDoesToAChoreCountsHere() throws {
        let world = World()
        let (sarah, mike) = try household(world)
        try sarah.ok("chore", "add", "Recycling", "--every", "mon,thu", "--fixed", "--rotate", "Sarah,Mike")
        try sarah.ok("chore", "add", "Hoovering", "--every", "2 weeks")
        try mike.ok("sync")
        try mike.ok("chore", "done", "Recycling")
        try mike.ok("chore", "add", "Hoovering", "--every", "3d")
        try sarah.ok("sync")
        let log = try sarah.ok("chore", "log", "Recycling", "--json").object["completions"] as? [[String: Any]] ?? []
        #expect(log.count == 1)
        #expect(log.first?["byName"] as? String == "Mike")
        #expect(log.first?["legacy"] as? Bool == true)
        let here = try chores(sarah)
        #expect(here["Recycling"]?["assigneeName"] as? String == "Mike", "the older device's completion moved it on")
        #expect(here["Hoovering"]?["rule"] as? String == "every 3 days", "the older device's new interval wins")
        try sarah.ok("chore", "done", "Recycling")
        let after = try sarah.ok("chore", "log", "Recycling", "--json").object["completions"] as? [[String: Any]] ?? []
        #expect(after.map { $0["byName"] as? String } == ["Sarah", "Mike"])
        #expect(try chores(sarah)["Recycling"]?["assigneeName"] as? String == "Sarah")
        try mike.ok("sync")
        #expect(try chores(mike)["Recycling"]?["assigneeName"] as? String == "Sarah")
    }
}
