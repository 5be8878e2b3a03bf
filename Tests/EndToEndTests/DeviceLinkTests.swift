import Foundation
import OursSync
import Testing

/// One person, many devices, through the built binary: a laptop linked to a phone writes as
/// the same member, online, offline and through a sync tool's conflict copies; a removed
/// device's later writes are ignored on every device, and it keeps a read-only copy.
@Suite("End to end: a person's devices")
struct DeviceLinkTests {
    /// Mike's laptop, linked to his phone (`mike`), which has finished the link.
    static func linkLaptop(_ world: World, to mike: SimulatedDevice) throws -> (SimulatedDevice, String) {
        let code = try mike.ok("device", "link", "--json").object["code"] as? String ?? ""
        #expect(code.count == 8)
        let laptop = SimulatedDevice(name: "MikeLaptop", home: world.root + "/home-mikelaptop")
        let linked = try laptop.ok("init", "--link", code, "--folder", world.shared, "--name", "Laptop", "--json").object
        #expect(linked["households"] as? [[String: Any]] != nil && linked["linkedBy"] != nil, "\(linked)")
        let phone = try mike.ok("init", "--name", "Mike", "--json").object
        #expect(linked["participantId"] as? String == phone["participantId"] as? String, "the same person")
        return (laptop, linked["deviceId"] as? String ?? "")
    }

    func names(_ device: SimulatedDevice) throws -> Set<String> {
        Set(try device.ok("record", "list", "item", "--json").array.compactMap { $0["name"] as? String })
    }

