import Testing

@testable import OursSync

/// A sync tool that puts an older version of a link code's file back erases the new device's
/// claim; the new device writes it again until its person's list names it, so the device that
/// made the code still lists it.
@Suite("Linking: a claim the folder lost is made again")
struct RolledBackClaimTests {
    let clock = ManualWallClock(millis: 1_800_000_000_000)
    let fileSystem: InMemoryFileSystem
    let mike: Device
    let household: Zone

    init() throws {
        fileSystem = InMemoryFileSystem(clock: clock)
        try fileSystem.createDirectory("/shared")
        mike = Device(home: "/homes/mike", fileSystem: fileSystem, clock: clock)
        _ = try mike.initialize(name: "Mike", email: nil)
        household = try mike.createZone(name: "Home", folder: "/shared")
    }

    func listsOf(_ device: Device) throws -> String? {
        let manifest = try #require(try mike.replica(household.id).loadManifest())
        return ParticipantManifest(manifest).deviceOwners[try device.requireIdentity().deviceID]
    }

    @Test func aRolledBackClaimIsWrittenAgainAndListed() throws {
        let link = try mike.makeLinkCode()
        let path = mike.linkPath(link.code, in: "/shared")
        let unclaimed = try fileSystem.read(path, limit: Int.max)
        let laptop = Device(home: "/homes/laptop", fileSystem: fileSystem, clock: clock)
        let result = try laptop.link(code: link.code, folder: "/shared", deviceName: "laptop")
        let zone = try #require(result.zones.first)

        try fileSystem.writeInPlace(path, unclaimed)  // the sync tool's rollback
        clock.advance(by: 1000)
        try household.sync()
        #expect(try listsOf(laptop) == nil, "nothing claimed the code in the folder")

        try zone.sync()
        #expect(try mike.loadLink(link.code, in: "/shared")?.claimedBy == result.identity.deviceID)
        try household.sync()
        #expect(try listsOf(laptop) == mike.requireIdentity().participantID)

        try zone.sync()
        #expect(try laptop.loadLinkClaims().isEmpty, "listed: the claim is no longer kept")
        #expect(zone.membership?.canWrite == true)
    }

    /// A linked device whose own state was edited to say read-write still cannot write before
    /// its person's list names it: everyone would hold its changes back, for good when the
    /// listing never comes (its person removed first).
    @Test func anUnlistedDeviceCannotWriteWhateverItsStateSays() throws {
        let link = try mike.makeLinkCode()
        let laptop = Device(home: "/homes/laptop", fileSystem: fileSystem, clock: clock)
        let zone = try #require(try laptop.link(code: link.code, folder: "/shared", deviceName: "laptop").zones.first)
        var membership = try #require(zone.membership)
        membership.permission = .readWrite
        try laptop.upsert(membership, makeCurrent: false)

        let refusal = #expect(throws: OursError.self) { try zone.put(type: "item", id: "milk", fields: ["name": "Milk"]) }
        #expect(refusal?.kind == .notPermitted)
        #expect(refusal?.message.contains("not on Mike's list of devices") == true, "\(refusal?.message ?? "")")

        try household.sync()  // Mike's device lists the laptop
        try zone.sync()
        _ = try zone.put(type: "item", id: "milk", fields: ["name": "Milk"])
    }

    @Test func aClaimAnotherDeviceReplacedIsGivenUp() throws {
        let link = try mike.makeLinkCode()
        let laptop = Device(home: "/homes/laptop", fileSystem: fileSystem, clock: clock)
        let result = try laptop.link(code: link.code, folder: "/shared", deviceName: "laptop")
        let zone = try #require(result.zones.first)
        var taken = try #require(try mike.loadLink(link.code, in: "/shared"))
        taken.claimedBy = DeviceID.random()  // another copy's claim won when the tool joined them
        try mike.saveLink(taken, in: "/shared")

        try zone.sync()
        #expect(try mike.loadLink(link.code, in: "/shared")?.claimedBy == taken.claimedBy)
        #expect(try laptop.loadLinkClaims().isEmpty)
    }
}
