import Foundation
import Testing

@testable import OursSync

@Suite("Two devices over one real folder")
struct TwoDeviceSyncTests {
    @Test func joinSeesRecordsAndEditsFlowBothWays() throws {
        let world = SharedFolderWorld()
        let (sarah, mike) = try world.couple()
        let milk = try sarah.put(type: "item", fields: ["name": "Milk", "qty": 2])
        try mike.sync()
        #expect(try mike.get(milk)?.values == ["name": "Milk", "qty": 2])

        try mike.put(type: "item", id: milk.id, fields: ["qty": 3])
        try sarah.sync()
        #expect(try sarah.get(milk)?.values == ["name": "Milk", "qty": 3])
    }

    @Test func concurrentEditsOfDifferentFieldsBothSurvive() throws {
        let world = SharedFolderWorld()
        let (sarah, mike) = try world.couple()
        let milk = try sarah.put(type: "item", fields: ["name": "Milk"])
        try mike.sync()
        // Both edit without syncing first: different fields.
        try device(offline: sarah) { try sarah.put(type: "item", id: milk.id, fields: ["qty": 2]) }
        try device(offline: mike) { try mike.put(type: "item", id: milk.id, fields: ["note": "2%"]) }
        try sarah.sync()
        try mike.sync()
        try sarah.sync()
        let expected: [String: JSONValue] = ["name": "Milk", "qty": 2, "note": "2%"]
        #expect(try sarah.get(milk)?.values == expected)
        #expect(try mike.get(milk)?.values == expected)
        #expect(try sarah.conflicts().isEmpty)
    }

    @Test func concurrentEditsOfOneFieldKeepTheLoserAsAConflictOnBoth() throws {
        let world = SharedFolderWorld()
        let (sarah, mike) = try world.couple()
        let milk = try sarah.put(type: "item", fields: ["name": "Milk"])
        try mike.sync()
        try device(offline: sarah) { try sarah.put(type: "item", id: milk.id, fields: ["name": "Oat milk"]) }
        Thread.sleep(forTimeInterval: 0.005)
        try device(offline: mike) { try mike.put(type: "item", id: milk.id, fields: ["name": "Whole milk"]) }
        try sarah.sync()
        try mike.sync()
        try sarah.sync()
        #expect(try sarah.get(milk)?.values["name"] == "Whole milk")
        #expect(try mike.get(milk)?.values["name"] == "Whole milk")
        for side in [sarah, mike] {
            let conflicts = try side.conflicts()
            #expect(conflicts.count == 1)
            #expect(conflicts.first?.value == "Oat milk")
        }
    }

    @Test func filesAreByteIdenticalAfterConvergence() throws {
        let world = SharedFolderWorld()
        let (sarah, mike) = try world.couple()
        for index in 0..<20 { try sarah.put(type: "item", fields: ["name": .string("thing \(index)")]) }
        try mike.sync()
        let mikeKeys = try mike.replica.keys()
        #expect(mikeKeys.count == 20)
        for key in mikeKeys {
            #expect(try mike.replica.bytes(of: key) == sarah.replica.bytes(of: key))
        }
    }

    /// Runs `body` with the household's folder hidden, as if the device were offline.
    func device(offline household: Zone, _ body: () throws -> Void) throws {
        let folder = household.membership!.folder
        let hidden = folder + ".offline"
        try FileManager.default.moveItem(atPath: folder, toPath: hidden)
        defer { try? FileManager.default.moveItem(atPath: hidden, toPath: folder) }
        try body()
    }
}
