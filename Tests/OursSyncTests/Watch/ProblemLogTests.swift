import Testing

@testable import OursSync

@Suite("Problem log: each problem told once while it lasts")
struct ProblemLogTests {
    let broken = Problem(
        .brokenFile, path: "home/records/item/aa/milk.json", "not valid JSON at line 1, column 2", line: 1, column: 2)
    let restored = Problem(.restoredFile, path: "home/records/item/aa/eggs.json", "was missing; written again")

    func index(milkIs content: FolderIndex.Entry.Content) -> FolderIndex {
        var index = FolderIndex()
        index.directories["records/item/aa"] = FolderIndex.Directory(
            stat: FileStat(kind: .directory, size: 0, modifiedNanos: 0, changedNanos: 0, inode: 1))
        let stat = FileStat(kind: .file, size: 1, modifiedNanos: 0, changedNanos: 0, inode: 2)
        index.setEntry(FolderIndex.Entry(stat: stat, digest: 0, content: content), at: "records/item/aa/milk.json")
        return index
    }

    @Test func aProblemIsToldOnceUntilAThoroughPassNoLongerFindsIt() {
        var log = ProblemLog()
        let brokenIndex = index(milkIs: .broken)
        #expect(log.news(in: [broken], thorough: true, index: brokenIndex, zoneDirectory: "home") == [broken])
        #expect(log.news(in: [broken], thorough: true, index: brokenIndex, zoneDirectory: "home").isEmpty)
        #expect(
            log.news(in: [], thorough: false, index: brokenIndex, zoneDirectory: "home").isEmpty,
            "a quick pass proves nothing gone")
        #expect(log.news(in: [], thorough: true, index: brokenIndex, zoneDirectory: "home").isEmpty)
        #expect(log.news(in: [broken], thorough: false, index: brokenIndex, zoneDirectory: "home") == [broken], "broken anew")
    }

    @Test func aFileThatNowHoldsARecordClearsItsProblemInAQuickPass() {
        var log = ProblemLog()
        _ = log.news(in: [broken], thorough: false, index: index(milkIs: .broken), zoneDirectory: "home")
        let key = try! RecordKey(type: "item", id: "milk")
        #expect(log.news(in: [], thorough: false, index: index(milkIs: .record(key)), zoneDirectory: "home").isEmpty)
        #expect(log.active.isEmpty)
        #expect(log.news(in: [broken], thorough: false, index: index(milkIs: .broken), zoneDirectory: "home") == [broken])
    }

    @Test func aRestoredFileIsAnEventToldEveryTime() {
        var log = ProblemLog()
        #expect(log.news(in: [restored], thorough: false, index: nil, zoneDirectory: "home") == [restored])
        #expect(log.news(in: [restored], thorough: false, index: nil, zoneDirectory: "home") == [restored])
    }
}
