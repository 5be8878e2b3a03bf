import Foundation
import OursSync
import Testing

/// Membership seen the same way by every device: a rejoin whatever order it is learnt in, an
/// upgrade from read-only, and device ids that belong to one person.
@Suite("Nothing split: membership")
struct OrdinaryUseMembershipTests {
    /// Sarah (owner), Mike (read-write) and Gran, every device synced.
    func family(_ world: World, granReadOnly: Bool) throws -> (SimulatedDevice, SimulatedDevice, SimulatedDevice) {
        let devices = try world.household(members: [("Mike", readOnly: false), ("Gran", readOnly: granReadOnly)])
        for device in devices { try device.ok("sync") }
        return (devices[0], devices[1], devices[2])
    }

    /// Issue "Nothing lost, nothing split", case 4: Gran's device learnt Mike's removal and his
    /// rejoin in one pass, rejected the rejoin and wrote `participants.json` back without it;
    /// Sarah then saw Mike removed too and his item nameless, until Mike's device synced again.
    @Test func everyDeviceAgreesOnARejoinAfterOneRoundWhateverOrderItLearntThingsIn() throws {
        let world = World()
        let (sarah, mike, gran) = try family(world, granReadOnly: false)
        try sarah.ok("members", "remove", "Mike", "--yes")
        let told = try mike.run("sync")
        #expect(told.exitCode == 3 && told.stdout.contains("You were removed"), "\(told)")
        let code = try #require(try sarah.ok("invite", "--json").object["code"] as? String)
        try mike.ok("join", code, "--folder", world.shared)
        try mike.ok("add", "bread")

        let learnt = try gran.ok("sync", "--json")  // the removal and the rejoin at once
        let ignored = SimulatedDevice.problems(learnt).filter { $0.contains("change ignored") }
        #expect(ignored.isEmpty, "Gran: \(ignored)")
        try sarah.ok("sync")
        for device in [gran, sarah] {
            let mikes = try device.members()["Mike"]
            #expect(mikes?["status"] as? String == "active", "\(device.name): \(mikes ?? [:])")
            #expect(try device.itemNames() == ["bread"], "\(device.name)")
        }
        try mike.ok("sync")
        for device in [sarah, mike, gran] {
            let statuses = try device.members().mapValues { $0["status"] as? String ?? "" }
            #expect(statuses == ["Sarah": "active", "Mike": "active", "Gran": "active"], "\(device.name): \(statuses)")
        }
    }

    /// Issue "Nothing lost, nothing split", case 6: a read-only member told to join with a
    /// read-write code was answered "already a member; nothing changed", and stayed read-only.
    @Test func aReadWriteCodeUpgradesAReadOnlyMemberOnEveryDevice() throws {
        let world = World()
        let (sarah, mike, gran) = try family(world, granReadOnly: true)
        let code = try #require(try sarah.ok("invite", "--json").object["code"] as? String)
        let joined = try gran.ok("join", code, "--folder", world.shared, "--json")
        #expect(joined.object["permission"] as? String == "readWrite", "\(joined)")
        for device in [sarah, mike, gran] { try device.ok("sync") }
        for device in [sarah, mike, gran] {
            let grans = try device.members()["Gran"]
            #expect(grans?["permission"] as? String == "readWrite", "\(device.name): \(grans ?? [:])")
        }
        let used = try sarah.ok("codes", "--all", "--json").array.first { $0["code"] as? String == code }
        #expect(used?["status"] as? String == "used", "an upgrade uses the code as a join does: \(used ?? [:])")

        try gran.ok("add", "eggs")
        for device in [sarah, mike] {
            try device.ok("sync")
            #expect(try device.itemNames() == ["eggs"], "\(device.name)")
        }
    }

