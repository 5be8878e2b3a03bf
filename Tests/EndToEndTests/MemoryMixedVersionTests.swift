import Foundation
import OursTestSupport
import Testing

/// Memories beside a device still on the previous build, which has no memory commands: there a
/// memory is just a record (`ours record list memory` shows it whole), and what that device
/// writes to one with `ours record` is read here.
@Suite(
    "End to end: memories across versions",
    .needsPreviousBuild, .tags(.slow), .fullLoopOnly)
struct MemoryMixedVersionTests {
    /// `ours record list memory --json` on any version: name → fields (with `_ours`).
    func records(_ device: SimulatedDevice) throws -> [String: [String: Any]] {
        let listed = try device.ok("record", "list", "memory", "--json").array
        return Dictionary(uniqueKeysWithValues: listed.map { ($0["name"] as? String ?? "?", $0) })
    }

    @Test func anOlderDeviceListsMemoriesAsRecordsAndWhatItWritesCountsHere() throws {
        let world = World()
        let previous = try #require(PreviousBuild.url, Comment(rawValue: PreviousBuild.missing))
        let sarah = try world.device("Sarah")
        try sarah.ok("household", "create", "Home", "--folder", world.shared)
        let code = try sarah.ok("invite", "--json").object["code"] as? String ?? ""
        let mike = try world.device("Mike", binary: previous)
        try mike.ok("join", code, "--folder", world.shared)
        try sarah.ok("sync")
        try sarah.ok("memory", "add", "First steps", "--date", "2019-06-02", "--for", "Lily", "--note", "To Grandpa")
        try sarah.ok("memory", "add", "Fishing", "--for", "Mike")
        try mike.ok("sync")

        #expect(try mike.run("memories").exitCode == 2, "the previous build has no memory commands")
        let there = try records(mike)
        let steps = try #require(there["First steps"])
        #expect(steps["date"] as? String == "2019-06-02" && steps["for"] as? String == "Lily")
        #expect(steps["note"] as? String == "To Grandpa" && steps["addedAt"] is String && steps["addedBy"] is String)
        #expect(there["Fishing"]?["forName"] as? String == "Mike", "a member's id comes with a name people can read")

        // What it writes with `ours record`: an edit, a deletion, and a memory of its own.
        let stepsID = try #require((steps["_ours"] as? [String: Any])?["id"] as? String)
        let fishingID = try #require((there["Fishing"]?["_ours"] as? [String: Any])?["id"] as? String)
        try mike.ok("record", "put", "memory", stepsID, "--fields", #"{"note": "Three steps to Grandpa"}"#)
        try mike.ok("record", "rm", "memory", fishingID)
        try mike.ok("record", "put", "memory", "--fields", #"{"name": "Kite", "for": "lily", "date": "2020-04-01"}"#)
        try sarah.ok("sync")
        let here = try sarah.ok("memories", "--json").array.map { $0["name"] as? String ?? "?" }
        #expect(here == ["Kite", "First steps"], "the latest first")
        #expect(try sarah.ok("memory", "show", "first", "--json").object["note"] as? String == "Three steps to Grandpa")
        #expect(try sarah.ok("memories", "--for", "Lily", "--json").array.count == 2)
        let deleted = try sarah.ok("deleted", "--type", "memory", "--json").array
        #expect(deleted.first?["name"] as? String == "Fishing" && deleted.first?["deletedByName"] as? String == "Mike")
        try sarah.ok("restore", "memory", "fishing")
        try mike.ok("sync")
        #expect(try records(mike)["Fishing"]?["for"] != nil, "restored for the older device too")
    }
}
