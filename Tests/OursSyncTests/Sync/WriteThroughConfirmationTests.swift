import Foundation
import Testing

@testable import OursSync

/// A change written straight to the folder is confirmed by the next pass: if the folder's file
/// went back to exactly the bytes this device last indexed (a stale copy a sync tool delivered,
/// a restore from version history), the change is written again, not silently lost.
@Suite("Write-through is confirmed by the next pass")
struct WriteThroughConfirmationTests {
    @Test func aFileThatWentBackToIndexedBytesGetsTheChangeAgain() throws {
        let world = SharedFolderWorld()
        let (sarah, mike) = try world.couple()
        let milk = try sarah.put(type: "item", id: "milk", fields: ["name": "Milk"])
        try sarah.sync()  // the index now holds the folder file's bytes
        let path = sarah.layout!.path(of: milk)
        let indexed = try #require(FileManager.default.contents(atPath: path))

        try sarah.put(type: "item", id: "milk", fields: ["name": "Oat milk"])
        #expect(try sarah.replica.deliveredKeys() == [milk])
        try indexed.write(to: URL(fileURLWithPath: path))  // the old bytes come back

        try sarah.sync()
        #expect(try sarah.replica.deliveredKeys().isEmpty)
        let text = String(decoding: try #require(FileManager.default.contents(atPath: path)), as: UTF8.self)
        #expect(text.contains("\"name\": \"Oat milk\""))
        try mike.sync()
        #expect(try mike.get(milk)?.values["name"] == "Oat milk")
        #expect(try sarah.status().pendingChanges == 0, "delivered changes are not shown as waiting")
    }
}
