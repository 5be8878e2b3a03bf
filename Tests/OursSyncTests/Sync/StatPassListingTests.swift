import Foundation
import Testing

@testable import OursSync

/// A stat pass stats every file, but takes an unchanged folder's names from the index instead
/// of listing it, unless the last pass reported a problem there.
@Suite("Folder scanner: a stat pass lists only what may have new names")
struct StatPassListingTests {
    let temp = TemporaryDirectory("stat-pass")
    let disk = ListingCounter()
    var layout: ZoneLayout { ZoneLayout(root: temp.path, directoryName: "home") }

    func write(_ id: String, _ name: String) throws {
        var state = RecordState(key: try RecordKey(type: "item", id: id))
        state.write(["name": .string(name)], at: Stamp(millis: 1_700_000_000_000, device: DeviceID("aaaaaaaa")!))
        let path = layout.path(of: state.key)
        try disk.createDirectory(parentPath(path))
        try disk.writeAtomically(path, RecordFile.encode(state), durability: .deferred)
    }

    func scan(_ previous: FolderIndex, _ mode: FolderScanner.Mode, listAnyway: Set<String> = []) -> FolderScanner.Result {
        var scanner = FolderScanner(fileSystem: disk, layout: layout, previous: previous, mode: mode)
        scanner.listAnyway = listAnyway
        return scanner.scan()
    }

    @Test func unchangedFoldersAreStatedFileByFileWithoutAListing() throws {
        try disk.createDirectory(layout.records)
        for number in 0..<40 { try write("r\(number)", "thing \(number)") }
        let linkFolder = "records/item/" + ZoneLayout.shard(of: "r3")
        try FileManager.default.createSymbolicLink(
            atPath: joinPath(layout.zone, linkFolder, "elsewhere.json"), withDestinationPath: "/etc/hostname")
        let first = scan(FolderIndex(), .sweep)
        #expect(first.problems.map(\.kind) == [.symlink])
        let folders = first.index.directories.count

        disk.lists.withLock { $0 = 0 }
        let idle = scan(first.index, .stat)
        #expect(disk.lists.withLock { $0 } == 0, "no folder changed, none is listed")
        #expect(idle.filesScanned == 40 && idle.filesRead == 0 && !idle.changed)
        #expect(idle.index == first.index)
        #expect(idle.problems.isEmpty, "the link's folder was not listed")

        disk.lists.withLock { $0 = 0 }
        let told = scan(first.index, .stat, listAnyway: [linkFolder])
        #expect(disk.lists.withLock { $0 } == 1)
        #expect(told.problems.map(\.kind) == [.symlink], "a folder with a problem is listed and tells it again")

        // An edit in place that puts the old modification time back: the folder's stat does
        // not move, the file's change time does, and the stat pass reads it without a listing.
        let path = layout.path(of: try RecordKey(type: "item", id: "r7"))
        let before = try #require(try disk.stat(path))
        var text = String(decoding: try disk.read(path, limit: 1 << 20), as: UTF8.self)
        text = text.replacingOccurrences(of: "thing 7", with: "THING 7")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        try LocalFileSystem().setModified(path, nanos: before.modifiedNanos)
        disk.lists.withLock { $0 = 0 }
        let edited = scan(first.index, .stat)
        #expect(disk.lists.withLock { $0 } == 0)
        #expect(edited.decoded.map(\.file.state.key.id) == ["r7"])

        // A new file moves its folder's stat: that folder, and only it, is listed.
        let id = try #require(
            (0..<1000).map { "n\($0)" }.first { first.index.directories["records/item/" + ZoneLayout.shard(of: $0)] != nil })
        try write(id, "new")
        disk.lists.withLock { $0 = 0 }
        let grown = scan(edited.index, .stat)
        #expect(disk.lists.withLock { $0 } == 1)
        #expect(grown.decoded.map(\.file.state.key.id) == [id])
        #expect(grown.index.directories.count == folders)
        #expect(grown.index.fileCount == 41)
    }
}

/// The local file system, counting listings.
final class ListingCounter: FileSystem, @unchecked Sendable {
    let base = LocalFileSystem()
    let lists = Locked(0)

    func list(_ path: String) throws(FileSystemError) -> [DirectoryEntry] {
        lists.withLock { $0 += 1 }
        return try base.list(path)
    }

    func stat(_ path: String) throws(FileSystemError) -> FileStat? { try base.stat(path) }
    func stat(_ names: [String], in directory: String) -> [Result<FileStat?, FileSystemError>] {
        base.stat(names, in: directory)
    }
    func read(_ path: String, limit: Int) throws(FileSystemError) -> [UInt8] { try base.read(path, limit: limit) }
    func createDirectory(_ path: String) throws(FileSystemError) { try base.createDirectory(path) }
    func writeAtomically(_ path: String, _ bytes: [UInt8], durability: Durability) throws(FileSystemError) {
        try base.writeAtomically(path, bytes, durability: durability)
    }
    func remove(_ path: String) throws(FileSystemError) { try base.remove(path) }
    func rename(_ from: String, to: String) throws(FileSystemError) { try base.rename(from, to: to) }
    func flush(_ path: String) throws(FileSystemError) { try base.flush(path) }
    func realPath(_ path: String) -> String? { base.realPath(path) }
    func lock(_ path: String, wait: Bool) throws(FileSystemError) -> (any FileLock)? { try base.lock(path, wait: wait) }
    func isWritableDirectory(_ path: String) -> Bool { base.isWritableDirectory(path) }
}
