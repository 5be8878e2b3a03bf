import Foundation
import Testing

@testable import OursSync

/// Big batches of replaced records are rewritten in place behind a journal; a crash at any
/// point of that must leave every record whole, old or new, and never undo a later write.
@Suite("Replica: in-place batches and their journal")
struct OverwriteJournalTests {
    let temp = TemporaryDirectory("overwrite")
    let fileSystem = LocalFileSystem()

    var replica: Replica { Replica(fileSystem: fileSystem, directory: joinPath(temp.path, "replicas", "h1")) }
    var journalPath: String { joinPath(replica.directory, OverwriteJournal.fileName) }

    func state(_ id: String, _ name: String) -> RecordState {
        var state = RecordState(key: try! RecordKey(type: "item", id: id))
        state.write(["name": .string(name)], at: Stamp(millis: 1_700_000_000_000, device: DeviceID("aaaaaaaa")!))
        return state
    }

    func inode(_ key: RecordKey) throws -> UInt64? { try fileSystem.stat(replica.path(of: key))?.inode }

    @Test func theJournalReadsBackAndRefusesAnythingCutShortOrAltered() {
        let journal = OverwriteJournal(entries: [
            .init(path: "records/item/3f/a.json", bytes: Array("{\n  \"x\": 1\n}\n".utf8)),
            .init(path: "records/item/00/b.json", bytes: []),
        ])
        let bytes = journal.encoded()
        #expect(OverwriteJournal(decoding: bytes) == journal)
        for cut in [1, 10, bytes.count / 2, bytes.count - 1] {
            #expect(OverwriteJournal(decoding: Array(bytes.prefix(cut))) == nil, "cut at \(cut)")
        }
        var altered = bytes
        altered[30] ^= 1
        #expect(OverwriteJournal(decoding: altered) == nil)
        let escaping = OverwriteJournal(entries: [.init(path: "../../etc/x", bytes: [1])]).encoded()
        #expect(OverwriteJournal(decoding: escaping) == nil)
    }

