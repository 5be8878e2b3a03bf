import Testing

@testable import OursSync

/// Two new devices recover the household with the same code before either saw the other's:
/// one recovery takes effect, and the other's device — listed by its own recovery alone — must
/// have its writes ignored for good on every device, although the device that first wrote the
/// documents back kept no trace of the refused recovery.
@Suite("A recovery set aside: its device's writes are ignored for good")
struct SetAsideRecoveryTests {
    /// The household after both recoveries, as the folder holds it: the laptop's documents, the
    /// phone's in a sync tool's conflict copies, and the laptop's item. Mike is a member.
    struct Story {
        let folder: InMemoryFolder
        let mike: Zone
        let phone: Zone
        let phoneDevice: Device
        let laptop: Zone
        let laptopID: DeviceID
        let milk: RecordKey
        let layout: ZoneLayout

        init() throws {
            folder = try InMemoryFolder()
            let (clock, fileSystem) = (folder.clock, folder.fileSystem)
            let home = try folder.device("Sarah").createZone(name: "Home", folder: "/shared")
            let code = try home.issueRecoveryCode()
            mike = try folder.device("Mike").join(code: try home.invite(readOnly: false).code, folder: "/shared").zone
            try home.sync()
            try mike.sync()
            layout = try #require(home.layout)
            let documents = [layout.zoneFile, layout.participantsFile]
            let before = try documents.map { try fileSystem.read($0, limit: Int.max) }

            clock.advance(by: 1000)
            phoneDevice = try folder.device("sarah-phone", setUp: false)
            phone = try phoneDevice.recover(code: code, folder: "/shared").zone
            let phones = try documents.map { try fileSystem.read($0, limit: Int.max) }
            for (path, bytes) in zip(documents, before) { try fileSystem.writeAtomically(path, bytes, durability: .immediate) }

            clock.advance(by: 1000)
            let recovered = try folder.device("sarah-laptop", setUp: false).recover(code: code, folder: "/shared")
            laptop = recovered.zone
            laptopID = recovered.identity.deviceID
            milk = try laptop.put(type: "item", fields: ["name": "Milk"])
            try laptop.sync()
            // A two-way tool kept both versions of each document.
            for (path, bytes) in zip(documents, phones) {
                let copy = path.replacingOccurrences(of: ".json", with: ".sync-conflict-20261122-101500-ABCDEFG.json")
                try fileSystem.writeAtomically(copy, bytes, durability: .immediate)
            }
            clock.advance(by: 1000)
        }

        func setAside() throws -> [DeviceID: String] {
            let bytes = try folder.fileSystem.read(layout.participantsFile, limit: Int.max)
            return SetAsideDevices.carried(in: try StampedDocument.decodeManifest(bytes, modifiedMillis: 0).state)
        }
    }

    @Test func aMemberKeepsTheEvidenceAndTheOwnersDeviceRemovesTheRefusedOne() throws {
        let story = try Story()
        let first = try story.mike.sync()
        #expect(first.problems.contains { $0.text.contains("did not take effect") }, "\(first.problems)")
        #expect(try story.setAside().keys.contains(story.laptopID), "the refusal outlives the write-back")
        #expect(try story.mike.manifest().deviceOwners[story.laptopID] == nil)

        try story.phone.sync()  // the owner's device: marks the laptop removed from the start
        let removal = try #require(try story.phone.manifest().removedDevices[story.laptopID])
        #expect(SetAsideMarking.isSetAside(removal))
        let laptopShown = try story.phoneDevice.personDevices(in: story.phone).first { $0.id == story.laptopID }
        #expect(laptopShown?.setAside == true, "`ours devices` says it never counted: \(String(describing: laptopShown))")

        let again = try story.mike.sync()
        #expect(try story.setAside().isEmpty, "nothing left to keep once the mark is admitted")
        #expect(!again.problems.contains { $0.kind == .unknownWriter }, "\(again.problems)")
        #expect(try story.mike.state(of: story.milk) == nil, "the laptop's item is ignored")
        let report = try story.laptop.sync()
        #expect(report.lifecycle == .recoveryRefused)
        #expect(try story.laptop.state(of: story.milk)?.fields["name"]?.winner.value == "Milk", "kept on its own device")
    }

    /// Before the mark, a member's device holds the laptop's item back (it waits for a listing);
    /// the evidence in `participants.json` is what lets the owner's device end the wait.
    @Test func withoutAnOwnersPassTheItemWaits() throws {
        let story = try Story()
        try story.mike.sync()
        let report = try story.mike.sync()
        #expect(report.problems.contains { $0.kind == .unknownWriter }, "\(report.problems)")
        #expect(try story.setAside()[story.laptopID] != nil)
    }

    /// The key is written only where a listing was ever set aside; once it was, it stays, as
    /// `{}`, so that an older version's copy holding entries no longer needed gives way to it.
    @Test func theKeyAppearsOnlyWhereSomethingWasSetAsideAndStaysEmptied() throws {
        let folder = try InMemoryFolder()
        let home = try folder.device("Sarah").createZone(name: "Home", folder: "/shared")
        _ = try folder.device("Mike").join(code: try home.invite(readOnly: false).code, folder: "/shared")
        try home.sync()
        let plain = try folder.fileSystem.read(try #require(home.layout).participantsFile, limit: Int.max)
        #expect(!String(decoding: plain, as: UTF8.self).contains(SetAsideDevices.key))

        let story = try Story()
        try story.mike.sync()
        try story.phone.sync()
        try story.mike.sync()
        let bytes = try story.folder.fileSystem.read(story.layout.participantsFile, limit: Int.max)
        let state = try StampedDocument.decodeManifest(bytes, modifiedMillis: 0).state
        #expect(state.extraMetadata[SetAsideDevices.key] == .object([:]))
    }
}
