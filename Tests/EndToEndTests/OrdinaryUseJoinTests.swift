import Foundation
import OursSync
import OursTestSupport
import Testing

/// A new device joins a household whose `participants.json` or `zone.json` a person edited by
/// hand: it must end with the view every other device has, and no two devices may write a
/// file back and forth.
@Suite("Nothing split: a joining device and hand-edited documents")
struct OrdinaryUseJoinTests {
    /// Sarah (owner), Mike and Gran, synced, and a code for Tom.
    func household(
        _ world: World, granReadOnly: Bool = false
    ) throws -> (
        sarah: SimulatedDevice, mike: SimulatedDevice, gran: SimulatedDevice, code: String
    ) {
        let devices = try world.household(members: [("Mike", readOnly: false), ("Gran", readOnly: granReadOnly)])
        for device in devices { try device.ok("sync") }
        let code = try #require(try devices[0].ok("invite", "--json").object["code"] as? String)
        return (devices[0], devices[1], devices[2], code)
    }

    /// Tom joins with `code`. A device may refuse to start from a hand-edited document; then it
    /// must join once the owner's device has synced (and rewritten the document).
    func tomJoins(_ world: World, _ code: String, after owner: SimulatedDevice) throws -> SimulatedDevice {
        let tom = try world.device("Tom")
        let joined = try tom.run("join", code, "--folder", world.shared)
        if joined.exitCode != 0 {
            try owner.ok("sync")
            try tom.ok("join", code, "--folder", world.shared)
        }
        return tom
    }

    /// Every device syncs `rounds` times, in turn.
    func rounds(_ rounds: Int, _ devices: [SimulatedDevice]) throws {
        for _ in 0..<rounds { for device in devices { try device.ok("sync") } }
    }

