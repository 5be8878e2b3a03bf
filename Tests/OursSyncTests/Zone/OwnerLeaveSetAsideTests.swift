import Testing

@testable import OursSync

/// An owner hands the household to a member who, on a device not yet synced, leaves at the
/// same moment: the hand-over does not take effect. The owner's device, believing it had, lets
/// her leave as a member. Every device ignores that leave (an owner leaves only by handing
/// over): her device must learn it, say why, and act as the owner again — not stay a read-only
/// copy of a household whose only owner can do nothing.
@Suite("An owner's leave after a hand-over that did not take effect")
struct OwnerLeaveSetAsideTests {
    @Test func herDeviceIsTheOwnersAgainAndSaysWhy() throws {
        let folder = try InMemoryFolder()
        let sarahDevice = try folder.device("Sarah")
        let sarah = try sarahDevice.createZone(name: "Home", folder: "/shared")
        let mikeDevice = try folder.device("Mike")
        let mike = try mikeDevice.join(code: try sarah.invite(readOnly: false).code, folder: "/shared").zone
        let anaDevice = try folder.device("Ana")
        let ana = try anaDevice.join(code: try sarah.invite(readOnly: false).code, folder: "/shared").zone
        for zone in [sarah, mike, ana, sarah] { try zone.sync() }

        // Mike leaves; before his leave reaches her device, Sarah hands the household to him.
        let manifestPath = try #require(sarah.layout).participantsFile
        let before = try folder.fileSystem.read(manifestPath, limit: Int.max)
        folder.clock.advance(by: 1000)
        try mike.leave()
        let mikes = try folder.fileSystem.read(manifestPath, limit: Int.max)
        try folder.fileSystem.writeAtomically(manifestPath, before, durability: .immediate)  // not carried over yet
        folder.clock.advance(by: 1000)
        _ = try sarah.transfer(to: "Mike")
        try sarah.leave()  // a member now, as her device reads it
        #expect(try sarahDevice.memberships().first?.status == .left)

        // Mike's leave arrives (a two-way tool keeps both versions of the file).
        let copy = manifestPath.replacingOccurrences(of: ".json", with: ".sync-conflict-20261122-101500-ABCDEFG.json")
        try folder.fileSystem.writeAtomically(copy, mikes, durability: .immediate)
        folder.clock.advance(by: 1000)
        try ana.sync()
        #expect(try ana.zoneInfo()?.owner == sarahDevice.requireIdentity().participantID, "the hand-over did not take effect")
        #expect(try ana.manifest().participants[sarahDevice.requireIdentity().participantID]?.status == .active)

        let corrections = try sarahDevice.reconsiderEndedMemberships()
        let correction = try #require(corrections.first?.1)
        #expect(correction.was == .left && correction.now == .active && correction.role == .owner)
        let message = correction.message(household: "Home")
        #expect(message.contains("Your leaving Home did not take effect"), "\(message)")
        let membership = try #require(try sarahDevice.memberships().first)
        #expect(membership.status == .active && membership.role == .owner && membership.permission == .readWrite)
        // She can act as the owner: invite someone, or hand over again to a member who is there.
        let again = Zone(device: sarahDevice, membership: membership)
        try again.sync()
        _ = try again.invite(readOnly: true)
        _ = try again.transfer(to: "Ana")
        try again.sync()
        try ana.sync()
        #expect(try ana.zoneInfo()?.owner == anaDevice.requireIdentity().participantID)
    }
}
