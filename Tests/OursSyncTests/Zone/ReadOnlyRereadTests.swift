import Testing

@testable import OursSync

/// A device that writes no record files (read-only, or linked and not yet listed) leaves a
/// change it read and ignored in the folder as it was. When the household's rules change so
/// that they admit it (the removal it was ignored under is set aside), the device must read
/// that file again: nothing else will change it.
@Suite("Read-only: a change ignored under rules set aside since is read again")
struct ReadOnlyRereadTests {
    /// Sarah's phone and laptop, neither seeing the other's action, each take the other off;
    /// the phone, not knowing, adds milk. The folder holds the laptop's version of the list
    /// (the phone removed) and the milk; the phone's version waits (`arrive()`).
    struct Story {
        let folder: InMemoryFolder
        let phone: Zone
        let phoneID: DeviceID
        let milk: RecordKey
        let manifestPath: String
        let phones: [UInt8]

        /// `member` joins (read-only or not) before the two removals.
        init(joining member: (InMemoryFolder, Zone) throws -> Zone) throws {
            folder = try InMemoryFolder()
            let (clock, fileSystem) = (folder.clock, folder.fileSystem)
            let phoneDevice = try folder.device("Sarah")
            phone = try phoneDevice.createZone(name: "Home", folder: "/shared")
            phoneID = try phoneDevice.requireIdentity().deviceID
            let laptopDevice = try folder.device("sarah-laptop", setUp: false)
            let code = try phoneDevice.makeLinkCode().code
            let laptop = try #require(try laptopDevice.link(code: code, folder: "/shared", deviceName: "laptop").zones.first)
            let joined = try member(folder, phone)
            try phone.sync()
            try laptop.sync()
            try joined.sync()
            manifestPath = try #require(phone.layout).participantsFile
            let before = try fileSystem.read(manifestPath, limit: Int.max)

            clock.advance(by: 1000)
            _ = try phoneDevice.removeDevice(try laptopDevice.requireIdentity().deviceID.rawValue)
            phones = try fileSystem.read(manifestPath, limit: Int.max)
            try fileSystem.writeAtomically(manifestPath, before, durability: .immediate)  // not yet carried over
            clock.advance(by: 1000)
            _ = try laptopDevice.removeDevice(phoneID.rawValue)
            clock.advance(by: 1000)
            milk = try phone.put(type: "item", id: "milk", fields: ["name": "Milk"])
        }

        /// The phone's version arrives, kept by a two-way tool: the phone came first, so the
        /// laptop's removal of it does not take effect, and the milk counts.
        func arrive() throws {
            let copy = manifestPath.replacingOccurrences(of: ".json", with: ".sync-conflict-20261122-101500-ABCDEFG.json")
            try folder.fileSystem.writeAtomically(copy, phones, durability: .immediate)
            folder.clock.advance(by: 1000)
        }
    }

    @Test func aReadOnlyMemberShowsAWriteIgnoredUnderARemovalThatDidNotTakeEffect() throws {
        var grandpa: Zone?
        let story = try Story { folder, phone in
            let zone = try folder.device("Grandpa").join(code: try phone.invite(readOnly: true).code, folder: "/shared").zone
            grandpa = zone
            return zone
        }
        let zone = try #require(grandpa)
        try zone.sync()
        #expect(try zone.state(of: story.milk) == nil, "by what Grandpa knows, the phone was removed before")

        try story.arrive()
        try zone.sync()

        #expect(try zone.manifest().removedDevices[story.phoneID] == nil)
        #expect(try zone.state(of: story.milk)?.fields["name"]?.winner.value == "Milk")
    }

    /// Mike's new tablet reads the milk before Mike's phone lists it; when the listing comes
    /// with the rules that admit the milk, the tablet's first pass as a writer reads it again.
    @Test func aLinkedDeviceListedAlongWithNewRulesReadsAgainWhatItIgnored() throws {
        var mike: (device: Device, zone: Zone)?
        let story = try Story { folder, phone in
            let device = try folder.device("Mike")
            let zone = try device.join(code: try phone.invite(readOnly: false).code, folder: "/shared").zone
            mike = (device, zone)
            return zone
        }
        let (mikeDevice, mikes) = try #require(mike)
        let tabletDevice = try story.folder.device("mike-tablet", setUp: false)
        let linked = try tabletDevice.link(code: try mikeDevice.makeLinkCode().code, folder: "/shared", deviceName: "tablet")
        let tablet = try #require(linked.zones.first)
        try tablet.sync()
        #expect(try tablet.state(of: story.milk) == nil, "by what the tablet knows, the phone was removed before")

        try story.arrive()
        try mikes.sync()  // lists the tablet, and takes the milk: its file stays as it was
        story.folder.clock.advance(by: 1000)
        try tablet.sync()

        #expect(tablet.membership?.canWrite == true)
        #expect(try tablet.state(of: story.milk)?.fields["name"]?.winner.value == "Milk")
    }
}