    @Test func aBigBatchRewritesRecordsInPlaceAndLeavesNoJournal() throws {
        let old = (0..<100).map { state("r\($0)", "old \($0)") }
        try replica.save(batch: old.map { ($0.key, RecordFile.encode($0), false) })
        let inodes = try old.map { try inode($0.key) }
        let new = (0..<100).map { state("r\($0)", $0 % 2 == 0 ? "new, and a longer name \($0)" : "n\($0)") }
        let flushed = try replica.save(batch: new.map { ($0.key, RecordFile.encode($0), true) })
        #expect(flushed)
        for record in new { #expect(try replica.load(record.key) == record) }
        #expect(try new.map { try inode($0.key) } == inodes, "rewritten in place, not replaced")
        #expect(try fileSystem.stat(journalPath) == nil)
    }

    @Test func aSmallBatchReplacesFilesAsBefore() throws {
        let old = (0..<3).map { state("s\($0)", "old") }
        try replica.save(batch: old.map { ($0.key, RecordFile.encode($0), false) })
        let new = (0..<3).map { state("s\($0)", "new") }
        try replica.save(batch: new.map { ($0.key, RecordFile.encode($0), true) })
        for record in new { #expect(try replica.load(record.key) == record) }
    }

    /// A crash after the journal was written and while files were being rewritten: one file
    /// rewritten, one cut in the middle, one not reached, one deleted meanwhile.
    func crashMidBatch() throws -> [RecordState] {
        let old = (0..<4).map { state("c\($0)", "old \($0)") }
        try replica.save(batch: old.map { ($0.key, RecordFile.encode($0), false) })
        let new = (0..<4).map { state("c\($0)", "new \($0)") }
        let journal = OverwriteJournal(
            entries: new.map {
                .init(path: "records/" + ZoneLayout.relativePath(of: $0.key), bytes: RecordFile.encode($0))
            })
        try fileSystem.writeAtomically(journalPath, journal.encoded(), durability: .immediate)
        try fileSystem.overwrite(replica.path(of: new[0].key), RecordFile.encode(new[0]))
        try fileSystem.overwrite(replica.path(of: new[1].key), Array(RecordFile.encode(new[1]).prefix(20)))
        try fileSystem.remove(replica.path(of: new[3].key))
        return new
    }

    @Test func aReaderWithoutTheLockTakesAHalfRewrittenFileFromTheJournal() throws {
        let new = try crashMidBatch()
        #expect(try replica.load(new[1].key) == new[1])
        #expect(try replica.load(new[0].key) == new[0])
        #expect(try replica.load(new[2].key)?.values["name"] == .string("old 2"), "not reached: still whole and old")
    }

    @Test func theNextLockHolderFinishesTheBatchBeforeAnythingElse() throws {
        let new = try crashMidBatch()
        let device = Device(home: temp.path, clock: SystemWallClock())
        try device.withLock { () throws(OursError) in }
        for record in new { #expect(try replica.load(record.key) == record) }
        #expect(try fileSystem.stat(journalPath) == nil)
        // A later write is never undone: the journal is gone for good.
        let later = state("c0", "later")
        try replica.save(later)
        try device.withLock { () throws(OursError) in }
        #expect(try replica.load(later.key) == later)
    }

    @Test func finishingABatchRewritesOnlyFilesThatDoNotHoldTheirNewBytes() throws {
        let new = try crashMidBatch()
        let whole = try inode(new[0].key)
        let cut = try inode(new[1].key)
        let device = Device(home: temp.path, clock: SystemWallClock())
        try device.withLock { () throws(OursError) in }
        #expect(try inode(new[0].key) == whole, "already rewritten: left as it is")
        #expect(try inode(new[1].key) != cut, "cut short: replaced whole")
        for record in new { #expect(try replica.load(record.key) == record) }
    }

    /// A watcher publishes a burst before it finishes the batch (`finishingLater`); a write
    /// in between — write-back's own, under the same lock — finishes it first, so a crash
    /// cannot put the journal's older bytes back over the later write.
    @Test func aBatchLeftToFinishLaterIsFinishedBeforeAnyOtherWrite() throws {
        let old = (0..<100).map { state("l\($0)", "old \($0)") }
        try replica.save(batch: old.map { ($0.key, RecordFile.encode($0), false) })
        let new = (0..<100).map { state("l\($0)", "new \($0)") }
        let durable = try replica.save(batch: new.map { ($0.key, RecordFile.encode($0), true) }, finishingLater: true)
        #expect(!durable, "a flush is owed; until then its journal holds it whole")
        #expect(try fileSystem.stat(journalPath) != nil)
        for record in new { #expect(try replica.load(record.key) == record) }

        let later = state("l0", "later")
        try replica.save(later)
        #expect(try fileSystem.stat(journalPath) == nil)
        let device = Device(home: temp.path, clock: SystemWallClock())
        try device.withLock { () throws(OursError) in }
        #expect(try replica.load(later.key) == later)
        #expect(try replica.load(new[1].key) == new[1])
    }

    @Test func aJournalCutShortIsDroppedAndTouchesNothing() throws {
        let old = (0..<2).map { state("t\($0)", "old") }
        try replica.save(batch: old.map { ($0.key, RecordFile.encode($0), false) })
        let journal = OverwriteJournal(
            entries: old.map {
                .init(path: "records/" + ZoneLayout.relativePath(of: $0.key), bytes: Array("{ garbage".utf8))
            }
        ).encoded()
        try fileSystem.writeAtomically(journalPath, Array(journal.dropLast(5)), durability: .immediate)
        let device = Device(home: temp.path, clock: SystemWallClock())
        try device.withLock { () throws(OursError) in }
        for record in old { #expect(try replica.load(record.key) == record) }
        #expect(try fileSystem.stat(journalPath) == nil)
    }
}

@Suite("Local file system: rewriting in place")
struct OverwriteInPlaceTests {
    let temp = TemporaryDirectory("inplace")
    let fileSystem = LocalFileSystem()

    @Test func anOverwriteShrinksAndGrowsTheSameFileWithinAPage() throws {
        let path = joinPath(temp.path, "f.json")
        try fileSystem.writeAtomically(path, Array(repeating: 65, count: 300), durability: .deferred)
        let before = try fileSystem.stat(path)?.inode
        try fileSystem.overwrite(path, Array("short".utf8))
        #expect(try fileSystem.readLocked(path, limit: 1000) == Array("short".utf8))
        try fileSystem.overwrite(path, Array(repeating: 66, count: 4000))
        #expect(try fileSystem.read(path, limit: 10_000) == Array(repeating: 66, count: 4000))
        #expect(try fileSystem.stat(path)?.inode == before)
        // Past a page, a kill could land between pages: the file is replaced instead.
        try fileSystem.overwrite(path, Array(repeating: 67, count: 9000))
        #expect(try fileSystem.read(path, limit: 10_000) == Array(repeating: 67, count: 9000))
    }

    /// What a kill between the write and the truncation leaves: the new record padded with
    /// spaces, which still reads as the new record.
    @Test func aShorterRecordPaddedWithSpacesStillReads() throws {
        var state = RecordState(key: try RecordKey(type: "item", id: "milk"))
        state.write(["name": "Milk"], at: Stamp(millis: 1_700_000_000_000, device: DeviceID("aaaaaaaa")!))
        let padded = RecordFile.encode(state) + Array(repeating: UInt8(ascii: " "), count: 200)
        let decoded = try RecordFile.decode(padded, fallbackType: nil, fallbackID: nil, modifiedMillis: 0)
        #expect(decoded.state == state)
    }

    @Test func anOverwriteNeedsAFileAndNeverFollowsALink() throws {
        let missing = joinPath(temp.path, "missing.json")
        #expect(throws: FileSystemError.self) { try fileSystem.overwrite(missing, [1]) }
        #expect(try fileSystem.stat(missing) == nil, "nothing created")
        let target = joinPath(temp.path, "target")
        try fileSystem.writeAtomically(target, [7], durability: .deferred)
        let link = joinPath(temp.path, "link.json")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        #expect(throws: FileSystemError.self) { try fileSystem.overwrite(link, [1, 2]) }
        #expect(try fileSystem.read(target, limit: 10) == [7])
    }
}
