import Testing

@testable import OursSync

/// A writer's device takes its own changes out of its copy when the rules, as it reads them,
/// ignore them (made while its person was away); it keeps them apart, and takes them back
/// when the rules change again and admit them: no other device holds them.
@Suite("A writer's own changes set aside, and taken back when the rules admit them")
struct SetAsideOwnChangeTests {
    @Test func aChangeMadeUnderARemovalThatDidNotTakeEffectComesBack() throws {
        let folder = try InMemoryFolder()
        let (clock, fileSystem) = (folder.clock, folder.fileSystem)
        let phoneDevice = try folder.device("Sarah")
        let phone = try phoneDevice.createZone(name: "Home", folder: "/shared")
        let laptopDevice = try folder.device("sarah-laptop", setUp: false)
        let code = try phoneDevice.makeLinkCode().code
        let laptop = try #require(try laptopDevice.link(code: code, folder: "/shared", deviceName: "laptop").zones.first)
        let mikeDevice = try folder.device("Mike")
        let mike = try mikeDevice.join(code: try phone.invite(readOnly: false).code, folder: "/shared").zone
        for zone in [phone, laptop, mike, phone] { try zone.sync() }
        let manifestPath = try #require(phone.layout).participantsFile
        let before = try fileSystem.read(manifestPath, limit: Int.max)

        // The phone takes the laptop off; the laptop, not knowing, removes Mike.
        clock.advance(by: 1000)
        _ = try phoneDevice.removeDevice(try laptopDevice.requireIdentity().deviceID.rawValue)
        let phones = try fileSystem.read(manifestPath, limit: Int.max)
        try fileSystem.writeAtomically(manifestPath, before, durability: .immediate)  // not yet carried over
        clock.advance(by: 1000)
        _ = try laptop.removeMember("Mike")
        // Mike, not knowing, adds milk; he learns the removal, and comes back with a new code.
        clock.advance(by: 1000)
        let milk = try mike.put(type: "item", id: "milk", fields: ["name": "Milk"])
        #expect(try mike.sync().lifecycle == .removed)
        try laptop.sync()  // ignores the milk, and writes its file without it
        clock.advance(by: 1000)
        let again = try mikeDevice.join(code: try laptop.invite(readOnly: false).code, folder: "/shared").zone
        try again.sync()
        #expect(try again.state(of: milk)?.fields["name"]?.winner.value == nil, "set aside: made while removed")

        // The phone's version arrives, kept by a two-way tool: the laptop was removed first, so
        // its removal of Mike does not take effect, and the milk counts.
        let copy = manifestPath.replacingOccurrences(of: ".json", with: ".sync-conflict-20261122-101500-ABCDEFG.json")
        try fileSystem.writeAtomically(copy, phones, durability: .immediate)
        clock.advance(by: 1000)
        try again.sync()
        try phone.sync()

        #expect(try again.state(of: milk)?.fields["name"]?.winner.value == "Milk")
        #expect(try phone.state(of: milk)?.fields["name"]?.winner.value == "Milk", "Mike's device put it back")
    }
}
