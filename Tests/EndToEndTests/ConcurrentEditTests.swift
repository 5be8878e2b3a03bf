import Foundation
import Testing

/// Two devices change one record without having seen each other's change.
@Suite("End to end: concurrent edits")
struct ConcurrentEditTests {
    @Test func differentFieldsWrittenWhileOneDeviceIsOfflineBothSurvive() throws {
        let world = World()
        let (sarah, mike) = try world.sarahAndMike()
        try world.offline {
            try sarah.ok("record", "put", "item", "milk", "--fields", #"{"qty": 2}"#)
            let status = try sarah.ok("status", "--json").object
            #expect(status["pendingChanges"] as? Int == 1, "Sarah's change waits in her outbox")
            #expect(status["folderAvailable"] as? Bool == false)
        }
        #expect(world.object(world.recordPath(type: "item", id: "milk"))["qty"] as? Int == 1, "not in the folder yet")
        try mike.ok("record", "put", "item", "milk", "--fields", #"{"name": "Whole milk"}"#)

        try sarah.ok("sync")
        try mike.ok("sync")
        for device in [sarah, mike] {
            let milk = try device.get("item", "milk")
            #expect(milk["name"] as? String == "Whole milk", "\(device.name): \(milk)")
            #expect(milk["qty"] as? Int == 2, "\(device.name): \(milk)")
            #expect(try device.conflicts().isEmpty, "different fields never conflict")
        }
        #expect(try sarah.ok("status", "--json").object["pendingChanges"] as? Int == 0)
        let file = world.object(world.recordPath(type: "item", id: "milk"))
        #expect(file["name"] as? String == "Whole milk")
        #expect(file["qty"] as? Int == 2)
    }

    @Test func differentFieldsWrittenBeforeEitherSyncsBothSurvive() throws {
        let world = World()
        let (sarah, mike) = try world.sarahAndMike()
        try sarah.ok("record", "put", "item", "milk", "--fields", #"{"qty": 2}"#)
        try mike.ok("record", "put", "item", "milk", "--fields", #"{"note": "organic"}"#)
        try sarah.ok("sync")
        try mike.ok("sync")
        for device in [sarah, mike] {
            let milk = try device.get("item", "milk")
            #expect(milk["name"] as? String == "Milk", "\(device.name): \(milk)")
            #expect(milk["qty"] as? Int == 2, "\(device.name): \(milk)")
            #expect(milk["note"] as? String == "organic", "\(device.name): \(milk)")
            #expect(try device.conflicts().isEmpty)
        }
    }

    @Test func sameFieldHigherStampWinsAndTheLoserIsAConflictOnBothDevicesUntilRestored() throws {
        let world = World()
        let (sarah, mike) = try world.sarahAndMike()
        try world.offline { try sarah.ok("record", "put", "item", "milk", "--fields", #"{"name": "Oat milk"}"#) }
        Thread.sleep(forTimeInterval: 0.005)  // Mike's write is strictly later
        try mike.ok("record", "put", "item", "milk", "--fields", #"{"name": "Whole milk"}"#)
        try sarah.ok("sync")
        try mike.ok("sync")

        var ids: [String] = []
        for device in [sarah, mike] {
            #expect(try device.get("item", "milk")["name"] as? String == "Whole milk", "\(device.name)")
            let conflicts = try device.conflicts()
            #expect(conflicts.count == 1, "\(device.name): \(conflicts)")
            let conflict = conflicts.first ?? [:]
            #expect(conflict["kind"] as? String == "value")
            #expect(conflict["type"] as? String == "item")
            #expect(conflict["recordId"] as? String == "milk")
            #expect(conflict["field"] as? String == "name")
            #expect(conflict["value"] as? String == "Oat milk")
            #expect(conflict["winningValue"] as? String == "Whole milk")
            ids.append(conflict["id"] as? String ?? "")
        }
        #expect(ids[0] == ids[1], "a conflict has the same id on every device")
        let text = try mike.ok("conflicts")
        // Named as people call it, with who wrote the value that lost, and when.
        let said = text.stdout.split(separator: "\n").first { $0.hasPrefix(ids[1]) }.map(String.init) ?? ""
        #expect(said.hasPrefix("\(ids[1])  item \"Whole milk\": name \"Oat milk\" lost to \"Whole milk\" — "), "\(text)")
        #expect(said.hasSuffix(", just now") || said.contains(" min ago"), "\(said)")
        #expect(said.contains("— Sarah,") || said.contains("— Mike,"), "\(said)")

        try sarah.ok("conflicts", "restore", ids[0])
        try mike.ok("sync")
        try sarah.ok("sync")
        for device in [sarah, mike] {
            #expect(try device.get("item", "milk")["name"] as? String == "Oat milk", "\(device.name)")
            #expect(try device.conflicts().isEmpty, "\(device.name): the restore decided, having seen both")
        }
        #expect(try mike.run("conflicts", "restore", ids[0]).exitCode == 4, "a resolved conflict is gone")
    }

    @Test func aLaterEditOnAnotherDeviceRevivesADeletedRecord() throws {
        let world = World()
        let (sarah, mike) = try world.sarahAndMike()
        try sarah.ok("record", "rm", "item", "milk")
        #expect(try sarah.run("record", "get", "item", "milk").exitCode == 4)
        // Mike has not seen the deletion, and his edit is a minute later.
        try world.offline {
            try mike.with("OURS_CLOCK_OFFSET", "1m").ok("record", "put", "item", "milk", "--fields", #"{"qty": 3}"#)
        }
        try mike.ok("sync")
        try sarah.ok("sync")
        for device in [sarah, mike] {
            let get = try device.run("record", "get", "item", "milk")
            #expect(get.exitCode == 0, "\(device.name): \(get)")
            let milk = try device.get("item", "milk")
            #expect(milk["name"] as? String == "Milk", "\(device.name): the revived record keeps its values")
            #expect(milk["qty"] as? Int == 3)
            #expect((milk["_ours"] as? [String: Any])?["deleted"] == nil)
            #expect(try device.ids("item") == ["milk"], "\(device.name)")
            let conflicts = try device.conflicts()
            #expect(conflicts.map { $0["kind"] as? String } == ["deletionLostToEdit"], "\(device.name): \(conflicts)")
        }
    }

    @Test func anEarlierConcurrentEditDoesNotReviveADeletedRecord() throws {
        let world = World()
        let (sarah, mike) = try world.sarahAndMike()
        try sarah.ok("record", "rm", "item", "milk")
        // Mike has not seen the deletion, and his edit is stamped before it.
        try world.offline {
            try mike.with("OURS_CLOCK_OFFSET", "-1m").ok("record", "put", "item", "milk", "--fields", #"{"qty": 3}"#)
        }
        try mike.ok("sync")
        try sarah.ok("sync")
        for device in [sarah, mike] {
            let get = try device.run("record", "get", "item", "milk")
            #expect(get.exitCode == 4, "\(device.name): \(get)")
            #expect(get.stderr.contains("deleted"), "\(get)")
            #expect(try device.ids("item").isEmpty, "\(device.name)")
            let conflicts = try device.conflicts()
            #expect(conflicts.count == 1, "\(device.name): \(conflicts)")
            let conflict = conflicts.first ?? [:]
            #expect(conflict["kind"] as? String == "editLostToDeletion")
            #expect(conflict["field"] as? String == "qty")
            #expect(conflict["value"] as? Int == 3)
        }
        let file = world.object(world.recordPath(type: "item", id: "milk"))
        #expect((file["_ours"] as? [String: Any])?["deleted"] != nil, "the file stays, marked deleted")
    }
}
