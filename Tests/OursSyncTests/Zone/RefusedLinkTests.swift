import Testing

@testable import OursSync

/// A link code that is refused (expired, already used) leaves the device as it was: not set up
/// as the code's person, whose identity a later `join` with the device's own invitation would
/// then use (joining as them, and as the owner when they own the household).
@Suite("Linking: a refused code changes nothing")
struct RefusedLinkTests {
    let clock = ManualWallClock(millis: 1_800_000_000_000)
    let fileSystem: InMemoryFileSystem
    let mike: Device
    let household: Zone

    /// Sarah makes the household, Mike joins, and Sarah hands it over to him.
    init() throws {
        fileSystem = InMemoryFileSystem(clock: clock)
        try fileSystem.createDirectory("/shared")
        let sarah = Device(home: "/homes/sarah", fileSystem: fileSystem, clock: clock)
        _ = try sarah.initialize(name: "Sarah", email: nil)
        let home = try sarah.createZone(name: "Home", folder: "/shared")
        mike = Device(home: "/homes/mike", fileSystem: fileSystem, clock: clock)
        _ = try mike.initialize(name: "Mike", email: nil)
        let joined = try mike.join(code: try home.invite(readOnly: false).code, folder: "/shared")
        _ = try home.transfer(to: try mike.requireIdentity().participantID)
        try joined.zone.sync()
        household = joined.zone
    }

    @Test func anExpiredCodeLeavesASetUpDeviceItsOwnPerson() throws {
        let link = try mike.makeLinkCode()
        let aDayAhead = ManualWallClock(millis: clock.nowMillis() + 24 * 3_600_000)
        let ana = Device(home: "/homes/ana", fileSystem: fileSystem, clock: aDayAhead)
        let before = try ana.initialize(name: "Ana", email: nil)

        let refusal = #expect(throws: OursError.self) {
            try ana.link(code: link.code, folder: "/shared", deviceName: "tablet")
        }
        #expect(refusal?.kind == .notPermitted)
        #expect(refusal?.message.contains("expired") == true, "\(refusal?.message ?? "")")
        #expect(try ana.identity() == before, "the refused link left Ana's device as it was")

        let joined = try ana.join(code: try household.invite(readOnly: true).code, folder: "/shared")
        let membership = try #require(joined.zone.membership)
        #expect(membership.role == .member, "Ana joined as herself, not as Mike, who owns the household")
        #expect(membership.permission == .readOnly)
        let manifest = try #require(try ana.replica(household.id).loadManifest())
        #expect(ParticipantManifest(manifest).participant(forDevice: before.deviceID)?.id == before.participantID)
    }

    @Test func aCodeAnotherDeviceUsedLeavesAFreshDeviceNotSetUp() throws {
        let link = try mike.makeLinkCode()
        let laptop = Device(home: "/homes/laptop", fileSystem: fileSystem, clock: clock)
        _ = try laptop.link(code: link.code, folder: "/shared", deviceName: "laptop")
        let stranger = Device(home: "/homes/stranger", fileSystem: fileSystem, clock: clock)

        let refusal = #expect(throws: OursError.self) {
            try stranger.link(code: link.code, folder: "/shared", deviceName: "phone")
        }
        #expect(refusal?.kind == .notPermitted)
        #expect(try stranger.identity() == nil, "a refused link sets nobody up")
    }
}
