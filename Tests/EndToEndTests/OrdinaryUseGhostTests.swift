import Foundation
import Testing

/// What readers see after writes that every device ignores: nothing appears that nobody may
/// write, and a later honest write of the same record is a normal create.
@Suite("Nothing lost: ignored writes leave no ghost records")
struct OrdinaryUseGhostTests {
    /// Issue "Nothing lost, nothing split", case 2 (a removed member whose device has not learnt
    /// it yet): every other device said "change ignored" and then listed a nameless item and a
    /// nameless list, counted and exported them, and the owner's own `add` of the same item was
    /// `unchanged` and stayed nameless.
    @Test func writesByARemovedMemberLeaveNoRecordAndAnHonestAddCreatesIt() throws {
        let world = World()
        let devices = try world.household(members: [("Mike", readOnly: false), ("Gran", readOnly: false)])
        let (sarah, mike, gran) = (devices[0], devices[1], devices[2])
        try sarah.ok("members", "remove", "Mike", "--yes")
        let late = try mike.run("add", "late item", "--json")  // Mike's device has not synced since
        #expect(late.exitCode == 0, "\(late)")
        try expectNoTrace(of: "late item", on: [sarah, gran])
        try expectAnHonestAddCreates("late item", by: sarah, seenBy: gran)
    }

    /// Issue "Nothing lost, nothing split", case 2 (a read-only member who edited their own
    /// device's state to read-write, and wrote): the same ghosts.
    @Test func writesByAReadOnlyMemberLeaveNoRecordAndAnHonestAddCreatesIt() throws {
        let world = World()
        let devices = try world.household(members: [("Mike", readOnly: false), ("Gran", readOnly: true)])
        let (sarah, mike, gran) = (devices[0], devices[1], devices[2])
        world.replace(in: gran.home + "/households.json", #""permission": "readOnly""#, with: #""permission": "readWrite""#)
        _ = try gran.run("add", "late item")  // refused or not: nothing it wrote may show anywhere
        try expectNoTrace(of: "late item", on: [sarah, mike])
        try expectAnHonestAddCreates("late item", by: sarah, seenBy: mike)
    }

    /// After syncing, `devices` show neither the item nor the list an ignored writer made; the
    /// first to sync reports the change as ignored.
    func expectNoTrace(of item: String, on devices: [SimulatedDevice], sourceLocation: SourceLocation = #_sourceLocation) throws {
        for device in devices {
            let synced = try device.ok("sync", "--json", sourceLocation: sourceLocation)
            if device.name == devices.first?.name {
                #expect(
                    SimulatedDevice.problems(synced).contains { $0.contains("change ignored") },
                    "\(device.name): the ignored change is reported: \(synced)", sourceLocation: sourceLocation)
            }
            #expect(try device.ids("item").isEmpty, "\(device.name): items", sourceLocation: sourceLocation)
            #expect(try device.ids("list").isEmpty, "\(device.name): lists", sourceLocation: sourceLocation)
            let lists = try device.run("lists", "--json").array
            #expect(lists.isEmpty, "\(device.name): `lists` counts \(lists)", sourceLocation: sourceLocation)
            let exported = try device.exportedLists()
            #expect(exported.isEmpty, "\(device.name): `export` holds \(exported)", sourceLocation: sourceLocation)
        }
    }

    /// The owner adds the same item honestly: a normal create, with its name, on every device.
    func expectAnHonestAddCreates(
        _ item: String, by owner: SimulatedDevice, seenBy other: SimulatedDevice,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let added = try owner.ok("add", item, "--json", sourceLocation: sourceLocation).object
        #expect(added["listOutcome"] as? String == "created", "\(added)", sourceLocation: sourceLocation)
        let outcome = (added["items"] as? [[String: Any]])?.first?["outcome"] as? String
        #expect(outcome == "created", "\(added)", sourceLocation: sourceLocation)
        try other.ok("sync", sourceLocation: sourceLocation)
        for device in [owner, other] {
            #expect(try device.itemNames() == [item], "\(device.name)", sourceLocation: sourceLocation)
            #expect(try device.exportedLists() == ["Groceries": [item]], "\(device.name)", sourceLocation: sourceLocation)
        }
    }
}
