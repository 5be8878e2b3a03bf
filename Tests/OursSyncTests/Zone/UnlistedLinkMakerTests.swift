import Testing

@testable import OursSync

/// Only a device on its person's list can list another: a code made on one that is not (linked
/// itself and still waiting, or taken off the list before it listed the new device) would leave
/// the new device waiting for good. The first is refused; the second is told, and links again.
@Suite("Linking: a maker that is not on the list")
struct UnlistedLinkMakerTests {
    let clock = ManualWallClock(millis: 1_800_000_000_000)
    let fileSystem: InMemoryFileSystem
    let phone: Device
    let household: Zone

    init() throws {
        fileSystem = InMemoryFileSystem(clock: clock)
        try fileSystem.createDirectory("/shared")
        phone = Device(home: "/homes/phone", fileSystem: fileSystem, clock: clock)
        _ = try phone.initialize(name: "Ana", email: nil)
        household = try phone.createZone(name: "Home", folder: "/shared")
    }

    func link(_ name: String, with code: String) throws -> (Device, Zone) {
        let device = Device(home: "/homes/\(name)", fileSystem: fileSystem, clock: clock)
        let result = try device.link(code: code, folder: "/shared", deviceName: name)
        return (device, try #require(result.zones.first))
    }

    @Test func aDeviceStillWaitingToBeListedMakesNoCode() throws {
        let (laptop, laptopZone) = try link("laptop", with: try phone.makeLinkCode().code)
        let refusal = #expect(throws: OursError.self) { try laptop.makeLinkCode() }
        #expect(refusal?.kind == .notPermitted)
        #expect(refusal?.message.contains("not on Ana's list of devices in Home") == true, "\(refusal?.message ?? "")")

        try household.sync()  // the phone lists the laptop
        try laptopZone.sync()
        let code = try laptop.makeLinkCode()
        #expect(code.households.map(\.name) == ["Home"], "listed now, the laptop links others")
    }

    @Test func aDeviceWhoseMakerWasTakenOffTheListIsToldAndLinksAgain() throws {
        let (laptop, laptopZone) = try link("laptop", with: try phone.makeLinkCode().code)
        try household.sync()
        try laptopZone.sync()
        let (tablet, tabletZone) = try link("tablet", with: try laptop.makeLinkCode().code)
        // The phone takes the laptop off the list before the laptop listed the tablet.
        _ = try phone.removeDevice(try laptop.requireIdentity().deviceID.rawValue)
        try household.sync()
        try laptopZone.sync()
        try tabletZone.sync()

        let laptopID = try laptop.requireIdentity().deviceID
        let waiting = #expect(throws: OursError.self) { try tabletZone.put(type: "item", fields: ["name": "Milk"]) }
        #expect(waiting?.message.contains("device \(laptopID), which made its link code, was taken off the list") == true)
        #expect(waiting?.hint?.contains("`ours device link` there") == true)

        // A new code from the phone, which is on the list: the tablet links again and writes.
        _ = try tablet.link(code: try phone.makeLinkCode().code, folder: "/shared", deviceName: "tablet")
        try household.sync()
        try tabletZone.sync()
        let milk = try tabletZone.put(type: "item", fields: ["name": "Milk"])
        try tabletZone.sync()
        try household.sync()
        #expect(try household.get(milk)?.values["name"] == "Milk")
    }
}