    @Test func aLinkedLaptopWritesAsTheSameMemberOnlineOfflineAndThroughConflictCopies() throws {
        let world = World()
        let devices = try world.household()
        let (sarah, mike) = (devices[0], devices[1])
        let (laptop, laptopID) = try Self.linkLaptop(world, to: mike)

        // Before the phone lists the laptop, the laptop may not write (every other device would
        // hold its change back, for ever if the list never named it); after, it writes as Mike.
        let early = try laptop.run("record", "put", "item", "eggs", "--fields", #"{"name": "Eggs"}"#)
        #expect(early.exitCode == 3 && early.stderr.contains("not on Mike's list of devices"), "\(early)")
        try mike.ok("sync")
        try laptop.ok("sync")
        try laptop.ok("record", "put", "item", "eggs", "--fields", #"{"name": "Eggs"}"#)
        try laptop.ok("sync")
        try sarah.ok("sync")
        #expect(try sarah.get("item", "eggs")["name"] as? String == "Eggs")
        let members = try sarah.ok("members", "--json").array
        #expect(members.count == 2, "one row for Mike: \(members)")
        let mikeRow = members.first { $0["name"] as? String == "Mike" }
        let mikesDevices = mikeRow?["devices"] as? [String] ?? []
        #expect(mikesDevices.contains(laptopID), "\(members)")
        #expect(mikesDevices.count == 2)
        try laptop.ok("sync")
        try mike.ok("device", "rename", "Phone")
        let listed = try laptop.ok("devices", "--json").array
        #expect(listed.count == 2)
        let byName = Dictionary(uniqueKeysWithValues: listed.map { ($0["name"] as? String ?? "?", $0) })
        #expect(byName["Laptop"]?["thisDevice"] as? Bool == true, "\(listed)")
        #expect(byName["Phone"]?["lastSeen"] as? String != nil, "\(listed)")

        // Offline, both devices write; once back, everyone has both.
        try world.offline {
            try laptop.ok("record", "put", "item", "bread", "--fields", #"{"name": "Bread"}"#)
            try mike.ok("record", "put", "item", "milk", "--fields", #"{"name": "Milk", "qty": 1}"#)
        }
        for device in [laptop, mike, sarah, laptop] { try device.ok("sync") }
        for device in [sarah, mike, laptop] {
            #expect(try names(device) == ["Eggs", "Bread", "Milk"], "\(device.name)")
        }

        // A sync tool's conflict copy between the two devices of one person is merged.
        let path = world.recordPath(type: "item", id: "milk")
        let original = world.text(path)
        try laptop.ok("record", "put", "item", "milk", "--fields", #"{"qty": 2}"#)
        let laptops = world.text(path)
        world.write(path, original)
        Thread.sleep(forTimeInterval: 0.005)
        try mike.ok("record", "put", "item", "milk", "--fields", #"{"qty": 3}"#)
        world.write(world.recordDirectory(type: "item", id: "milk") + "/milk.sync-conflict-20261124-101500-ABCDEFG.json", laptops)
        let merged = try sarah.ok("sync", "--json").object
        #expect(merged["copiesRemoved"] as? Int == 1, "\(merged)")
        for device in [mike, laptop] { try device.ok("sync") }
        for device in [sarah, mike, laptop] {
            #expect(try device.get("item", "milk")["qty"] as? Int == 3, "\(device.name)")
            #expect(try device.conflicts().first?["value"] as? Int == 2, "\(device.name): the laptop's value is kept")
        }

        // The code was used once: nobody else links with it.
        let again = try SimulatedDevice(name: "Other", home: world.root + "/home-other")
            .run("init", "--link", "ABCDEFGH", "--folder", world.shared)
        #expect(again.exitCode == 4, "\(again)")
    }

    @Test func aRemovedDeviceIsIgnoredOnEveryDeviceAndKeepsAReadOnlyCopy() throws {
        let world = World()
        let devices = try world.household()
        let (sarah, mike) = (devices[0], devices[1])
        let (laptop, laptopID) = try Self.linkLaptop(world, to: mike)
        try mike.ok("sync")
        try laptop.ok("sync")
        try laptop.ok("record", "put", "item", "before", "--fields", #"{"name": "Before"}"#)
        try sarah.ok("sync")
        #expect(try names(sarah) == ["Before"])

        let removed = try mike.ok("device", "remove", laptopID.uppercased(), "--yes", "--json").object
        #expect(removed["households"] as? [String] == ["Home"], "\(removed)")
        // The lost laptop writes on: its file reaches the folder, and every device ignores it.
        try laptop.ok("record", "put", "item", "after", "--fields", #"{"name": "After"}"#)
        try laptop.ok("record", "put", "item", "before", "--fields", #"{"name": "Changed"}"#)
        let synced = try sarah.ok("sync", "--json").object
        let problems = (synced["problems"] as? [[String: Any]] ?? []).compactMap { $0["message"] as? String }
        #expect(problems.contains { $0.contains("was removed before this change") }, "\(problems)")
        #expect(!world.text(world.recordPath(type: "item", id: "before")).contains("Changed"), "the folder drops it too")
        try mike.ok("sync")
        for device in [sarah, mike] {
            #expect(try names(device) == ["Before"], "\(device.name)")
        }

        let learnt = try laptop.run("sync")
        #expect(learnt.exitCode == 3 && learnt.stdout.contains("removed from your devices"), "\(learnt)")
        let copy = try laptop.ok("--household", "Home", "record", "get", "item", "before", "--json").object
        #expect(copy["name"] != nil, "a read-only copy stays: \(copy)")
        #expect(try laptop.run("--household", "Home", "record", "put", "item", "--fields", #"{"name": "X"}"#).exitCode == 3)
        let listed = try mike.ok("devices", "--json").array
        #expect(listed.first { $0["id"] as? String == laptopID }?["removedAt"] as? String != nil, "\(listed)")
        let members = try sarah.ok("members", "--json").array
        #expect(members.first { $0["name"] as? String == "Mike" }?["devices"] as? [String] != nil)
        #expect(try mike.run("device", "remove", "zzzzzzzz", "--yes").exitCode == 4, "not one of Mike's devices")
        #expect(try names(mike) == ["Before"])
    }
}
