import Foundation
import Testing

@testable import OursSync

/// The scanner's three depths of looking, on a real directory (so times, ctime and inodes are
/// the kernel's own).
@Suite("Folder scanner: quick, stat and sweep passes")
struct FolderScannerTests {
    let temp = TemporaryDirectory("scanner")
    let fileSystem = LocalFileSystem()
    var layout: ZoneLayout { ZoneLayout(root: temp.path, directoryName: "home") }

    func write(_ key: RecordKey, _ fields: [String: JSONValue]) throws {
        var state = RecordState(key: key)
        state.write(fields.mapValues { $0 }, at: Stamp(millis: 1_700_000_000_000, device: DeviceID("aaaaaaaa")!))
        let path = layout.path(of: key)
        try fileSystem.createDirectory(parentPath(path))
        try fileSystem.writeAtomically(path, RecordFile.encode(state), durability: .deferred)
    }

    func scan(_ previous: FolderIndex, _ mode: FolderScanner.Mode) -> FolderScanner.Result {
        FolderScanner(fileSystem: fileSystem, layout: layout, previous: previous, mode: mode).scan()
    }

    func key(_ id: String) -> RecordKey { try! RecordKey(type: "item", id: id) }

    func populated(_ count: Int) throws -> FolderIndex {
        try fileSystem.createDirectory(layout.records)
        for number in 0..<count { try write(key("r\(number)"), ["name": .string("thing \(number)")]) }
        let first = scan(FolderIndex(), .sweep)
        #expect(first.decoded.count == count)
        return first.index
    }

