import Foundation
import Testing

/// A device whose clock is a day ahead cannot make its values permanently unbeatable.
@Suite("End to end: a wrong clock")
struct ClockTests {
    /// Mike's clock runs a day ahead when he renames the milk; Sarah has synced it.
    private func mikeEditsADayAhead() throws -> (World, SimulatedDevice, SimulatedDevice, String) {
        let world = World()
        let (sarah, mike) = try world.sarahAndMike()
        let mikeID = try mike.deviceID()
        try mike.with("OURS_CLOCK_OFFSET", "1d").ok("record", "put", "item", "milk", "--fields", #"{"name": "Future milk"}"#)
        try sarah.ok("sync")
        #expect(try sarah.get("item", "milk")["name"] as? String == "Future milk")
        return (world, sarah, mike, mikeID)
    }

    private func expectFarFutureReported(by sarah: SimulatedDevice, from mikeID: String) throws {
        let text = try sarah.ok("status")
        #expect(text.stdout.contains("1 value(s) stamped far in the future by device \(mikeID)"), "\(text)")
        #expect(text.stdout.contains("ours doctor --fix"), "\(text)")
        let stamps = try sarah.ok("status", "--json").object["farFutureStamps"] as? [[String: Any]] ?? []
        #expect(stamps.count == 1, "\(stamps)")
        #expect(stamps.first?["record"] as? String == "item/milk")
        #expect(stamps.first?["field"] as? String == "name")
        #expect(stamps.first?["device"] as? String == mikeID)
        #expect((stamps.first?["stamp"] as? String)?.hasSuffix("-" + mikeID) == true)
    }

    private func expectNoFarFutureReported(by sarah: SimulatedDevice) throws {
        let text = try sarah.ok("status")
        #expect(!text.stdout.contains("far in the future"), "\(text)")
        let stamps = try sarah.ok("status", "--json").object["farFutureStamps"] as? [Any]
        #expect(stamps?.isEmpty == true, "\(String(describing: stamps))")
    }

    @Test func aLaterEditOnAnHonestClockBeatsAValueStampedADayAhead() throws {
        let (world, sarah, mike, mikeID) = try mikeEditsADayAhead()
        _ = world
        try expectFarFutureReported(by: sarah, from: mikeID)

        try sarah.ok("record", "put", "item", "milk", "--fields", #"{"name": "Oat milk"}"#)
        try expectNoFarFutureReported(by: sarah)  // her edit superseded the far-future value
        try mike.ok("sync")
        try sarah.ok("sync")
        for device in [sarah, mike] {
            #expect(try device.get("item", "milk")["name"] as? String == "Oat milk", "\(device.name)")
            #expect(try device.conflicts().isEmpty, "\(device.name): Sarah had seen Mike's value")
        }

        let doctor = try sarah.run("doctor", "--fix", "--json")
        #expect(doctor.exitCode == 0, "\(doctor)")
        try expectNoFarFutureReported(by: sarah)
        #expect(try sarah.get("item", "milk")["name"] as? String == "Oat milk")
    }

    @Test func doctorFixRestampsAFarFutureValueAndStatusNoLongerReportsIt() throws {
        let (world, sarah, mike, mikeID) = try mikeEditsADayAhead()
        try expectFarFutureReported(by: sarah, from: mikeID)
        let doctor = try sarah.run("doctor")
        #expect(doctor.exitCode == 1, "a problem found, not fixed: \(doctor)")
        #expect(doctor.stdout.contains("item/milk: name stamped far in the future"), "\(doctor)")

        let fixed = try sarah.run("doctor", "--fix", "--json")
        #expect(fixed.exitCode == 0, "\(fixed)")
        let lines = fixed.object["fixed"] as? [String] ?? []
        #expect(lines.contains("re-stamped 1 record(s) written by a device with a wrong clock"), "\(fixed)")
        try expectNoFarFutureReported(by: sarah)
        #expect(try sarah.run("doctor").exitCode == 0)

        // The value is kept, now with an honest stamp anyone can beat.
        try mike.ok("sync")
        let file = world.object(world.recordPath(type: "item", id: "milk"))
        let stamp = ((file["_ours"] as? [String: Any])?["fields"] as? [String: [String: Any]])?["name"]?["at"] as? String
        #expect(
            stamp?.hasSuffix("-" + (try sarah.deviceID())) == true, "\(world.text(world.recordPath(type: "item", id: "milk")))")
        for device in [sarah, mike] {
            #expect(try device.get("item", "milk")["name"] as? String == "Future milk", "\(device.name)")
        }
    }

    @Test func theDeviceWithTheWrongClockRepairsItselfAndItsNextEditsReachEveryone() throws {
        let (world, sarah, mike, oldID) = try mikeEditsADayAhead()
        _ = world
        let status = try mike.ok("status", "--json").object
        #expect((status["clockAheadMs"] as? Int ?? 0) > 23 * 3600 * 1000, "\(status)")
        let fixed = try mike.run("doctor", "--fix")
        #expect(fixed.exitCode == 0, "\(fixed)")
        let newID = try mike.deviceID()
        #expect(newID != oldID, "stamps honestly under a new device id")
        #expect(try mike.ok("status", "--json").object["clockAheadMs"] is NSNull)

        try mike.ok("record", "put", "item", "milk", "--fields", #"{"qty": 4}"#)
        let sync = try sarah.ok("sync", "--json").object
        #expect((sync["problems"] as? [[String: Any]])?.isEmpty == true, "Sarah knows Mike's new device: \(sync)")
        let members = try sarah.ok("members", "--json").array
        let mikes = members.first { $0["name"] as? String == "Mike" }?["devices"] as? [String] ?? []
        #expect(mikes.sorted() == [newID, oldID].sorted(), "\(members)")
        try mike.ok("sync")
        for device in [sarah, mike] {
            let milk = try device.get("item", "milk")
            #expect(milk["qty"] as? Int == 4, "\(device.name): \(milk)")
            #expect(milk["name"] as? String == "Future milk", "\(device.name): \(milk)")
        }
        let file = world.object(world.recordPath(type: "item", id: "milk"))
        let stamp = ((file["_ours"] as? [String: Any])?["fields"] as? [String: [String: Any]])?["qty"]?["at"] as? String
        #expect(stamp?.hasSuffix("-" + newID) == true, "\(String(describing: stamp))")
        #expect((try sarah.ok("status", "--json").object["problems"] as? [Any])?.isEmpty == true)
    }
}
