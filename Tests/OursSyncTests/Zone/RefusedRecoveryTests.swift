import Testing

@testable import OursSync

/// A recovery that every other device would set aside is refused before anything reaches the
/// folder, and leaves the recovering device as it was: not the owner's device of a household
/// no one lets it into, and still free to be linked or set up for someone.
@Suite("A refused recovery changes nothing on its device")
struct RefusedRecoveryTests {
    let clock = ManualWallClock(millis: 1_800_000_000_000)

    @Test func aRecoveryRefusedAtOnceLeavesAFreshDeviceFresh() throws {
        let fileSystem = InMemoryFileSystem(clock: clock)
        try fileSystem.createDirectory("/shared")
        let phone = Device(home: "/homes/sarah-phone", fileSystem: fileSystem, clock: clock)
        _ = try phone.initialize(name: "Sarah", email: nil)
        let home = try phone.createZone(name: "Home", folder: "/shared")
        let recovery = try home.issueRecoveryCode()
        let mike = Device(home: "/homes/mike", fileSystem: fileSystem, clock: clock)
        _ = try mike.initialize(name: "Mike", email: nil)
        _ = try mike.join(code: try home.invite(readOnly: false).code, folder: "/shared")
        try home.sync()
        let zoneFile = try #require(home.layout).zoneFile
        let beforeHandOver = try fileSystem.read(zoneFile, limit: Int.max)
        clock.advance(by: 1000)
        try home.transfer(to: "Mike")
        // A two-way tool kept both versions: zone.json as it was, the hand-over in a conflict copy.
        let handedOver = try fileSystem.read(zoneFile, limit: Int.max)
        try fileSystem.writeAtomically(
            zoneFile.replacingOccurrences(of: "zone.json", with: "zone.sync-conflict-20261122-101500-ABCDEFG.json"),
            handedOver, durability: .immediate)
        try fileSystem.writeAtomically(zoneFile, beforeHandOver, durability: .immediate)

        let laptop = Device(home: "/homes/sarah-laptop", fileSystem: fileSystem, clock: clock)
        do {
            _ = try laptop.recover(code: recovery, folder: "/shared")
            Issue.record("the recovery went through")
        } catch {
            #expect(error.kind == .notPermitted && error.message.contains("every other device would ignore"), "\(error)")
        }
        #expect(try laptop.identity() == nil, "still a fresh device")
        #expect(try laptop.memberships().isEmpty)
        #expect(try fileSystem.stat(laptop.replica(home.membership!.id).directory) == nil, "no copy of Home begun")
    }
}