    /// Issue "Nothing lost, nothing split", case 6: a read-only member who left and rejoined
    /// with a read-write code while the owner's device did not sync believed it could write;
    /// every other device ignored it for good, and its writes became nameless records there.
    @Test func aDeviceThatRejoinedNeverBelievesItMayWriteWhenTheOthersIgnoreIt() throws {
        let world = World()
        let (sarah, mike, gran) = try family(world, granReadOnly: true)
        let code = try #require(try sarah.ok("invite", "--json").object["code"] as? String)
        // From here on Sarah's device does not sync until the end.
        try gran.ok("household", "leave", "--yes")
        let rejoined = try gran.run("join", code, "--folder", world.shared)
        let added = try gran.run("add", "eggs")
        for device in [mike, sarah, gran, mike] { _ = try device.run("sync") }

        if added.exitCode == 0 {
            for device in [sarah, mike] {
                #expect(
                    try device.itemNames() == ["eggs"],
                    "\(device.name) ignores what Gran's device was allowed to write (join: \(rejoined))")
                let grans = try device.members()["Gran"]
                #expect(grans?["permission"] as? String == "readWrite", "\(device.name): \(grans ?? [:])")
            }
        } else {
            #expect(added.exitCode == 3, "refused as a read-only member: \(added)")
            for device in [sarah, mike] {
                #expect(try device.ids("item").isEmpty, "\(device.name)")
            }
        }
    }

    /// Issue "Nothing lost, nothing split", case 7: a correctly stamped change to Gran's own
    /// device list that adds Sarah's device id was accepted everywhere; afterwards each run
    /// attributed Sarah's device to Sarah or to Gran (read-only) at random, keeping or
    /// dropping Sarah's edits.
    @Test func aDeviceIdClaimedByAnotherMemberStaysWithItsFirstOwner() throws {
        let world = World()
        let (sarah, mike, gran) = try family(world, granReadOnly: true)
        let sarahDevice = try sarah.deviceID()
        let granDevice = try gran.deviceID()
        let granID = try gran.participantID()
        try world.writeManifestChange(
            [granID + ".devices": .array([.string(granDevice), .string(sarahDevice)])], stampedBy: granDevice)

        let noticed = try mike.ok("sync", "--json")
        let reported = SimulatedDevice.problems(noticed).filter { $0.contains("participants.json") }
        #expect(reported.contains { $0.contains("change ignored") }, "the claim is ignored and reported: \(noticed)")
        for device in [sarah, gran, mike] {
            try device.ok("sync")
            let grans = try device.members()["Gran"]
            #expect(grans?["devices"] as? [String] == [granDevice], "\(device.name): \(grans ?? [:])")
        }
        // Every run of every device decides the same way: Sarah's edits are kept, run after run.
        for round in 1...6 {
            try sarah.ok("record", "put", "item", "milk", "--fields", #"{"name": "Milk", "qty": \#(round)}"#)
            try mike.ok("sync")
            #expect(try mike.get("item", "milk")["qty"] as? Int == round, "round \(round)")
        }
    }

    /// Found by the simulator (seeds 303355, 305303, 305694, 308407, 308824): Mike, removed
    /// while his device was offline, adds an item there; once he is back with a new code, his
    /// device kept showing the item every other device ignores, and wrote it back to the
    /// folder on every pass while they wrote it out again.
    @Test func whatARemovedMemberTypedBeforeComingBackIsIgnoredByTheirDeviceToo() throws {
        let world = World()
        let (sarah, mike, gran) = try family(world, granReadOnly: false)
        try sarah.ok("add", "milk")
        try mike.ok("sync")
        try sarah.ok("members", "remove", "Mike", "--yes")
        try world.offline { try mike.ok("add", "late item") }
        let told = try mike.run("sync")
        #expect(told.exitCode == 3 && told.stdout.contains("You were removed"), "\(told)")
        let code = try #require(try sarah.ok("invite", "--json").object["code"] as? String)
        try mike.ok("join", code, "--folder", world.shared)
        for device in [mike, sarah, gran, mike] { try device.ok("sync") }
        for device in [sarah, mike, gran] {
            #expect(try device.itemNames() == ["milk"], "\(device.name)")
        }
        for device in [mike, sarah, gran, mike] {
            let again = try device.ok("sync", "--json")
            #expect(again.object["filesWritten"] as? Int == 0, "\(device.name): \(again.stdout)")
        }
        try mike.ok("add", "bread")
        try sarah.ok("sync")
        #expect(try sarah.itemNames()?.sorted() == ["bread", "milk"])
    }
}
