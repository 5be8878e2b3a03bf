import Foundation
import OursTestSupport
import Testing

/// Households outlive versions: one made by the previous build keeps working with this one, a
/// device upgraded in place keeps its household and what waited in its outbox, and a device
/// still on the previous build keeps syncing with an updated one.
@Suite(
    "End to end: mixed versions",
    .needsPreviousBuild, .tags(.slow), .fullLoopOnly)
struct MixedVersionTests {
    /// The previous build, or a recorded issue when CI must have it.
    func previous() throws -> URL {
        try #require(PreviousBuild.url, Comment(rawValue: PreviousBuild.missing))
    }

    /// Items of the default list as a device shows them: name → checked.
    func items(_ device: SimulatedDevice) throws -> [String: Bool] {
        let shown = try device.ok("list", "show", "--json").object["items"] as? [[String: Any]] ?? []
        return Dictionary(uniqueKeysWithValues: shown.map { ($0["name"] as? String ?? "?", $0["checked"] as? Bool ?? false) })
    }

    @Test func aHouseholdMadeByThePreviousVersionIsUsedHereAndBothKeepSyncing() throws {
        let world = World()
        let sarah = try world.device("Sarah", binary: try previous())
        try sarah.ok("household", "create", "Home", "--folder", world.shared)
        try sarah.ok("add", "milk", "eggs")
        try sarah.ok("recipe", "add", "Pancakes", "-i", "2 cups flour", "-i", "2 eggs", "--servings", "4")
        try sarah.ok("chore", "add", "Bins", "--every", "7d")
        try sarah.ok("task", "add", "Fix the tap", "--project", "Home")
        let code = try sarah.ok("invite", "--json").object["code"] as? String ?? ""

        let mike = try world.device("Mike")
        try mike.ok("join", code, "--folder", world.shared)
        #expect(try items(mike) == ["milk": false, "eggs": false])
        #expect(try mike.ok("recipes", "--json").array.map { $0["name"] as? String } == ["Pancakes"])
        #expect(try mike.ok("chores", "--json").array.map { $0["name"] as? String } == ["Bins"])
        #expect(try mike.ok("tasks", "--json").array.map { $0["name"] as? String } == ["Fix the tap"])
        try mike.ok("check", "milk")
        try mike.ok("add", "bread")
        try mike.ok("chore", "done", "Bins")

        try sarah.ok("sync")
        #expect(try items(sarah) == ["milk": true, "eggs": false, "bread": false], "the previous build reads this one's writes")
        #expect(try sarah.ok("chores", "--json").array.first?["lastDoneBy"] != nil)
        try sarah.ok("add", "butter")
        try mike.ok("sync")
        #expect(try items(mike) == ["milk": true, "eggs": false, "bread": false, "butter": false])
    }

    @Test func concurrentEditsAcrossVersionsKeepTheLoserAsAConflictOnBoth() throws {
        let world = World()
        let sarah = try world.device("Sarah", binary: try previous())
        try sarah.ok("household", "create", "Home", "--folder", world.shared)
        try sarah.ok("record", "put", "item", "milk", "--fields", #"{"name": "Milk", "qty": 1}"#)
        let code = try sarah.ok("invite", "--json").object["code"] as? String ?? ""
        let mike = try world.device("Mike")
        try mike.ok("join", code, "--folder", world.shared)

        try world.offline { try sarah.ok("record", "put", "item", "milk", "--fields", #"{"qty": 2}"#) }
        Thread.sleep(forTimeInterval: 0.005)  // Mike's write is strictly later
        try mike.ok("record", "put", "item", "milk", "--fields", #"{"qty": 3}"#)
        try sarah.ok("sync")
        try mike.ok("sync")
        for device in [sarah, mike] {
            #expect(try device.get("item", "milk")["qty"] as? Int == 3, "\(device.name)")
            #expect(try device.conflicts().map { $0["value"] as? Int } == [2], "\(device.name)")
        }
    }

    @Test func aDeviceUpgradedInPlaceKeepsItsHouseholdAndWhatWaitedInItsOutbox() throws {
        let world = World()
        let sarah = try world.device("Sarah", binary: try previous())
        try sarah.ok("household", "create", "Home", "--folder", world.shared)
        try sarah.ok("add", "milk")
        let code = try sarah.ok("invite", "--json").object["code"] as? String ?? ""
        let mike = try world.device("Mike", binary: try previous())
        try mike.ok("join", code, "--folder", world.shared)
        try world.offline { try sarah.ok("add", "eggs") }

        var upgraded = sarah
        upgraded.binary = OursBinary.url
        #expect(try upgraded.ok("status", "--json").object["pendingChanges"] as? Int == 1)
        #expect(try items(upgraded) == ["milk": false, "eggs": false])
        try upgraded.ok("sync")
        #expect(try upgraded.ok("status", "--json").object["pendingChanges"] as? Int == 0)
        try upgraded.ok("add", "bread")
        try mike.ok("sync")
        #expect(try items(mike) == ["milk": false, "eggs": false, "bread": false], "a device still on the previous build")
        let members = try upgraded.ok("members", "--json").array.map { $0["name"] as? String }
        #expect(Set(members) == ["Sarah", "Mike"])
    }

    /// A device on the previous build keeps syncing with a household where a member linked a
    /// laptop: it takes the laptop's writes once the phone listed it. A removed device is no
    /// longer listed for it, so its later writes wait there instead of being ignored, and
    /// nothing it wrote after the removal is shown anywhere (docs/FORMAT.md).
    @Test func aDeviceOnThePreviousBuildSyncsWithLinkedAndRemovedDevices() throws {
        let world = World()
        let sarah = try world.device("Sarah", binary: try previous())
        try sarah.ok("household", "create", "Home", "--folder", world.shared)
        let code = try sarah.ok("invite", "--json").object["code"] as? String ?? ""
        let mike = try world.device("Mike")
        try mike.ok("join", code, "--folder", world.shared)
        let (laptop, laptopID) = try DeviceLinkTests.linkLaptop(world, to: mike)
        try mike.ok("sync")
        try laptop.ok("sync")
        try laptop.ok("add", "eggs")
        try sarah.ok("sync")
        #expect(try items(sarah) == ["eggs": false], "the previous build takes the linked laptop's write")
        let mikes = try sarah.ok("members", "--json").array.first { $0["name"] as? String == "Mike" }
        let listed = mikes?["devices"] as? [String] ?? []
        #expect(listed.contains(laptopID), "\(listed)")
        try sarah.ok("add", "bread")
        try laptop.ok("sync")
        #expect(try items(laptop) == ["eggs": false, "bread": false])

        try mike.ok("device", "remove", laptopID, "--yes")
        try laptop.ok("add", "stolen")
        try sarah.ok("sync")
        try mike.ok("sync")
        #expect(try items(sarah) == ["eggs": false, "bread": false], "the removed laptop's write is not shown")
        #expect(try items(mike) == ["eggs": false, "bread": false])
        try sarah.ok("add", "butter")
        try mike.ok("sync")
        #expect(try items(mike) == ["eggs": false, "bread": false, "butter": false], "both keep syncing")
        #expect(try mike.ok("devices", "--json").array.count == 2)
    }
}