    /// Same length, same name, same inode, old modification time put back — as some tools do.
    func editInPlaceKeepingTime(_ key: RecordKey) throws {
        let path = layout.path(of: key)
        let before = try #require(try fileSystem.stat(path))
        var text = String(decoding: try fileSystem.read(path, limit: 1 << 20), as: UTF8.self)
        text = text.replacingOccurrences(of: "thing ", with: "THING ")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))  // in place, same inode
        try fileSystem.setModified(path, nanos: before.modifiedNanos)
    }

    @Test func anIdleQuickPassReadsNothingAndChangesNothing() throws {
        let index = try populated(50)
        let idle = scan(index, .quick)
        #expect(idle.filesRead == 0)
        #expect(idle.decoded.isEmpty)
        #expect(!idle.changed)
        #expect(idle.index == index)
        #expect(idle.filesScanned == 50)
    }

    /// A quick pass reuses an unchanged folder without listing it; a broken file in it must
    /// still be reported as broken (write-back never overwrites a person's bytes), and no
    /// longer once it is mended. Fifty records spread over more shard folders than a walk
    /// fetches one by one, so their stats are taken in their parent folder.
    @Test func aReusedFolderStillReportsItsBrokenFileUntilItIsMended() throws {
        let index = try populated(50)
        let torn = layout.path(of: key("r7"))
        let relative = "records/item/" + ZoneLayout.shard(of: "r7") + "/r7.json"
        let good = try fileSystem.read(torn, limit: 1 << 20)
        try fileSystem.writeAtomically(torn, Array("{ torn".utf8), durability: .deferred)
        let found = scan(index, .quick)
        #expect(found.broken == [relative])
        let reused = scan(found.index, .quick)
        #expect(reused.filesRead == 0, "the folder is reused, not read")
        #expect(reused.broken == [relative])
        #expect(reused.index == found.index)
        try fileSystem.writeAtomically(torn, good, durability: .deferred)
        let mended = scan(reused.index, .quick)
        #expect(mended.broken.isEmpty)
        #expect(scan(mended.index, .quick).broken.isEmpty)
    }

    @Test func aQuickPassFindsANewFileAndAVanishedOne() throws {
        let index = try populated(20)
        try write(key("new"), ["name": "New"])
        try fileSystem.remove(layout.path(of: key("r3")))
        let quick = scan(index, .quick)
        #expect(quick.decoded.map(\.file.state.key) == [key("new")])
        #expect(quick.vanished == [key("r3")])
        #expect(quick.changed)
        #expect(quick.filesRead == 1, "only the new file is read")
    }

    @Test func aQuickPassNoticesAWholeRecordsFolderGone() throws {
        let index = try populated(10)
        try FileManager.default.removeItem(atPath: layout.records + "/item")
        let quick = scan(index, .quick)
        #expect(quick.vanished.count == 10)
    }

    @Test func anInPlaceEditThatRestoresTheOldTimeIsCaughtByTheStatPassAndTheSweep() throws {
        let index = try populated(5)
        try editInPlaceKeepingTime(key("r2"))

        #expect(scan(index, .quick).decoded.isEmpty, "a quick pass trusts the unchanged folder")
        let stat = scan(index, .stat)
        #expect(stat.decoded.map(\.file.state.key) == [key("r2")], "the change time moved")
        let sweep = scan(index, .sweep)
        #expect(sweep.decoded.map(\.file.state.key) == [key("r2")])
        #expect(sweep.decoded.first?.file.handEditedFields == ["name"])
    }

    /// In a folder that did change, a quick pass stats only the files whose inode the listing
    /// shows changed: a replaced file (a sync tool's rename) is read at once; a write in place
    /// waits for the stat pass, as it does in a folder that did not change.
    @Test func aQuickPassInAChangedFolderReadsReplacedFilesAndLeavesInPlaceEditsToTheStatPass() throws {
        let index = try populated(5)
        try editInPlaceKeepingTime(key("r2"))
        // The same folder changes: a new file next to it, and its neighbour replaced.
        let shard = ZoneLayout.shard(of: "r2")
        let neighbour = (0..<5).map { key("r\($0)") }.first { $0.id != "r2" && ZoneLayout.shard(of: $0.id) == shard }
        var newcomer = key("n0")
        for number in 0..<10_000 where ZoneLayout.shard(of: "n\(number)") == shard {
            newcomer = key("n\(number)")
            break
        }
        try write(newcomer, ["name": "New"])
        if let neighbour { try write(neighbour, ["name": "Replaced"]) }

        let quick = scan(index, .quick)
        let expected = [newcomer] + (neighbour.map { [$0] } ?? [])
        #expect(Set(quick.decoded.map(\.file.state.key)) == Set(expected), "new and replaced files, not the edit in place")
        #expect(quick.filesRead == expected.count)
        let stat = scan(quick.index, .stat)
        #expect(stat.decoded.map(\.file.state.key) == [key("r2")], "the stat pass catches the edit in place")
    }

    @Test func aRollingSweepRereadsChosenFoldersInAQuickPass() throws {
        let index = try populated(30)
        let target = "records/item/" + ZoneLayout.shard(of: "r7")
        var scanner = FolderScanner(fileSystem: fileSystem, layout: layout, previous: index, mode: .quick)
        scanner.reread = { $0 == target }
        let result = scanner.scan()
        let expected = (0..<30).filter { "records/item/" + ZoneLayout.shard(of: "r\($0)") == target }.count
        #expect(result.filesRead == expected)
        #expect(result.decoded.isEmpty, "same bytes: read, hashed, not parsed")
    }

    @Test func aSettlingFileIsNotReportedUntilItSettles() throws {
        let index = try populated(3)
        let path = layout.records + "/item/zz/half.json"
        try fileSystem.createDirectory(parentPath(path))
        try Data("{\"name\": \"Half".utf8).write(to: URL(fileURLWithPath: path))
        var scanner = FolderScanner(fileSystem: fileSystem, layout: layout, previous: index, mode: .quick)
        scanner.settling = { _, _ in true }
        let settling = scanner.scan()
        #expect(settling.problems.isEmpty)
        #expect(settling.broken.contains("records/item/zz/half.json"), "never overwritten meanwhile")
        scanner.settling = { _, _ in false }
        let settled = scanner.scan()
        #expect(settled.problems.map(\.kind) == [.brokenFile])
        #expect(settled.problems.first?.line == 1)
    }

    @Test func theIndexSurvivesEncoding() throws {
        let index = try populated(25)
        #expect(FolderIndex.decode(index.encode()) == index)
        #expect(FolderIndex.decode(Array("ours-folder-index 1\nx".utf8)) == FolderIndex(), "an older index is just dropped")
    }
}

