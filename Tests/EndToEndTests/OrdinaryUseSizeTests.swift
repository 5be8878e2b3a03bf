import Foundation
import OursSync
import OursTestSupport
import Testing

/// Records near and past the size limit never lock a device out of its own household.
@Suite("Nothing lost: sizes at the edges", .tags(.slow), .fullLoopOnly)
struct OrdinaryUseSizeTests {
    /// A JSON object with one field of `size` bytes of `letter`.
    func fields(_ name: String, _ letter: Character, size: Int) -> String {
        #"{"\#(name)": ""# + String(repeating: letter, count: size) + #""}"#
    }

    /// Issue "Nothing lost, nothing split", case 9: `record put` of a 5 MB field exited 1 but
    /// had stored it; from then on `sync`, `record list`, `record rm` and `doctor --fix` failed.
    @Test func anOversizedWriteIsRefusedBeforeAnythingIsStored() throws {
        let world = World()
        let (sarah, mike) = try world.sarahAndMike()
        let refused = try sarah.run("record", "put", "item", "big", "--fields", "-", input: fields("note", "x", size: 5_000_000))
        #expect(refused.exitCode == 1 || refused.exitCode == 2, "\(refused.exitCode): \(refused.stderr)")
        #expect(try sarah.run("record", "get", "item", "big").exitCode == 4, "nothing was stored")
        #expect(try sarah.ok("status", "--json").object["pendingChanges"] as? Int == 0)
        for device in [sarah, mike] {
            for command in [["sync"], ["record", "list", "item"], ["doctor"]] {
                let result = try device.run(arguments: command)
                #expect(result.exitCode == 0, "\(device.name): ours \(command.joined(separator: " ")): \(result.stderr)")
            }
        }
    }

    /// Issue "Nothing lost, nothing split", case 9: each edit of a 600 KB field kept the old
    /// value (what the write replaced) until the seventh edit made the record too large for
    /// the device to read.
    @Test func editingALargeFieldAgainAndAgainNeverLocksTheDevice() throws {
        let world = World()
        let (sarah, mike) = try world.sarahAndMike()
        for (round, letter) in "abcdefghi".enumerated() {
            let put = try sarah.run("record", "put", "item", "big", "--fields", "-", input: fields("note", letter, size: 600_000))
            #expect(put.exitCode == 0, "edit \(round + 1): \(put.stderr)")
            let listed = try sarah.run("record", "list", "item")
            #expect(listed.exitCode == 0, "after edit \(round + 1): \(listed.stderr)")
        }
        for device in [sarah, mike] {
            let synced = try device.run("sync")
            #expect(synced.exitCode == 0, "\(device.name): \(synced.stderr)")
            let note = try device.get("item", "big")["note"] as? String
            #expect(note?.first == "i" && note?.count == 600_000, "\(device.name): the last edit")
        }
    }

    /// Issue "Nothing lost, nothing split", case 9: two offline edits of 2.5 MB each (both
    /// accepted) merged into a 5 MB record that one device could no longer sync, list or
    /// repair, while the other reported it broken.
    @Test func editsThatMergePastTheLimitLeaveEveryDeviceWorking() throws {
        let world = World()
        let (sarah, mike) = try world.sarahAndMike()
        try world.offline {
            try sarah.ok("record", "put", "item", "milk", "--fields", "-", input: fields("a", "x", size: 2_500_000))
        }
        try mike.ok("record", "put", "item", "milk", "--fields", "-", input: fields("b", "y", size: 2_500_000))
        for device in [sarah, mike, sarah, mike] {
            let synced = try device.run("sync")
            #expect(synced.exitCode == 0, "\(device.name): \(synced.stderr)")
        }
        for device in [sarah, mike] {
            for command in [["record", "list", "item"], ["record", "get", "item", "milk"]] {
                let result = try device.run(arguments: command)
                #expect(result.exitCode == 0, "\(device.name): ours \(command.joined(separator: " ")): \(result.stderr)")
            }
            try expectRepairRuns(device, fix: true)
        }
        let removed = try sarah.run("record", "rm", "item", "milk")
        #expect(removed.exitCode == 0, "\(removed.stderr)")
        for device in [sarah, mike] {
            #expect(try device.run("sync").exitCode == 0, "\(device.name)")
            #expect(try device.run("record", "get", "item", "milk").exitCode == 4, "\(device.name): deleted")
        }
    }

    /// Issue "Nothing lost, nothing split", case 9: `doctor --fix` mends an oversized record an
    /// earlier version left in the replica (stored, waiting in the outbox, unreadable).
    @Test func doctorFixMendsAnOversizedRecordAnEarlierVersionLeftBehind() throws {
        let world = World()
        let (sarah, _) = try world.sarahAndMike()
        var state = RecordState(key: try RecordKey(type: "item", id: "big"))
        let stamp = Stamp(
            millis: Int64(Date().timeIntervalSince1970 * 1000), device: try #require(DeviceID(try sarah.deviceID())))
        state.write(["note": .string(String(repeating: "x", count: 5_000_000))], at: stamp)
        world.write(try sarah.replicaPath(type: "item", id: "big"), RecordFile.encode(state))
        world.write((try sarah.replicaRecords() as NSString).deletingLastPathComponent + "/outbox/item~big", "")

        try expectRepairRuns(sarah, fix: true)
        for command in [["sync"], ["record", "list", "item"]] {
            let result = try sarah.run(arguments: command)
            #expect(result.exitCode == 0, "ours \(command.joined(separator: " ")): \(result.stderr)")
        }
        try expectRepairRuns(sarah, fix: false)
    }

    /// `ours doctor [--fix] --json` completes with its report (exit 0 when healthy, 1 when it
    /// still reports problems), rather than failing with an error.
    func expectRepairRuns(_ device: SimulatedDevice, fix: Bool, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let result = try device.run(arguments: ["doctor"] + (fix ? ["--fix"] : []) + ["--json"])
        #expect(
            (result.exitCode == 0 || result.exitCode == 1) && result.object["healthy"] is Bool,
            "\(device.name): ours doctor\(fix ? " --fix" : ""): \(result)", sourceLocation: sourceLocation)
    }
}
