import Testing

@testable import OursSync

/// A device that may not write records (a read-only member, a linked device not listed yet, a
/// folder mounted read-only) still reads hand edits in the folder's files. If a writer then
/// replaces such a file having read it only after a second edit, the first edit lives on that
/// device alone; once it may write, it writes it, and every copy agrees again.
@Suite("A device that starts writing writes what it read meanwhile")
struct PromotedWriterTests {
    let clock = ManualWallClock(millis: 1_800_000_000_000)

    /// Replaces `old` with `new` in the file, in place, as a text editor would.
    func editInPlace(_ fileSystem: InMemoryFileSystem, _ path: String, _ old: String, _ new: String) throws {
        let text = String(decoding: try fileSystem.read(path, limit: Int.max), as: UTF8.self)
        #expect(text.contains(old), "the file holds \(old)")
        clock.advance(by: 1000)
        try fileSystem.writeInPlace(path, Array(text.replacingOccurrences(of: old, with: new).utf8))
    }

    @Test func aHandEditReadWhileReadOnlyReachesTheFolderOnceTheDeviceMayWrite() throws {
        let fileSystem = InMemoryFileSystem(clock: clock)
        try fileSystem.createDirectory("/shared")
        let owner = Device(home: "/homes/sarah", fileSystem: fileSystem, clock: clock)
        _ = try owner.initialize(name: "Sarah", email: nil)
        let home = try owner.createZone(name: "Home", folder: "/shared")
        let milk = try home.put(type: "item", id: "milk", fields: ["name": "Milk", "qty": "1"])
        let granDevice = Device(home: "/homes/gran", fileSystem: fileSystem, clock: clock)
        _ = try granDevice.initialize(name: "Gran", email: nil)
        let gran = try granDevice.join(code: try home.invite(readOnly: true).code, folder: "/shared").zone
        let path = try #require(home.layout?.path(of: milk))

        // Gran renames it in the file; her device reads the edit, and may not write it.
        try editInPlace(fileSystem, path, #""Milk""#, #""Oat milk""#)
        try gran.sync()
        // Someone changes the quantity in the same file before Sarah's device read it: her
        // device reads both edits as one, and writes the file without Gran's device's reading.
        try editInPlace(fileSystem, path, #""qty": "1""#, #""qty": "2""#)
        try home.sync()
        try gran.sync()
        let granBefore = try #require(try gran.replica.load(milk))
        let folderBefore = try RecordFile.decode(
            try fileSystem.read(path, limit: Int.max), fallbackType: nil, fallbackID: nil, modifiedMillis: 0
        ).state
        #expect(granBefore != folderBefore, "Gran's device holds an edit the folder lacks")

        // Sarah makes Gran read-write: Gran's device takes the new code, and its next pass
        // writes what only it held.
        let upgraded = try granDevice.join(code: try home.invite(readOnly: false).code, folder: "/shared").zone
        #expect(upgraded.membership?.permission == .readWrite)
        try upgraded.sync()
        try home.sync()
        let folder = try RecordFile.decode(
            try fileSystem.read(path, limit: Int.max), fallbackType: nil, fallbackID: nil, modifiedMillis: 0
        ).state
        #expect(try upgraded.replica.load(milk) == folder, "Gran's device and the folder agree")
        #expect(try home.replica.load(milk) == folder, "and Sarah's device")
        #expect(folder.values["name"] == "Oat milk" && folder.values["qty"] == "2")
    }
}