/// A big scan is spread over the cores (folders listed ahead, files looked at); what it finds
/// must not depend on that.
@Suite("Folder scanner: a scan spread over threads finds what one thread finds")
struct SpreadScanTests {
    let temp = TemporaryDirectory("spread")
    let fileSystem = LocalFileSystem()
    var layout: ZoneLayout { ZoneLayout(root: temp.path, directoryName: "home") }

    func write(_ key: RecordKey, at path: String? = nil) throws {
        var state = RecordState(key: key)
        state.write(["name": .string(key.id)], at: Stamp(millis: 1_700_000_000_000, device: DeviceID("aaaaaaaa")!))
        let target = path ?? layout.path(of: key)
        try fileSystem.createDirectory(parentPath(target))
        try fileSystem.writeAtomically(target, RecordFile.encode(state), durability: .deferred)
    }

    func scan(_ previous: FolderIndex, _ mode: FolderScanner.Mode, spread: Bool) -> FolderScanner.Result {
        var scanner = FolderScanner(fileSystem: fileSystem, layout: layout, previous: previous, mode: mode)
        scanner.spreadFrom = spread ? 1 : Int.max
        scanner.fetchFrom = spread ? 1 : Int.max
        return scanner.scan()
    }

    func expectSame(_ one: FolderScanner.Result, _ other: FolderScanner.Result) {
        #expect(one.index == other.index)
        #expect(one.decoded.map(\.relativePath) == other.decoded.map(\.relativePath))
        #expect(one.decoded.map(\.file.state) == other.decoded.map(\.file.state))
        #expect(one.strays == other.strays)
        #expect(one.broken == other.broken)
        #expect(one.vanished == other.vanished)
        #expect(one.rewritten == other.rewritten)
        #expect(one.problems == other.problems)
        #expect(one.filesScanned == other.filesScanned)
        #expect(one.filesRead == other.filesRead)
        #expect(one.changed == other.changed)
    }

    @Test func sweepAndQuickPassesAgreeWithAndWithoutThreads() throws {
        let keys = try (0..<600).map { try RecordKey(type: $0 % 3 == 0 ? "task" : "item", id: "r\($0)") }
        for key in keys { try write(key) }
        // A stray copy, a broken file, another tool's file.
        try write(keys[1], at: joinPath(layout.records, "item", "copies", "r1.json"))
        try fileSystem.createDirectory(joinPath(layout.records, "item", "00"))
        try fileSystem.writeAtomically(
            joinPath(layout.records, "item", "00", "broken.json"), Array("{ nope".utf8), durability: .deferred)
        try fileSystem.writeAtomically(
            joinPath(layout.records, "item", "00", "notes.txt"), Array("hi".utf8), durability: .deferred)

        let spread = scan(FolderIndex(), .sweep, spread: true)
        let alone = scan(FolderIndex(), .sweep, spread: false)
        expectSame(spread, alone)
        #expect(spread.decoded.count == 601)
        #expect(spread.strays[keys[1]] == ["records/item/copies/r1.json"])
        #expect(spread.broken == ["records/item/00/broken.json"])

        // Changes in many folders, one file gone: a quick pass finds the same either way.
        for key in keys.prefix(200) where key.id != "r7" { try write(key, at: nil) }
        try fileSystem.remove(layout.path(of: keys[7]))
        let quickSpread = scan(spread.index, .quick, spread: true)
        let quickAlone = scan(spread.index, .quick, spread: false)
        expectSame(quickSpread, quickAlone)
        #expect(quickSpread.vanished == [keys[7]])
    }
}
