import Testing

@testable import OursSync

/// A recovery that every other device would set aside is refused before anything reaches the
/// folder, and leaves the recovering device as it was: not the owner's device of a household
/// no one lets it into, and still free to be linked or set up for someone.
@Suite("A refused recovery changes nothing on its device")
struct RefusedRecoveryTests {
    @Test func aRecoveryRefusedAtOnceLeavesAFreshDeviceFresh() throws {
        let folder = try InMemoryFolder()
        let (clock, fileSystem) = (folder.clock, folder.fileSystem)
        let home = try folder.device("Sarah").createZone(name: "Home", folder: "/shared")
        let recovery = try home.issueRecoveryCode()
        _ = try folder.device("Mike").join(code: try home.invite(readOnly: false).code, folder: "/shared")
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

        let laptop = try folder.device("sarah-laptop", setUp: false)
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
