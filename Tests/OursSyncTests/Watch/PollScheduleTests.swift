import Testing

@testable import OursSync

@Suite("Poll schedule: how deep each poll looks, and backing off")
struct PollScheduleTests {
    @Test func aSweepFirstThenQuickPassesWithAStatPassEveryThirtySeconds() {
        var schedule = PollSchedule(policy: WatchPolicy())
        var modes: [FolderScanner.Mode] = []
        for second in 0...61 {
            let now = Duration.seconds(second)
            let plan = schedule.plan(now: now)
            modes.append(plan.mode)
            schedule.succeeded(plan, now: now)
        }
        #expect(modes[0] == .sweep)
        #expect(modes.indices.filter { modes[$0] == .stat } == [30, 60])
        #expect(modes.filter { $0 == .quick }.count == 59)
    }

    @Test func theRollingSweepReadsEveryFolderOncePerPeriodASliceAtATime() {
        let policy = WatchPolicy()
        var schedule = PollSchedule(policy: policy)
        #expect(schedule.sliceCount == 120, "ten minutes in five-second slices")
        let folders = ["records", "records/item"] + (0..<256).map { "records/item/" + String(format2: $0) }
        var readCount: [String: Int] = [:]
        var slicesWithFolders: [Int] = []
        for second in 0...600 {
            let now = Duration.seconds(second)
            let plan = schedule.plan(now: now)
            if let slice = plan.slice {
                let chosen = folders.filter { schedule.folder($0, isIn: slice) }
                slicesWithFolders.append(chosen.count)
                for folder in chosen { readCount[folder, default: 0] += 1 }
            }
            schedule.succeeded(plan, now: now)
        }
        #expect(readCount.count == folders.count, "every folder re-read within the period")
        #expect(readCount.values.allSatisfy { $0 == 1 }, "and only once")
        #expect((slicesWithFolders.max() ?? 0) <= 12, "no spike: a few folders per slice")
    }

    @Test func aLongIntervalKeepsTheSweepPeriod() {
        let schedule = PollSchedule(policy: WatchPolicy(interval: .seconds(30)))
        #expect(schedule.sliceCount == 20)
    }

    @Test func failuresBackOffByDoublingUpToTheCeilingAndTheFolderReturnBringsASweep() {
        var schedule = PollSchedule(policy: WatchPolicy())
        let first = schedule.plan(now: .zero)
        schedule.succeeded(first, now: .zero)
        #expect(schedule.plan(now: .seconds(1)).mode == .quick)
        let waits = (0..<7).map { _ in schedule.failed(folderMissing: true) }
        #expect(waits == [2, 4, 8, 16, 30, 30, 30].map { Duration.seconds($0) })
        #expect(schedule.plan(now: .seconds(100)).mode == .sweep, "after an outage everything is read again")
        schedule.succeeded(schedule.plan(now: .seconds(100)), now: .seconds(100))
        #expect(schedule.failed(folderMissing: false) == .seconds(2), "a success resets the backoff")
    }
}

extension String {
    /// Two lowercase hex digits, as shard folders are named.
    init(format2 value: Int) {
        let text = String(value, radix: 16)
        self = text.count == 1 ? "0" + text : text
    }
}

@Suite("Poll schedule with healthy change hints")
struct HintedPollScheduleTests {
    @Test func pollsEveryFiveSecondsAndStatPassesEveryFiveMinutes() {
        var schedule = PollSchedule(policy: WatchPolicy())
        schedule.hinted = true
        #expect(schedule.pace == .seconds(5))
        var modes: [Int: FolderScanner.Mode] = [:]
        for second in stride(from: 0, through: 600, by: 5) {
            let now = Duration.seconds(second)
            let plan = schedule.plan(now: now)
            modes[second] = plan.mode
            schedule.succeeded(plan, now: now)
        }
        #expect(modes[0] == .sweep)
        #expect(modes.filter { $0.value == .stat }.keys.sorted() == [300, 600])
    }

    @Test func theRollingSweepTakesAnHourAndStillReadsEveryFolder() {
        var schedule = PollSchedule(policy: WatchPolicy())
        #expect(schedule.sliceCount == 120)
        schedule.hinted = true
        #expect(schedule.sliceCount == 720, "a slice every 5 s: every file is read every hour")
        #expect(schedule.sliceSpacing == .seconds(5))
        let folders = ["records", "records/item"] + (0..<256).map { "records/item/" + String(format2: $0) }
        var readCount: [String: Int] = [:]
        for second in stride(from: 0, through: 3_600, by: 5) {
            let now = Duration.seconds(second)
            let plan = schedule.plan(now: now)
            if let slice = plan.slice {
                for folder in folders where schedule.folder(folder, isIn: slice) { readCount[folder, default: 0] += 1 }
            }
            schedule.succeeded(plan, now: now)
        }
        #expect(readCount.count == folders.count, "every folder re-read within the hour")
        #expect(readCount.values.allSatisfy { $0 == 1 }, "and only once")
        schedule.hinted = false
        #expect(schedule.sliceCount == 120, "back to ten minutes when hints stop")
    }

    @Test func neverMoreOftenThanWithoutHints() {
        var schedule = PollSchedule(
            policy: WatchPolicy(interval: .seconds(60), statInterval: .seconds(600), hintedStatInterval: .seconds(300)))
        schedule.hinted = true
        #expect(schedule.pace == .seconds(60))
        #expect(schedule.statInterval == .seconds(600))
        schedule.hinted = false
        #expect(schedule.pace == .seconds(60))
    }

    @Test func withoutHintsNothingChanges() {
        let schedule = PollSchedule(policy: WatchPolicy())
        #expect(schedule.pace == .seconds(1))
        #expect(schedule.statInterval == .seconds(30))
    }
}