    /// Issue "Nothing lost, nothing split", case 5: `participants.json` edited by hand (Mike
    /// renamed Robert) just before Tom joined. Tom kept the edit for good, and Tom's and
    /// Sarah's devices rewrote the file on every pass, for ever.
    @Test func aJoinerEndsWithEveryoneElsesParticipantsAndNothingIsWrittenBackAndForth() throws {
        let world = World()
        let (sarah, mike, _, code) = try household(world)
        world.replace(in: world.participantsFile, #""name": "Mike""#, with: #""name": "Robert""#)
        let tom = try tomJoins(world, code, after: sarah)
        try rounds(2, [sarah, mike, tom])
        for device in [sarah, mike, tom] {
            let names = try device.members().keys.sorted()
            #expect(names == ["Gran", "Mike", "Sarah", "Tom"], "\(device.name)")
        }
        let settled = world.version(world.participantsFile)
        try rounds(2, [sarah, mike, tom])
        #expect(world.version(world.participantsFile) == settled, "participants.json is written back and forth")
    }

    /// Issue "Nothing lost, nothing split", case 5: `zone.json` edited by hand (the household
    /// renamed) just before Tom joined.
    @Test func aJoinerEndsWithEveryoneElsesHouseholdNameAndNothingIsWrittenBackAndForth() throws {
        let world = World()
        let (sarah, _, _, code) = try household(world)
        world.replace(in: world.zoneFile, #""name": "Home""#, with: #""name": "Casa""#)
        let tom = try tomJoins(world, code, after: sarah)
        try rounds(2, [sarah, tom])
        for device in [sarah, tom] {
            let shown = try device.ok("household", "show", "--json").object
            #expect(shown["name"] as? String == "Home", "\(device.name): \(shown)")
        }
        let settled = world.version(world.zoneFile)
        try rounds(2, [sarah, tom])
        #expect(world.version(world.zoneFile) == settled, "zone.json is written back and forth")
    }

    /// Issue "Nothing lost, nothing split", case 5: a hand edit that makes Gran (read-only)
    /// read-write, just before Tom joined: Tom accepted Gran's changes while every other device
    /// ignored them.
    @Test func aJoinerIgnoresAReadOnlyMembersChangesAsEveryoneElseDoes() throws {
        let world = World()
        let (sarah, _, gran, code) = try household(world, granReadOnly: true)
        try sarah.ok("record", "put", "item", "milk", "--fields", #"{"name": "Milk"}"#)
        world.replace(in: world.participantsFile, #""permission": "readOnly""#, with: #""permission": "readWrite""#)
        let tom = try tomJoins(world, code, after: sarah)
        try world.writeRecordChange(type: "item", id: "milk", ["name": "Hacked"], stampedBy: try gran.deviceID())
        try tom.ok("sync")
        #expect(try tom.get("item", "milk")["name"] as? String == "Milk", "Tom keeps Gran's change")
        #expect(try tom.members()["Gran"]?["permission"] as? String == "readOnly")
        try rounds(1, [sarah, tom])
        for device in [sarah, tom] {
            #expect(try device.get("item", "milk")["name"] as? String == "Milk", "\(device.name)")
        }
    }

    /// Issue "Nothing lost, nothing split", case 5, as it showed with watchers: two of them
    /// replaced `participants.json` 13 times in 10 seconds, and went on.
    @Test(.tags(.slow), .fullLoopOnly) func twoWatchersDoNotWriteAHandEditedManifestBackAndForth() throws {
        let world = World()
        let (sarah, _, _, code) = try household(world)
        world.replace(in: world.participantsFile, #""name": "Mike""#, with: #""name": "Robert""#)
        let tom = try tomJoins(world, code, after: sarah)
        let watchers = try [sarah, tom].map { try RunningOurs($0, "watch", "--json", "--interval", "200ms") }
        for watch in watchers { watch.waitForObject { $0["event"] as? String == "watching" } }
        Thread.sleep(forTimeInterval: 1)  // both have made their first passes
        var replacements = 0
        var last = world.version(world.participantsFile)
        let end = Date().addingTimeInterval(6)
        while Date() < end {
            let now = world.version(world.participantsFile)
            if now != last { replacements += 1 }
            last = now
            Thread.sleep(forTimeInterval: 0.01)
        }
        for watch in watchers { #expect(watch.signal(SIGTERM) == 0, "\(watch.errorOutput)") }
        #expect(replacements <= 1, "participants.json was replaced \(replacements) times in 6 s")
    }

    /// Issue "Nothing lost, nothing split", case 5: whatever the cause (here a device on an
    /// earlier version that keeps putting its own `participants.json` back), a device that
    /// finds itself writing a file back and forth stops, and says so.
    @Test(.tags(.slow), .fullLoopOnly) func aWatcherStopsAWriteLoopAndReportsIt() throws {
        let world = World()
        let devices = try world.household()
        let sarah = devices[0]
        let watch = try RunningOurs(sarah, "watch", "--json", "--interval", "200ms")
        watch.waitForObject { $0["event"] as? String == "watching" }
        Thread.sleep(forTimeInterval: 1)
        let theirs = world.text(world.participantsFile).replacingOccurrences(of: #""name": "Mike""#, with: #""name": "Robert""#)
        let other = StubbornWriter(path: world.participantsFile, bytes: Array(theirs.utf8))
        Thread.sleep(forTimeInterval: 8)  // forty polls
        let restores = other.stop()
        #expect(restores <= 5, "the watcher wrote participants.json back \(restores) times in 8 s")
        let reported = watch.objects.filter { $0["event"] as? String == "problem" }.compactMap { $0["problem"] as? [String: Any] }
        #expect(
            reported.contains {
                ($0["path"] as? String)?.hasSuffix("participants.json") == true
                    && "\($0["kind"] ?? "") \($0["message"] ?? "")".lowercased().contains("loop")
            }, "no write loop reported: \(reported)")
        #expect(watch.signal(SIGTERM) == 0, "\(watch.errorOutput)")
    }
}
