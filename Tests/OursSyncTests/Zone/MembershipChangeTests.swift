import Testing

@testable import OursSync

/// A device judges its own join, return or upgrade as every other device will before it
/// believes in it: one the others would ignore is refused with their reason, and nothing
/// changes — not the folder, not the membership, not the code.
@Suite("Membership changes a device judges as the others will")
struct MembershipChangeTests {
    let clock = ManualWallClock(millis: 1_800_000_000_000)
    let fileSystem: InMemoryFileSystem
    let sarah: Zone

    init() throws {
        let fileSystem = InMemoryFileSystem(clock: clock)
        try fileSystem.createDirectory("/shared")
        self.fileSystem = fileSystem
        sarah = try Self.device("Sarah", fileSystem, clock).createZone(name: "Home", folder: "/shared")
    }

    static func device(_ name: String, _ fileSystem: InMemoryFileSystem, _ clock: ManualWallClock) throws -> Device {
        let device = Device(home: "/homes/" + name.lowercased(), fileSystem: fileSystem, clock: clock)
        _ = try device.initialize(name: name, email: nil)
        return device
    }

    func device(_ name: String) throws -> Device { try Self.device(name, fileSystem, clock) }

    func code(readOnly: Bool = false) throws -> String {
        clock.advance(by: 1000)
        return try sarah.invite(readOnly: readOnly, maxUses: 5).code
    }

    @Test func aRemovedMemberCannotComeBackWithACodeMadeBeforeTheRemoval() throws {
        let mike = try device("Mike")
        let old = try code()
        let first = try code()
        _ = try mike.join(code: first, folder: "/shared")
        clock.advance(by: 1000)
        try sarah.removeMember("Mike")
        #expect(try mike.zone().sync().lifecycle == .removed)
        let before = fileSystem.files(under: "/shared")
        let refused = #expect(throws: OursError.self) { try mike.join(code: old, folder: "/shared") }
        #expect(refused?.kind == .notPermitted)
        #expect(refused?.message.contains("made before they were removed") == true, "\(String(describing: refused))")
        #expect(fileSystem.files(under: "/shared") == before, "nothing was written")
        #expect(try mike.memberships().first?.status == .removed)
        let back = try mike.join(code: try code(), folder: "/shared")
        #expect(back.zone.membership?.status == .active)
        try sarah.sync()
        #expect(try sarah.manifest().participants.values.first { $0.name == "Mike" }?.status == .active)
    }

    @Test func anUpgradeTheOwnerDecidedAgainstIsRefusedAndUsesNoCode() throws {
        let mike = try device("Mike")
        let old = try code()
        let joined = try mike.join(code: try code(), folder: "/shared").zone
        clock.advance(by: 1000)
        let mikeID = try mike.requireIdentity().participantID
        try sarah.context.changeDocuments(manifest: [mikeID + ".permission": "readOnly"])  // no command does this yet
        try joined.sync()
        #expect(joined.membership?.permission == .readOnly)
        let refused = #expect(throws: OursError.self) { try mike.join(code: old, folder: "/shared") }
        #expect(refused?.kind == .notPermitted)
        #expect(refused?.message.contains("was made read-only after share code") == true, "\(String(describing: refused))")
        #expect(try sarah.codes().first { $0.code == old }?.uses == 0, "a refused upgrade uses no code")
        let upgraded = try mike.join(code: try code(), folder: "/shared")
        #expect(upgraded.upgraded && upgraded.zone.membership?.permission == .readWrite)
    }

    @Test func aReadOnlyCodeChangesNothingForAMember() throws {
        let gran = try device("Gran")
        _ = try gran.join(code: try code(readOnly: true), folder: "/shared")
        let again = try gran.join(code: try code(readOnly: true), folder: "/shared")
        #expect(again.alreadyMember && !again.upgraded)
        #expect(again.zone.membership?.permission == .readOnly)
    }
}
