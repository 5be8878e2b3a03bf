import Foundation
import Testing

/// Absence is never deletion: a missing file, records folder or shared folder removes nothing.
@Suite("End to end: absence is never deletion")
struct AbsenceTests {
    @Test func aDeletedRecordFileIsRestoredByTheNextSyncOnEitherDevice() throws {
        let world = World()
        let (sarah, mike) = try world.sarahAndMike()
        let path = world.recordPath(type: "item", id: "milk")
        let bytes = world.bytes(path)
        for device in [mike, sarah] {
            world.remove(path)
            let sync = try device.ok("sync", "--json").object
            #expect(sync["filesRestored"] as? Int == 1, "\(device.name): \(sync)")
            let problems = sync["problems"] as? [[String: Any]] ?? []
            #expect(problems.map { $0["kind"] as? String } == ["restoredFile"], "\(problems)")
            #expect(world.bytes(path) == bytes, "\(device.name) wrote it back, byte for byte")
            for other in [sarah, mike] {
                #expect(try other.ids("item") == ["milk"], "\(other.name)")
                #expect(try other.get("item", "milk")["name"] as? String == "Milk")
            }
        }
    }

    @Test func aDeletedRecordsFolderIsRestored() throws {
        let world = World()
        let (sarah, mike) = try world.sarahAndMike()
        try sarah.ok("record", "put", "item", "bread", "--fields", #"{"name": "Bread"}"#)
        try sarah.ok("record", "put", "chore", "dishes", "--fields", #"{"name": "Dishes"}"#)
        try mike.ok("sync")
        let records = world.zone + "/records"
        let before = world.files(under: records)
        #expect(before.count == 3)
        world.remove(records)

        let sync = try mike.ok("sync", "--json").object
        #expect(sync["filesRestored"] as? Int == 3, "\(sync)")
        #expect(world.files(under: records) == before)
        try sarah.ok("sync")
        for device in [sarah, mike] {
            #expect(try device.ids("item") == ["bread", "milk"], "\(device.name)")
            #expect(try device.ids("chore") == ["dishes"], "\(device.name)")
        }
        for relative in before {
            #expect(world.bytes(records + "/" + relative) == world.bytes(try sarah.replicaRecords() + "/" + relative))
        }
    }

    @Test func anUnmountedFolderStopsSyncWithExit5AndLocalEditsWaitUntilItReturns() throws {
        let world = World()
        let (sarah, mike) = try world.sarahAndMike()
        try sarah.ok("record", "put", "item", "bread", "--fields", #"{"name": "Bread"}"#)
        try mike.ok("sync")
        let before = world.files(under: world.shared)

        world.unmount()
        for device in [sarah, mike] {
            let sync = try device.run("sync")
            #expect(sync.exitCode == 5, "\(device.name): \(sync)")
            #expect(sync.stderr.contains("the shared folder \(world.shared) is not available"), "\(sync)")
            #expect(sync.stderr.contains("Nothing was changed"), "\(sync)")
            #expect(try device.run("sync", "--json").exitCode == 5)
            let list = try device.ok("record", "list", "item")
            #expect(list.stdout.contains("bread  Bread") && list.stdout.contains("milk  Milk"), "\(device.name): \(list)")
            #expect(try device.ids("item") == ["bread", "milk"])
        }
        try sarah.ok("record", "put", "item", "milk", "--fields", #"{"qty": 9}"#)
        try mike.ok("record", "put", "item", "eggs", "--fields", #"{"name": "Eggs"}"#)
        #expect(try mike.ok("status", "--json").object["pendingChanges"] as? Int == 1)
        #expect(!world.exists(world.shared), "no device made an empty folder where the shared one belongs")
        #expect(world.files(under: world.unmountedShared) == before, "nothing touched while away")
        world.remount()

        try sarah.ok("sync")
        try mike.ok("sync")
        try sarah.ok("sync")
        for device in [sarah, mike] {
            #expect(try device.ids("item") == ["bread", "eggs", "milk"], "\(device.name)")
            #expect(try device.get("item", "milk")["qty"] as? Int == 9, "\(device.name)")
            #expect(try device.ok("status", "--json").object["pendingChanges"] as? Int == 0)
        }
        let after = world.files(under: world.shared)
        #expect(Set(before).isSubset(of: after), "nothing deleted in the folder")
        #expect(after.contains { $0.hasSuffix("/eggs.json") })
    }

    @Test func aMissingHouseholdFolderStopsSyncWithExit5AndRemovesNothing() throws {
        let world = World()
        let (sarah, mike) = try world.sarahAndMike()
        let zone = world.zone
        try FileManager.default.moveItem(atPath: zone, toPath: world.root + "/zone-away")
        for device in [sarah, mike] {
            let sync = try device.run("sync")
            #expect(sync.exitCode == 5, "\(device.name): \(sync)")
            #expect(sync.stderr.contains("the household folder \(zone) is missing"), "\(sync)")
            #expect(try device.ids("item") == ["milk"], "\(device.name)")
        }
        #expect(!world.exists(zone), "not recreated empty: it may still be syncing")
        try FileManager.default.moveItem(atPath: world.root + "/zone-away", toPath: zone)
        try mike.ok("sync")
        #expect(try mike.get("item", "milk")["name"] as? String == "Milk")
    }
}
