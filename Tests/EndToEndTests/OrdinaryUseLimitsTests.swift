import Foundation
import OursSync
import Testing

/// File times and clocks far from now never crash a command.
@Suite("Nothing lost: times at the edges")
struct OrdinaryUseLimitsTests {
    /// 2300-01-01 and 10000-01-01 in seconds since 1970 (ext4 keeps times up to 2446; both are
    /// past 2262, the last instant 64 bits of nanoseconds hold).
    static let farTimes = [10_413_792_000, 253_402_300_800]

    /// Issue "Nothing lost, nothing split", case 8: `touch -m -d 2300-01-01` on a record file
    /// made `ours sync`, `doctor` and `watch` die with SIGILL (the stat time overflowed in
    /// nanoseconds); a device whose clock reads year 10000 leaves such times on every file.
    @Test(arguments: farTimes)
    func aRecordFileTimeFarFromNowCrashesNoCommand(_ seconds: Int) throws {
        let world = World()
        let (sarah, mike) = try world.sarahAndMike()
        world.setFileTimes(world.recordPath(type: "item", id: "milk"), seconds: seconds)
        for device in [sarah, mike] {
            for command in [["sync"], ["status"], ["doctor", "--fix"], ["doctor"]] {
                let ending = try device.runEnding(command)
                let expected: ClosedRange<Int32> = command[0] == "doctor" ? 0...1 : 0...0  // doctor: 1 if it reports the time
                #expect(ending.exited(expected), "\(device.name): ours \(command.joined(separator: " ")): \(ending)")
            }
        }
        let watch = try RunningOurs(mike, "watch", "--json", "--interval", "100ms")
        watch.waitForObject { $0["event"] as? String == "watching" }
        try sarah.ok("record", "put", "item", "bread", "--fields", #"{"name": "Bread"}"#)
        watch.waitForObject { $0["event"] as? String == "change" && $0["id"] as? String == "bread" }
        #expect(watch.signal(SIGTERM) == 0, "\(watch.errorOutput)")
        #expect(!watch.objects.contains { $0["event"] as? String == "failed" }, "\(watch.output)")
    }

    /// Issue "Nothing lost, nothing split", case 8: a hand edit in a file whose time is far in
    /// the future is merged, and its stamp reported as far-future (not a trap).
    @Test func aHandEditInAFileDatedFarAheadIsMergedAndReported() throws {
        let world = World()
        let (sarah, mike) = try world.sarahAndMike()
        let path = world.recordPath(type: "item", id: "milk")
        world.replace(in: path, #""qty": 1"#, with: #""qty": 5"#)
        world.setFileTimes(path, seconds: OrdinaryUseLimitsTests.farTimes[0])
        for device in [sarah, mike] {
            let synced = try device.runEnding(["sync"])
            #expect(synced.exited(0...0), "\(device.name): \(synced)")
        }
        for device in [sarah, mike] {
            #expect(try device.get("item", "milk")["qty"] as? Int == 5, "\(device.name)")
        }
        let status = try sarah.run("status", "--json")
        #expect(status.exitCode == 0, "\(status)")
        #expect((status.object["farFutureStamps"] as? [Any])?.isEmpty == false, "reported: \(status)")
    }

    /// Issue "Nothing lost, nothing split", case 8: clock readings far ahead and far behind, in
    /// turn, and at the end of what a 64-bit count of milliseconds holds (`OURS_CLOCK_OFFSET`
    /// shifts the device's clock).
    @Test func clockReadingsFarFromNowCrashNoCommand() throws {
        let world = World()
        let (sarah, _) = try world.sarahAndMike()
        for offset in ["9000000000000000000", "-9000000000000000000", "9223372036854775807"] {
            let shifted = sarah.with("OURS_CLOCK_OFFSET", offset)
            for command in [["status"], ["sync"], ["add", "bread"], ["doctor"]] {
                let ending = try shifted.runEnding(command)
                #expect(ending.exited(0...5), "offset \(offset): ours \(command.joined(separator: " ")): \(ending)")
            }
        }
    }
}
