import Testing

@testable import OursSync

/// A device whose person left still makes sure the household's documents know them: when
/// `participants.json` comes back (a sync tool's rollback, a restore) without their join, the
/// others would hold everything they wrote back for good, as a stranger's.
@Suite("Leaving: a departed device puts its person back in the documents")
struct DepartedDeviceDocumentTests {
    @Test func aRolledBackManifestGetsTheDepartedMemberBack() throws {
        let clock = ManualWallClock(millis: 1_800_000_000_000)
        let fileSystem = InMemoryFileSystem(clock: clock)
        try fileSystem.createDirectory("/shared")
        let sarah = Device(home: "/homes/sarah", fileSystem: fileSystem, clock: clock)
        _ = try sarah.initialize(name: "Sarah", email: nil)
        let home = try sarah.createZone(name: "Home", folder: "/shared")
        let manifestPath = try #require(home.layout).participantsFile
        let beforeAna = try fileSystem.read(manifestPath, limit: Int.max)

        let ana = Device(home: "/homes/ana", fileSystem: fileSystem, clock: clock)
        _ = try ana.initialize(name: "Ana", email: nil)
        let anas = try ana.join(code: try home.invite(readOnly: false).code, folder: "/shared").zone
        let milk = try anas.put(type: "item", id: "milk", fields: ["name": "Milk"])
        try anas.sync()
        clock.advance(by: 1000)
        try anas.leave()
        try fileSystem.writeInPlace(manifestPath, beforeAna)  // the sync tool puts an old version back

        #expect(throws: OursError.self) { try anas.sync() }  // "You left"; delivers what it knows
        clock.advance(by: 1000)
        let report = try home.sync()

        #expect(!report.problems.contains { $0.kind == .unknownWriter }, "\(report.problems)")
        #expect(try home.state(of: milk)?.fields["name"]?.winner.value == "Milk")
        let anaID = try ana.requireIdentity().participantID
        #expect(try home.manifest().participants[anaID]?.status == .left)
    }

    /// A read-only member has no records to deliver, but their leave is theirs to deliver: a
    /// manifest put back without it would keep them active on every other device for good.
    @Test func aRolledBackManifestLearnsAReadOnlyMembersLeave() throws {
        let folder = try InMemoryFolder()
        let (clock, fileSystem) = (folder.clock, folder.fileSystem)
        let home = try folder.device("Sarah").createZone(name: "Home", folder: "/shared")
        let manifestPath = try #require(home.layout).participantsFile

        let ana = try folder.device("Ana")
        let anas = try ana.join(code: try home.invite(readOnly: true).code, folder: "/shared").zone
        try home.sync()
        let beforeLeaving = try fileSystem.read(manifestPath, limit: Int.max)
        clock.advance(by: 1000)
        try anas.leave()
        try fileSystem.writeInPlace(manifestPath, beforeLeaving)  // the sync tool puts an old version back
        try home.sync()
        let anaID = try ana.requireIdentity().participantID
        #expect(try home.manifest().participants[anaID]?.status == .active)

        #expect(throws: OursError.self) { try anas.sync() }  // "You left"; delivers what it knows
        clock.advance(by: 1000)
        try home.sync()

        #expect(try home.manifest().participants[anaID]?.status == .left)
    }

    /// A change the departed device made while a member, that the folder lost after it left
    /// (a device that had not learnt it was removed itself judged it a stranger's, and wrote
    /// the file without it): no one else holds it, so the departed device puts it back.
    @Test func aChangeTheFolderLostAfterTheLeaveIsDeliveredAgain() throws {
        let folder = try InMemoryFolder()
        let home = try folder.device("Sarah").createZone(name: "Home", folder: "/shared")
        let anas = try folder.device("Ana").join(code: try home.invite(readOnly: false).code, folder: "/shared").zone
        let milk = try anas.put(type: "item", id: "milk", fields: ["name": "Milk"])
        try anas.sync()
        folder.clock.advance(by: 1000)
        try anas.leave()
        try folder.fileSystem.remove(try #require(home.layout).path(of: milk))  // before Sarah read it

        #expect(throws: OursError.self) { try anas.sync() }  // "You left"; puts the lost change back
        folder.clock.advance(by: 1000)
        try home.sync()

        #expect(try home.state(of: milk)?.fields["name"]?.winner.value == "Milk")
    }

    /// What it wrote after its person was removed, before it learnt so, every device ignores:
    /// delivered once when it learns, it is not written again on every later run.
    @Test func aChangeMadeAfterTheRemovalIsNotDeliveredAgain() throws {
        let folder = try InMemoryFolder()
        let home = try folder.device("Sarah").createZone(name: "Home", folder: "/shared")
        let anas = try folder.device("Ana").join(code: try home.invite(readOnly: false).code, folder: "/shared").zone
        try home.sync()
        folder.clock.advance(by: 1000)
        _ = try home.removeMember("Ana")
        folder.clock.advance(by: 1000)
        let eggs = try anas.put(type: "item", id: "eggs", fields: ["name": "Eggs"])  // not yet knowing
        try anas.sync()  // learns the removal; delivers what it holds
        try home.sync()  // ignores the eggs
        let eggsFile = try #require(home.layout).path(of: eggs)
        let cleaned = try? folder.fileSystem.read(eggsFile, limit: Int.max)

        #expect(throws: OursError.self) { try anas.sync() }

        #expect((try? folder.fileSystem.read(eggsFile, limit: Int.max)) == cleaned)
        #expect(try home.state(of: eggs) == nil)
    }
}
