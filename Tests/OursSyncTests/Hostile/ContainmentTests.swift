import Foundation
import Testing

@testable import OursSync

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The whole hostile corpus in one household, with links out of the folder at every level a
/// record's path passes through, a named pipe, a name that is not UTF-8 and a 50 MB record —
/// synced, written through, checked and finally dissolved by two devices through a file system
/// that resolves every operation's folder: nothing ever reaches outside the shared folder and
/// the devices' state directories, and no read in the folder returns more than 4 MiB.
@Suite("Hostile files: containment, operation by operation")
struct ContainmentTests {
    static let fixtures = FixtureFiles.path("hostile")

    @Test func nothingOutsideTheFolderAndTheStateDirectoriesIsEverTouched() throws {
        let temp = TemporaryDirectory("containment")
        let shared = temp.sub("shared")
        let outside = temp.sub("outside")
        try Data("secret\n".utf8).write(to: URL(fileURLWithPath: outside + "/secret.json"))
        let homes = [temp.sub("home-sarah"), temp.sub("home-mike")]
        let fileSystem = ContainedFileSystem(shared: shared, allowed: [shared] + homes)

        let sarahDevice = Device(home: homes[0], fileSystem: fileSystem)
        let mikeDevice = Device(home: homes[1], fileSystem: fileSystem)
        _ = try sarahDevice.initialize(name: "Sarah", email: nil)
        _ = try mikeDevice.initialize(name: "Mike", email: nil)
        let sarah = try sarahDevice.createZone(name: "Home", folder: shared)
        let mike = try mikeDevice.join(code: try sarah.invite(readOnly: false).code, folder: shared).zone
        try sarah.sync()
        let milk = try sarah.put(type: "item", id: "milk", fields: ["name": "Milk"])
        let layout = try #require(sarah.layout)
        let records = layout.records

        // Every corpus file meant for records/, where a person or a tool would leave it.
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures)
        for name in names where name.hasSuffix(".json") && !["zone-", "participants-", "code-"].contains(where: name.hasPrefix) {
            let path = records + "/item/" + ZoneLayout.shard(of: String(name.dropLast(5))) + "/" + name
            try FileManager.default.createDirectory(atPath: parentPath(path), withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: Self.fixtures + "/" + name, toPath: path)
        }
        // A 50 MB record (sparse: its size is what matters), a pipe, a name that is not UTF-8.
        let big = records + "/item/00/big.json"
        try FileManager.default.createDirectory(atPath: parentPath(big), withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: big, contents: nil))
        #expect(truncate(big, 50 << 20) == 0)
        #expect(mkfifo(records + "/item/00/pipe.json", 0o644) == 0)
        let rawName = (Array((records + "/item/00/caf").utf8) + [0xE9] + Array(".json".utf8) + [0]).map { CChar(bitPattern: $0) }
        let fd = open(rawName, O_WRONLY | O_CREAT, 0o644)
        #expect(fd >= 0)
        close(fd)
        // Links out of the folder: a file, a type folder, and the shard folder of a record
        // that is yet to be written (and that a file outside is named like).
        try FileManager.default.createSymbolicLink(
            atPath: records + "/item/00/leak.json", withDestinationPath: outside + "/secret.json")
        try FileManager.default.createSymbolicLink(atPath: records + "/stolen", withDestinationPath: outside)
        let existing = Set(try FileManager.default.contentsOfDirectory(atPath: records + "/item"))
        let spare = (0...).lazy.map { "spare-\($0)" }.first { !existing.contains(ZoneLayout.shard(of: $0)) }!
        try FileManager.default.createSymbolicLink(
            atPath: records + "/item/" + ZoneLayout.shard(of: spare), withDestinationPath: outside)
        try Data("someone else's\n".utf8).write(to: URL(fileURLWithPath: outside + "/\(spare).json"))

        try sarah.sync()
        try mike.sync()
        _ = try sarah.put(type: "item", id: spare, fields: ["name": "Through a link"])
        _ = try mike.put(type: "item", id: milk.id, fields: ["qty": 2])
        try sarah.sync()
        try mike.quickSync()
        _ = try mike.doctor(fix: false)
        _ = try sarah.doctor(fix: true)
        try mike.sync()
        _ = try sarah.dissolve()

        #expect(fileSystem.escapes.isEmpty, "operations that reached outside: \(fileSystem.escapes)")
        #expect(fileSystem.largestRead <= RecordFile.maximumSize, "largest read in the folder: \(fileSystem.largestRead) bytes")
        #expect(
            fileSystem.refusedReads[big] == .tooLarge(limit: RecordFile.maximumSize),
            "refused by size: \(fileSystem.refusedReads)")
        #expect(try String(contentsOfFile: outside + "/\(spare).json", encoding: .utf8) == "someone else's\n")
        let left = try FileManager.default.contentsOfDirectory(atPath: outside).sorted()
        #expect(left == ["secret.json", "\(spare).json"], "nothing created or removed outside")
        #expect(try mike.get(milk)?.values["qty"] == 2, "good records still synced")
    }

    @Test func readingANamedPipeReturnsAtOnce() throws {
        let temp = TemporaryDirectory("pipe")
        let path = temp.path + "/x.json"
        #expect(mkfifo(path, 0o644) == 0)
        #expect(throws: FileSystemError("read", path, .notARegularFile)) { try LocalFileSystem().read(path, limit: 1024) }
    }

    @Test func theWayDownToAFileMayHoldNoLink() throws {
        let temp = TemporaryDirectory("links")
        let base = temp.sub("base")
        let elsewhere = temp.sub("elsewhere")
        try FileManager.default.createSymbolicLink(atPath: base + "/link", withDestinationPath: elsewhere)
        let fileSystem = LocalFileSystem()
        #expect(throws: FileSystemError("use", base + "/link", .symbolicLink)) {
            try fileSystem.requireNoLinks(base + "/link/a/b.json", under: base, creating: true)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).isEmpty, "nothing created behind the link")
        try fileSystem.requireNoLinks(base + "/real/a/b.json", under: base, creating: true)
        #expect(try fileSystem.stat(base + "/real/a")?.kind == .directory)
        try fileSystem.requireNoLinks(base + "/missing/c.json", under: base, creating: false)
        #expect(try fileSystem.stat(base + "/missing") == nil)
    }

    /// A write racing a folder that was moved or unmounted must not make the folder again at
    /// its old place on the local disk.
    @Test func aBaseThatWentAwayIsNotMadeAgain() throws {
        let temp = TemporaryDirectory("gone")
        let base = temp.sub("shared")
        try FileManager.default.moveItem(atPath: base, toPath: temp.path + "/moved")
        #expect(throws: FileSystemError("use", base, .notFound)) {
            try LocalFileSystem().requireNoLinks(base + "/home/records/a.json", under: base, creating: true)
        }
        #expect(!FileManager.default.fileExists(atPath: base))
    }

    @Test(arguments: ["con", "aux", "nul.json", "com1", "lpt9.x", "prn"])
    func namesWindowsReservesAreNeitherIdsNorTypes(_ name: String) {
        #expect(!RecordKey.isValidID(name))
        if !name.contains(".") { #expect(!RecordKey.isValidType(name)) }
        #expect(RecordKey.isValidID("my" + name), "only the device names themselves are reserved")
    }
}
