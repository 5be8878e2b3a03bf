import Testing

@testable import OursSync

/// A person whose device may only read the shared folder (a view-only Dropbox share, a
/// read-only NFS mount) can still join, read-only, and nothing in the folder changes.
@Suite("Joining through a folder this device cannot write")
struct ViewOnlyJoinTests {
    @Test func aViewOnlyFolderAllowsAReadOnlyJoinAndWritesNothing() throws {
        let clock = ManualWallClock(millis: 1_800_000_000_000)
        let fileSystem = InMemoryFileSystem(clock: clock)
        try fileSystem.createDirectory("/shared")
        let owner = Device(home: "/homes/sarah", fileSystem: fileSystem, clock: clock)
        _ = try owner.initialize(name: "Sarah", email: nil)
        let household = try owner.createZone(name: "Home", folder: "/shared")
        try household.put(type: "item", id: "milk", fields: ["name": "Milk"])
        let code = try household.invite(readOnly: false)
        let before = fileSystem.files(under: "/shared")

        fileSystem.readOnlyPaths = ["/shared"]
        let viewer = Device(home: "/homes/gran", fileSystem: fileSystem, clock: clock)
        _ = try viewer.initialize(name: "Gran", email: nil)
        let joined = try viewer.join(code: code.code, folder: "/shared")

        #expect(joined.zone.membership?.permission == .readOnly, "a read-write code gives read access only")
        #expect(try joined.zone.get(try RecordKey(type: "item", id: "milk"))?.values["name"] == "Milk")
        #expect(fileSystem.files(under: "/shared") == before, "nothing in the folder was written")
        #expect(throws: OursError.self) { try joined.zone.put(type: "item", fields: ["name": "Cake"]) }
        try joined.zone.sync()
        #expect(fileSystem.files(under: "/shared") == before)
    }
}
