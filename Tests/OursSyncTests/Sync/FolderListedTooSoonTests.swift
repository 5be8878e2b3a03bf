import Foundation
import Testing

@testable import OursSync

/// Kernels stamp a folder from a clock that moves once per tick: a file removed from a folder
/// in the same tick as the pass that listed it leaves the folder's stamps as they were. A
/// folder listed in the moment it changed is listed again by the next pass, quick or stat.
@Suite("Folder scanner: a folder listed in the moment it changed is listed again")
struct FolderListedTooSoonTests {
    let temp = TemporaryDirectory("listed-too-soon")
    let disk = ListingCounter()
    var layout: ZoneLayout { ZoneLayout(root: temp.path, directoryName: "home") }

    func write(_ id: String) throws -> String {
        var state = RecordState(key: try RecordKey(type: "item", id: id))
        state.write(["name": .string(id)], at: Stamp(millis: 1_700_000_000_000, device: DeviceID("aaaaaaaa")!))
        let path = layout.path(of: state.key)
        try disk.createDirectory(parentPath(path))
        try disk.writeAtomically(path, RecordFile.encode(state), durability: .deferred)
        return path
    }

    func scan(_ previous: FolderIndex, _ mode: FolderScanner.Mode, settledBefore: Int64) -> FolderScanner.Result {
        var scanner = FolderScanner(fileSystem: disk, layout: layout, previous: previous, mode: mode)
        scanner.settledBefore = settledBefore
        return scanner.scan()
    }

    var now: Int64 { LocalFileSystem().timestampNow()! }

    @Test func foldersJustChangedAreListedAgainOnceSettled() throws {
        try disk.createDirectory(layout.records)
        for number in 0..<5 { _ = try write("r\(number)") }
        let first = scan(FolderIndex(), .sweep, settledBefore: now - FolderScanner.stampTick)
        let folders = first.index.directories.count
        let marked = first.index.directories.values.allSatisfy { $0.listedTooSoon }
        #expect(marked, "every folder was made a moment ago")

        disk.lists.withLock { $0 = 0 }
        let again = scan(first.index, .quick, settledBefore: .max)
        #expect(disk.lists.withLock { $0 } == folders, "each is listed again")
        #expect(!again.changed && again.decoded.isEmpty && again.vanished.isEmpty)
        #expect(again.index.directories.values.allSatisfy { !$0.listedTooSoon })

        disk.lists.withLock { $0 = 0 }
        _ = scan(again.index, .quick, settledBefore: .max)
        #expect(disk.lists.withLock { $0 } == 0, "settled folders are taken from the index")
        let stat = scan(again.index, .stat, settledBefore: .max)
        #expect(disk.lists.withLock { $0 } == 0 && !stat.changed)
    }

    /// The change is made to leave the folder's stamps as the index has them, as a coarse clock
    /// does: only the mark makes the next pass see it. A stat pass stats every file it knows,
    /// so it sees a removal anyway; a new name it sees only in a listing.
    @Test(arguments: [(FolderScanner.Mode.quick, "removed"), (.quick, "added"), (.stat, "added")])
    func aChangeThatLeftTheStampsAsTheyWereIsSeen(mode: FolderScanner.Mode, change: String) throws {
        try disk.createDirectory(layout.records)
        let path = try write("milk")
        let folder = "records/item/" + ZoneLayout.shard(of: "milk")
        let first = scan(FolderIndex(), .sweep, settledBefore: now - FolderScanner.stampTick)
        try #require(first.index.directories[folder]?.listedTooSoon == true)

        let added = try #require(
            (0..<200_000).lazy.map { "n\($0)" }.first { "records/item/" + ZoneLayout.shard(of: $0) == folder })
        if change == "removed" { try disk.remove(path) } else { _ = try write(added) }
        var sameStamps = first.index
        let moved = try #require(try disk.stat(joinPath(layout.zone, folder)))
        sameStamps.directories[folder]?.modifiedNanos = moved.modifiedNanos
        sameStamps.directories[folder]?.changedNanos = moved.changedNanos

        let seen = scan(sameStamps, mode, settledBefore: .max)
        if change == "removed" {
            #expect(seen.vanished.map(\.id) == ["milk"])
        } else {
            #expect(seen.decoded.map(\.file.state.key.id) == [added])
        }

        sameStamps.directories[folder]?.listedTooSoon = false
        let missed = scan(sameStamps, mode, settledBefore: .max)
        #expect(missed.vanished.isEmpty && missed.decoded.isEmpty, "without the mark the change goes unseen")
    }

    @Test func theMarkIsSavedAsAStampNoFolderMatches() throws {
        try disk.createDirectory(layout.records)
        _ = try write("milk")
        let first = scan(FolderIndex(), .sweep, settledBefore: now - FolderScanner.stampTick)
        let reloaded = FolderIndex.decode(first.index.encode())
        disk.lists.withLock { $0 = 0 }
        let again = scan(reloaded, .quick, settledBefore: .max)
        #expect(disk.lists.withLock { $0 } == first.index.directories.count)
        #expect(again.vanished.isEmpty && again.decoded.isEmpty)
    }
}
