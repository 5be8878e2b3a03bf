import Foundation
import Testing

/// Chores shared by two devices running the real binary: completions made offline on both,
/// pausing on one and resuming on the other.
@Suite("End to end: chores")
struct ChoreTests {
    /// A device's chores by name.
    func chores(_ device: SimulatedDevice) throws -> [String: [String: Any]] {
        let listed = try device.ok("chores", "--json").array
        return Dictionary(uniqueKeysWithValues: listed.map { ($0["name"] as? String ?? "?", $0) })
    }

    func log(_ device: SimulatedDevice, _ chore: String) throws -> [[String: Any]] {
        try device.ok("chore", "log", chore, "--json").object["completions"] as? [[String: Any]] ?? []
    }

    @Test func theSameChoreDoneOnBothDevicesOfflineIsLoggedTwiceAndRotatesOneStep() throws {
        let world = World()
        let devices = try world.household()
        let (sarah, mike) = (devices[0].with("TZ", "Europe/Berlin"), devices[1].with("TZ", "America/New_York"))
        try sarah.ok("sync")  // learns that Mike joined
        try sarah.ok("chore", "add", "Bins", "--every", "mon,thu", "--fixed", "--rotate", "Sarah,Mike")
        try mike.ok("sync")
        #expect(try chores(mike)["Bins"]?["assigneeName"] as? String == "Sarah")
        try world.offline {
            try sarah.ok("chore", "done", "Bins")
            try mike.ok("chore", "done", "Bins")
        }
        try sarah.ok("sync")
        try mike.ok("sync")
        try sarah.ok("sync")
        for device in [sarah, mike] {
            let entries = try log(device, "Bins")
            #expect(entries.count == 2, "\(device.name): both completions are in the log")
            #expect(Set(entries.compactMap { $0["byName"] as? String }) == ["Sarah", "Mike"], "\(device.name)")
            #expect(entries.allSatisfy { $0["generation"] as? Int == 1 }, "\(device.name)")
            let bins = try chores(device)["Bins"]
            #expect(bins?["assigneeName"] as? String == "Mike", "\(device.name): one step, not two and not none")
        }
        #expect(
            try chores(sarah)["Bins"]?["nextDue"] as? String == chores(mike)["Bins"]?["nextDue"] as? String,
            "the chore's own time zone decides, not the device's")
        try mike.ok("chore", "done", "Bins")
        try sarah.ok("sync")
        #expect(try chores(sarah)["Bins"]?["assigneeName"] as? String == "Sarah")
        #expect(try log(sarah, "Bins").first?["byName"] as? String == "Mike", "newest first")
    }

    @Test func aChorePausedOnOneDeviceIsResumedOnTheOther() throws {
        let world = World()
        let devices = try world.household()
        let (sarah, mike) = (devices[0], devices[1])
        try sarah.ok("chore", "add", "Watering", "--every", "2d", "--note", "not the cactus")
        try sarah.ok("chore", "add", "Bins", "--every", "7d")
        try sarah.ok("chore", "done", "Bins")
        try sarah.ok("chore", "pause", "Watering")
        try mike.ok("sync")
        let listed = try mike.ok("chores").stdout.split(separator: "\n")
        #expect(listed.last?.hasPrefix("paused ") == true, "\(listed)")
        #expect(listed.last?.hasSuffix("Watering") == true)
        let watering = try chores(mike)["Watering"]
        #expect(watering?["paused"] as? Bool == true)
        #expect(watering?["due"] as? Bool == false, "a paused chore is never due")
        let resumed = try mike.ok("chore", "resume", "watering")
        #expect(resumed.stdout.hasPrefix("Resumed Watering; due now."))
        try sarah.ok("sync")
        let back = try chores(sarah)["Watering"]
        #expect(back?["paused"] as? Bool == false)
        #expect(back?["due"] as? Bool == true)
        #expect(back?["note"] as? String == "not the cactus")
        #expect(try sarah.ok("chores", "--json").array.first?["name"] as? String == "Watering", "due now: first")
    }
}
