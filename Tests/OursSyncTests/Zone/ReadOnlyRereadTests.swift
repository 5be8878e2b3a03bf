import Testing

@testable import OursSync

/// A read-only device writes no record files, so a change it read and ignored stays in the
/// folder as it was. When the household's rules change so that they admit it (the removal it
/// was ignored under is set aside), the device must read that file again: nothing else will
/// change it.
@Suite("Read-only: a change ignored under rules set aside since is read again")
struct ReadOnlyRereadTests {
    @Test func aWriteIgnoredUnderARemovalThatDidNotTakeEffectIsShown() throws {
        let folder = try InMemoryFolder()
        let (clock, fileSystem) = (folder.clock, folder.fileSystem)
        let phoneDevice = try folder.device("Sarah")
        let phone = try phoneDevice.createZone(name: "Home", folder: "/shared")
        let laptopDevice = try folder.device("sarah-laptop", setUp: false)
        let linked = try laptopDevice.link(code: try phoneDevice.makeLinkCode().code, folder: "/shared", deviceName: "laptop")
        let laptop = try #require(linked.zones.first)
        let grandpa = try folder.device("Grandpa").join(code: try phone.invite(readOnly: true).code, folder: "/shared").zone
        try phone.sync()
        try laptop.sync()
        try grandpa.sync()
        let manifestPath = try #require(phone.layout).participantsFile
        let before = try fileSystem.read(manifestPath, limit: Int.max)

        // The phone and the laptop, neither seeing the other's, each take the other off.
        clock.advance(by: 1000)
        _ = try phoneDevice.removeDevice(linked.identity.deviceID.rawValue)
        let phones = try fileSystem.read(manifestPath, limit: Int.max)
        try fileSystem.writeAtomically(manifestPath, before, durability: .immediate)  // not yet carried over
        clock.advance(by: 1000)
        _ = try laptopDevice.removeDevice(try phoneDevice.requireIdentity().deviceID.rawValue)
        clock.advance(by: 1000)
        let milk = try phone.put(type: "item", id: "milk", fields: ["name": "Milk"])  // the phone, not knowing

        try grandpa.sync()
        #expect(try grandpa.state(of: milk) == nil, "by what Grandpa knows, the phone was removed before")

        // The phone's version arrives, kept by a two-way tool: the phone came first, the
        // laptop's removal of it does not take effect, and the milk counts.
        let copy = manifestPath.replacingOccurrences(of: ".json", with: ".sync-conflict-20261122-101500-ABCDEFG.json")
        try fileSystem.writeAtomically(copy, phones, durability: .immediate)
        clock.advance(by: 1000)
        try grandpa.sync()

        let phoneID = try phoneDevice.requireIdentity().deviceID
        #expect(try grandpa.manifest().removedDevices[phoneID] == nil)
        #expect(try grandpa.state(of: milk)?.fields["name"]?.winner.value == "Milk")
    }
}
