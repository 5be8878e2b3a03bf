import Testing

@testable import OursSync

/// What `household create`, `join` and a sync leave in the shared folder when something goes
/// wrong: no household nobody belongs to, no code left unused by a join, no other household's
/// documents overwritten.
@Suite("Household folders: creating, joining, another household's documents")
struct HouseholdFolderTests {
    let clock = ManualWallClock(millis: 1_800_000_000_000)
    let fileSystem: InMemoryFileSystem

    init() throws {
        fileSystem = InMemoryFileSystem(clock: clock)
        try fileSystem.createDirectory("/shared")
    }

    func device(_ name: String) throws -> Device {
        let device = Device(home: "/homes/" + name.lowercased(), fileSystem: fileSystem, clock: clock)
        _ = try device.initialize(name: name, email: nil)
        return device
    }

    /// The folders directly in the shared folder.
    func folders() throws -> [String] {
        try fileSystem.list("/shared").filter { $0.kind == .directory }.map(\.name).sorted()
    }

    @Test func aFailedCreateLeavesNoFolderBehindAndARetryMakesOne() throws {
        let sarah = try device("Sarah")
        fileSystem.readOnlyPaths = ["/homes/sarah/replicas"]
        #expect(throws: OursError.self) { try sarah.createZone(name: "Home", folder: "/shared") }
        #expect(try folders().isEmpty, "a household nobody belongs to was left in the shared folder")
        #expect(try sarah.memberships().isEmpty)
        fileSystem.readOnlyPaths = []
        let home = try sarah.createZone(name: "Home", folder: "/shared")
        #expect(try folders() == [home.membership?.directory ?? "?"])
    }

    @Test func anUnpublishedFolderIsSweptOnceStale() throws {
        let sarah = try device("Sarah").createZone(name: "Home", folder: "/shared")
        let unpublished = ZoneLayout(root: "/shared", directoryName: ZoneLayout.stagingPrefix + "k3j9x2qf")
        try fileSystem.createDirectory(unpublished.records)
        try fileSystem.writeAtomically(unpublished.zoneFile, [0x7B, 0x7D], durability: .immediate)
        try sarah.sync()
        #expect(try folders().contains(unpublished.directoryName), "a young one may be a create in progress")
        clock.advance(by: LeftoverTemporaryFiles.staleMillis + 1000)
        try sarah.sync()
        #expect(try !folders().contains(unpublished.directoryName))
    }

    @Test func aJoinWhoseCodeFileCannotBeWrittenStillUsesTheCode() throws {
        let sarah = try device("Sarah").createZone(name: "Home", folder: "/shared")
        let code = try sarah.invite(readOnly: false)
        fileSystem.readOnlyPaths = ["/shared/codes"]
        let joined = try device("Mike").join(code: code.code, folder: "/shared")
        #expect(joined.zone.membership?.status == .active)
        #expect(
            joined.report?.problems.contains { $0.kind == .writeFailed && $0.path == "codes/\(code.code).json" } == true,
            "\(joined.report?.problems ?? [])")
        fileSystem.readOnlyPaths = []
        try sarah.sync()
        #expect(try sarah.codes().first?.status(nowMillis: clock.nowMillis()) == .used)
        let refused = #expect(throws: OursError.self) { try device("Gran").join(code: code.code, folder: "/shared") }
        #expect(refused?.message.contains("used up") == true, "\(String(describing: refused))")
    }

    @Test func anotherHouseholdsZoneJSONIsReportedNeverOverwrittenAndItsCopyKept() throws {
        let sarah = try device("Sarah").createZone(name: "Home", folder: "/shared")
        let elsewhere = try device("Ana").createZone(name: "Elsewhere", folder: "/shared")
        let home = try #require(sarah.layout)
        let foreign = try fileSystem.read(try #require(elsewhere.layout).zoneFile, limit: 1 << 20)
        try fileSystem.writeAtomically(home.zoneFile, foreign, durability: .immediate)
        try fileSystem.writeAtomically(joinPath(home.zone, "zone 2.json"), foreign, durability: .immediate)
        let report = try sarah.sync()
        #expect(report.problems.contains { $0.kind == .foreignDocument && $0.path == home.directoryName + "/zone.json" })
        #expect(try fileSystem.read(home.zoneFile, limit: 1 << 20) == foreign, "overwritten")
        #expect(try fileSystem.read(joinPath(home.zone, "zone 2.json"), limit: 1 << 20) == foreign, "removed unmerged")
        #expect(try sarah.zoneInfo()?.name == "Home")
        #expect(throws: OursError.self) { try sarah.allowMembersToInviteReadWrite(true) }
    }

    /// The name a device keeps for a household follows `zone.json` (which only the owner's
    /// devices change; no command renames a household yet).
    @Test func aHouseholdRenamedByItsOwnerIsRenamedOnEveryDevice() throws {
        let sarah = try device("Sarah").createZone(name: "Home", folder: "/shared")
        let mike = try device("Mike").join(code: try sarah.invite(readOnly: false).code, folder: "/shared").zone
        try sarah.context.changeDocuments(zone: ["name": "Casa"])
        try mike.sync()
        #expect(mike.membership?.name == "Casa")
        #expect(try mike.device.memberships().first?.name == "Casa")
    }
}
