import Testing

@testable import OursSync

@Suite("Settling files: broken files that may still be being written")
struct SettlingFilesTests {
    let time = ManualTime()
    let wall = ManualWallClock(millis: 1_800_000_000_000)

    func files(_ policy: WatchPolicy = WatchPolicy()) -> SettlingFiles {
        let wall = self.wall
        return SettlingFiles(policy: policy, now: time.now, wallMillis: { wall.nowMillis() })
    }

    func stat(size: Int64, touchedMillisAgo age: Int64) -> FileStat {
        let nanos = (wall.nowMillis() - age) * 1_000_000
        return FileStat(kind: .file, size: size, modifiedNanos: nanos, changedNanos: nanos, inode: 7)
    }

    @Test func aFileBrokenLongAgoIsReportedAtOnce() {
        let settling = files()
        #expect(!settling.isSettling("records/item/aa/x.json", stat(size: 10, touchedMillisAgo: 60_000)))
        #expect(settling.count == 0)
    }

    @Test func aYoungFileSettlesAfterStayingUnchangedForTheSettleTime() {
        let settling = files()
        let path = "records/item/aa/x.json"
        let young = stat(size: 10, touchedMillisAgo: 100)
        #expect(settling.isSettling(path, young))
        #expect(settling.foldersToReread() == ["records/item/aa"])
        time.advance(.seconds(1))
        #expect(settling.isSettling(path, young), "unchanged for only a second")
        time.advance(.seconds(1))
        #expect(!settling.isSettling(path, young), "unchanged for two seconds: settled")
        #expect(settling.foldersToReread().isEmpty)
        #expect(!settling.isSettling(path, young), "the same bytes met again stay settled")
    }

    @Test func aFileThatKeepsChangingKeepsSettlingUntilTheCeiling() {
        let settling = files(WatchPolicy(maximumSettleTime: .seconds(10)))
        let path = "records/item/aa/x.json"
        var size: Int64 = 1
        #expect(settling.isSettling(path, stat(size: size, touchedMillisAgo: 0)))
        for _ in 0..<9 {
            time.advance(.seconds(1))
            size += 1
            #expect(settling.isSettling(path, stat(size: size, touchedMillisAgo: 0)))
        }
        time.advance(.seconds(1))
        size += 1
        #expect(!settling.isSettling(path, stat(size: size, touchedMillisAgo: 0)), "still changing after ten seconds: reported")
    }

    @Test func aFileNotMetAgainIsForgotten() {
        let settling = files()
        #expect(settling.isSettling("records/item/aa/x.json", stat(size: 3, touchedMillisAgo: 0)))
        settling.beginPass()
        settling.endPass(thorough: false)  // it parsed, or vanished
        #expect(settling.count == 0)
    }
}
