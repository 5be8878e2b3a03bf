import Foundation
import Testing

/// After interleaved edits and final syncs, the folder and every replica hold the same bytes.
@Suite("End to end: convergence")
struct ConvergenceTests {
    @Test func threeDevicesConvergeToByteIdenticalFiles() throws {
        let world = World()
        let devices = try world.household(members: [("Mike", false), ("Kid", false)])
        let (sarah, mike, kid) = (devices[0], devices[1], devices[2])
        for (id, name) in [("milk", "Milk"), ("bread", "Bread"), ("eggs", "Eggs")] {
            try sarah.ok("record", "put", "item", id, "--fields", #"{"name": "\#(name)", "qty": 1}"#)
        }
        try mike.ok("sync")
        try kid.ok("sync")

        try mike.ok("record", "put", "item", "milk", "--fields", #"{"qty": 2}"#)
        try world.offline {
            try kid.ok("record", "put", "item", "bread", "--fields", #"{"name": "Rye bread"}"#)
            try kid.ok("record", "put", "item", "eggs", "--fields", #"{"qty": 12}"#)
        }
        try sarah.ok("record", "put", "item", "milk", "--fields", #"{"name": "Oat milk"}"#)
        try sarah.ok("record", "rm", "item", "eggs")
        try mike.ok("record", "put", "item", "apples", "--fields", #"{"name": "Apples", "qty": 6}"#)
        try sarah.ok("sync")
        Thread.sleep(forTimeInterval: 0.005)
        try world.offline { try kid.ok("record", "put", "item", "milk", "--fields", #"{"qty": 3}"#) }
        try mike.ok("record", "put", "item", "bread", "--fields", #"{"note": "sliced"}"#)

        for device in [sarah, mike, kid, sarah, mike] { try device.ok("sync") }

        let folder = world.zone + "/records"
        let files = world.files(under: folder)
        #expect(files.count == 4, "\(files)")
        for device in [sarah, mike, kid] {
            let replica = try device.replicaRecords()
            #expect(world.files(under: replica) == files, "\(device.name) holds the same records")
            for relative in files {
                #expect(
                    world.bytes(folder + "/" + relative) == world.bytes(replica + "/" + relative),
                    "\(device.name) \(relative):\n\(world.text(folder + "/" + relative))\n---\n\(world.text(replica + "/" + relative))"
                )
            }
            #expect(try device.ids("item") == ["apples", "bread", "milk"], "\(device.name)")
            let milk = try device.get("item", "milk")
            #expect(milk["name"] as? String == "Oat milk" && milk["qty"] as? Int == 3, "\(device.name): \(milk)")
            let bread = try device.get("item", "bread")
            #expect(bread["name"] as? String == "Rye bread" && bread["note"] as? String == "sliced", "\(device.name): \(bread)")
            #expect(try device.run("record", "get", "item", "eggs").exitCode == 4, "Kid's earlier edit lost to the deletion")
            let kinds = try device.conflicts().map { "\($0["recordId"] as? String ?? "") \($0["kind"] as? String ?? "")" }
            #expect(kinds.sorted() == ["eggs editLostToDeletion", "milk value"], "\(device.name): \(kinds)")
        }
        let resync = try sarah.ok("sync", "--json").object
        #expect(resync["filesWritten"] as? Int == 0, "a converged folder needs no writes: \(resync)")
    }
}
