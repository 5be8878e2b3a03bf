import Foundation
import OursSync
import Testing

/// The household's life with three devices — Sarah (owner), Mike (read-write) and Gran
/// (read-only) — over one shared folder, through the built binary.
@Suite("Household lifecycle, three devices")
struct HouseholdLifecycleTests {
    /// Owner, read-write member and read-only member, all joined.
    func family(_ world: World) throws -> (sarah: SimulatedDevice, mike: SimulatedDevice, gran: SimulatedDevice) {
        let devices = try world.household(members: [("Mike", readOnly: false), ("Gran", readOnly: true)])
        return (devices[0], devices[1], devices[2])
    }

    @Test func createMovesPrivateDataIn() throws {
        let world = World()
        let sarah = try world.device("Sarah")
        let put = try sarah.run("record", "put", "item", "milk", "--fields", #"{"name": "Milk"}"#)
        #expect(put.exitCode == 0, "\(put)")
        let created = try sarah.run("household", "create", "Sarah & Mike's Home", "--folder", world.shared, "--json")
        #expect(created.exitCode == 0, "\(created)")
        #expect(created.object["name"] as? String == "Sarah & Mike's Home")
        #expect(world.exists(world.recordPath(type: "item", id: "milk")))
        let invite = try sarah.run("invite", "--json")
        let mike = try world.device("Mike")
        let joined = try mike.run("join", invite.object["code"] as? String ?? "", "--folder", world.shared, "--json")
        #expect(joined.object["records"] as? Int == 1, "\(joined)")
        #expect(try mike.run("record", "get", "item", "milk", "--json").object["name"] as? String == "Milk")
    }

    @Test func bothPermissionsJoinAndReadOnlyWritesAreRefused() throws {
        let world = World()
        let (sarah, mike, gran) = try family(world)
        #expect(try mike.run("record", "put", "item", "eggs", "--fields", #"{"name": "Eggs"}"#).exitCode == 0)
        #expect(try gran.run("sync").exitCode == 0)
        #expect(try gran.run("record", "get", "item", "eggs", "--json").object["name"] as? String == "Eggs")
        for attempt in [
            ["record", "put", "item", "--fields", #"{"name": "Cake"}"#], ["record", "rm", "item", "eggs"],
            ["invite", "--read-only"],
        ] {
            let refused = try gran.run(arguments: attempt)
            #expect(refused.exitCode == 3, "\(attempt): \(refused)")
            #expect(refused.stderr.contains("Sarah"), "says who can grant write access: \(refused.stderr)")
        }
        let members = try sarah.run("members", "--json").array
        let byName = Dictionary(uniqueKeysWithValues: members.map { ($0["name"] as? String ?? "", $0) })
        #expect(byName["Mike"]?["permission"] as? String == "readWrite")
        #expect(byName["Gran"]?["permission"] as? String == "readOnly")
        #expect(byName["Sarah"]?["role"] as? String == "owner")
    }

    @Test func aForgedChangeStampedByTheReadOnlyDeviceIsIgnored() throws {
        let world = World()
        let (sarah, mike, gran) = try family(world)
        #expect(try sarah.run("record", "put", "item", "milk", "--fields", #"{"name": "Milk"}"#).exitCode == 0)
        #expect(try mike.run("sync").exitCode == 0)
        let granDevice = try gran.run("init", "--name", "Gran", "--json").object["deviceId"] as? String ?? ""
        let path = world.recordPath(type: "item", id: "milk")
        // Gran's device id on a newer stamp, with a correct hash: looks like a real write.
        let forged = Stamp(millis: Int64(Date().timeIntervalSince1970 * 1000) + 1000, device: DeviceID(granDevice)!)
        var document = try #require(try JSONParser.parse(world.bytes(path) ?? []).objectValue)
        var meta = document["_ours"]!.objectValue!
        var fields = meta["fields"]!.objectValue!
        fields["name"] = ["at": .string(forged.description), "hash": .string(RecordFile.valueHash("Hacked"))]
        meta["fields"] = .object(fields)
        document["_ours"] = .object(meta)
        document["name"] = "Hacked"
        world.write(path, JSONWriter.pretty(.object(document)) + [0x0A])

        let synced = try mike.run("sync", "--json")
        #expect(synced.exitCode == 0, "\(synced)")
        let problems = (synced.object["problems"] as? [[String: Any]] ?? []).map { $0["message"] as? String ?? "" }
        #expect(problems.contains { $0.contains("read-only") }, "\(problems)")
        #expect(try mike.run("record", "get", "item", "milk", "--json").object["name"] as? String == "Milk")
        #expect(world.text(path).contains("\"name\": \"Milk\""), "the forged value is overwritten in the folder")
        #expect(try sarah.run("sync").exitCode == 0)
        #expect(try sarah.run("record", "get", "item", "milk", "--json").object["name"] as? String == "Milk")
    }

    @Test func removedMemberOfflineDuringRemovalLearnsItLaterAndKeepsACopy() throws {
        let world = World()
        let (sarah, mike, _) = try family(world)
        #expect(try sarah.run("record", "put", "item", "milk", "--fields", #"{"name": "Milk"}"#).exitCode == 0)
        #expect(try mike.run("sync").exitCode == 0)
        // Mike is "offline": he does not sync while Sarah removes him.
        let removed = try sarah.run("members", "remove", "mike", "--yes")
        #expect(removed.exitCode == 0, "\(removed)")
        #expect(try sarah.run("record", "put", "item", "bread", "--fields", #"{"name": "Bread"}"#).exitCode == 0)

        let later = try mike.run("sync")
        #expect(later.exitCode == 3, "\(later)")
        #expect(later.stdout.contains("You were removed from Home"), "\(later)")
        let again = try mike.run("sync")
        #expect(again.exitCode == 3)
        let copy = try mike.run("--household", "Home", "record", "list", "item", "--json")
        #expect(copy.exitCode == 0)
        #expect(copy.array.compactMap { $0["name"] as? String } == ["Milk"], "the copy is what Mike had; \(copy)")
        let write = try mike.run("--household", "Home", "record", "put", "item", "--fields", #"{"name": "X"}"#)
        #expect(write.exitCode == 3, "\(write)")
        let members = try sarah.run("members", "--json").array
        #expect(members.first { $0["name"] as? String == "Mike" }?["status"] as? String == "removed")
    }

    @Test func memberLeavesAndOwnerCannotLeaveWithoutTransfer() throws {
        let world = World()
        let (sarah, mike, _) = try family(world)
        let ownerLeaves = try sarah.run("household", "leave", "--yes")
        #expect(ownerLeaves.exitCode == 3)
        #expect(ownerLeaves.stderr.contains("transfer"), "\(ownerLeaves)")

        #expect(try sarah.run("record", "put", "item", "milk", "--fields", #"{"name": "Milk"}"#).exitCode == 0)
        #expect(try mike.run("sync").exitCode == 0)
        let left = try mike.run("household", "leave", "--yes")
        #expect(left.exitCode == 0, "\(left)")
        let households = try mike.run("household", "list", "--json").array
        #expect(households.first?["status"] as? String == "left")
        #expect(
            try mike.run("--household", "Home", "record", "get", "item", "milk", "--json").object["name"] as? String == "Milk")
        let members = try sarah.run("members", "--json").array
        #expect(members.first { $0["name"] as? String == "Mike" }?["status"] as? String == "left")
        let forgotten = try mike.run("household", "forget", "Home", "--yes")
        #expect(forgotten.exitCode == 0, "\(forgotten)")
        #expect(try mike.run("--household", "Home", "record", "list", "item").exitCode == 4)
    }

    @Test func transferHandsOverWhatOnlyTheOwnerMayDo() throws {
        let world = World()
        let (sarah, mike, _) = try family(world)
        #expect(try mike.run("invite").exitCode == 3, "a member cannot make read-write codes")
        let transferred = try sarah.run("household", "transfer", "Mike")
        #expect(transferred.exitCode == 0, "\(transferred)")
        #expect(try mike.run("sync").exitCode == 0)
        #expect(try mike.run("invite").exitCode == 0, "the new owner can")
        #expect(try sarah.run("invite").exitCode == 3, "the old owner cannot")
        #expect(try sarah.run("household", "leave", "--yes").exitCode == 0, "and may now leave")
        let shown = try mike.run("household", "show", "--json")
        #expect(shown.object["role"] as? String == "owner")
    }

    @Test func dissolveReachesAMemberWhoWasOfflineAndCodesStopWorking() throws {
        let world = World()
        let (sarah, mike, gran) = try family(world)
        #expect(try mike.run("record", "put", "item", "eggs", "--fields", #"{"name": "Eggs"}"#).exitCode == 0)
        #expect(try gran.run("sync").exitCode == 0)
        let spare = try sarah.run("invite", "--read-only", "--json").object["code"] as? String ?? ""
        // Gran does not sync while Sarah dissolves.
        let dissolved = try sarah.run("household", "dissolve", "--yes", "--json")
        #expect(dissolved.exitCode == 0, "\(dissolved)")
        #expect(dissolved.object["privateRecords"] as? Int == 1)
        #expect(
            try sarah.run("record", "get", "item", "eggs", "--json").object["name"] as? String == "Eggs",
            "the owner's data is back in private data")
        #expect(world.files(under: world.zone + "/records").isEmpty, "record files are removed from the folder")
        #expect(world.exists(world.zone + "/zone.json"), "zone.json stays so offline members learn of it")

        let later = try gran.run("sync")
        #expect(later.exitCode == 3)
        #expect(later.stdout.contains("dissolved"), "\(later)")
        #expect(
            try gran.run("--household", "Home", "record", "get", "item", "eggs", "--json").object["name"] as? String == "Eggs")
        let newcomer = try world.device("Tom")
        let refused = try newcomer.run("join", spare, "--folder", world.shared)
        #expect(refused.exitCode == 3, "\(refused)")
        #expect(refused.stderr.contains("dissolved"))
    }
}
