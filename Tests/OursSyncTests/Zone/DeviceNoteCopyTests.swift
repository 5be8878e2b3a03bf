import Testing

@testable import OursSync

/// A sync tool's copies of a device note (`devices/<device>.json`) hold nothing to merge; any
/// device that syncs removes them, and leaves what is no note alone.
@Suite("Device notes: a sync tool's copies are removed")
struct DeviceNoteCopyTests {
    @Test func copiesOfANoteGoAndOtherFilesStay() throws {
        let clock = ManualWallClock(millis: 1_800_000_000_000)
        let fileSystem = InMemoryFileSystem(clock: clock)
        try fileSystem.createDirectory("/shared")
        let mike = Device(home: "/homes/mike", fileSystem: fileSystem, clock: clock)
        _ = try mike.initialize(name: "Mike", email: nil)
        let home = try mike.createZone(name: "Home", folder: "/shared")
        _ = try mike.makeLinkCode()  // writes Mike's note
        let me = try mike.requireIdentity().deviceID.rawValue
        let devices = try #require(home.layout).zone + "/devices"
        let note = try fileSystem.read(devices + "/\(me).json", limit: Int.max)
        let copies = ["\(me) 2.json", "\(me).sync-conflict-20261122-101644-XYZ2345.json", "\(me) (Ana's conflicted copy).json"]
        for copy in copies { try fileSystem.writeInPlace(devices + "/" + copy, note) }
        let strangers = ["notes.json", "broken.json", "readme.txt"]
        try fileSystem.writeInPlace(devices + "/notes.json", Array(#"{"owner": "someone"}"#.utf8))
        try fileSystem.writeInPlace(devices + "/broken.json", Array(#"{"device": "#.utf8))
        try fileSystem.writeInPlace(devices + "/readme.txt", Array("hello".utf8))

        let report = try home.sync()

        let left = Set(try fileSystem.list(devices).map(\.name))
        #expect(left == Set(["\(me).json"] + strangers))
        #expect(report.copiesRemoved == copies.count)
    }

    /// A device never named is called after its person and the computer.
    @Test func aDeviceNeverNamedIsCalledAfterItsPersonAndTheComputer() throws {
        let folder = try InMemoryFolder()
        let mike = try folder.device("Mike")
        let home = try mike.createZone(name: "Home", folder: "/shared")
        _ = try mike.makeLinkCode()  // writes Mike's note
        let me = try mike.requireIdentity().deviceID
        let layout = try #require(home.layout)
        let note = try #require(DeviceNote.load(me, in: layout, fileSystem: folder.fileSystem))
        #expect(note.name == "Mike's " + DeviceNote.hostName)
    }
}
