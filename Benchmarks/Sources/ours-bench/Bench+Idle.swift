import Foundation
import OursHousehold
import OursSync

extension Bench {
    /// Mike's watcher on the big household, driven by a `StepClock`: every poll is timed from
    /// the moment it is woken to the moment it sleeps again, and follows the real schedule
    /// (a quick pass every second, a sweep slice every 5 s, a stat pass every 30 s). First the
    /// idle polls, then bursts of changes from Sarah.
    func stepped() async throws {
        let household = try world.joined()
        let clock = StepClock()
        let policy = WatchPolicy(hints: false)  // the polling path; hints would change the schedule this mirrors
        let watcher = Watcher(household: household, policy: policy, clock: clock)
        let feed = Feed(watcher)
        progress("idle: Mike's watcher starts (its first pass reads every file)")
        let started = ContinuousClock.now
        let runner = Task.detached { try await watcher.run() }
        let firstSleep = await clock.nextSleep()
        var schedule = ScheduleMirror(policy: policy)

        if options.only.contains(.idle) {
            report.add("Watcher start: first pass, a full sweep of \(size) records", (firstSleep - started).shown)
            try await idle(clock: clock, schedule: &schedule, feed: feed)
        }
        if options.only.contains(.burst) {
            try await bursts(household: household, clock: clock, schedule: &schedule, feed: feed)
        }
        watcher.stop()
        let end = try await runner.value
        guard end == .stopped else { throw BenchError("the watcher ended: \(end)") }
    }

    private func idle(clock: StepClock, schedule: inout ScheduleMirror, feed: Feed) async throws {
        progress("idle: \(options.idlePolls) polls of an idle household")
        let mark = feed.count
        var quick = Samples(), slice = Samples(), stat = Samples(), all = Samples()
        for _ in 0..<options.idlePolls {
            let (woke, virtual) = clock.wake()
            let slept = await clock.nextSleep()
            let took = slept - woke
            let plan = schedule.plan(at: virtual)
            all.append(took)
            if plan.stat { stat.append(took) } else if plan.slice { slice.append(took) } else { quick.append(took) }
        }
        let published = feed.changeCount(after: mark)
        if published > 0 { report.fail("idle polls published \(published) record changes; nothing changed") }

        let find = try findBaseline()
        let findText = "`find -newer`: \(find.shown)"
        let label = "Idle poll of \(size) records: quick pass"
        report.add(
            "\(label), median (\(quick.count) polls)", quick.median.shown, target: "≤ 10 ms and < find",
            baseline: findText, met: quick.median <= .milliseconds(10) && quick.median < find)
        report.add(
            "\(label), p95", quick.percentile(0.95).shown, target: "≤ 10 ms and < find", baseline: findText,
            met: quick.percentile(0.95) <= .milliseconds(10) && quick.percentile(0.95) < find)
        if !slice.isEmpty {
            report.add(
                "Idle poll with a sweep slice (every 5 s), median (\(slice.count))", slice.median.shown,
                baseline: findText)
        }
        if !stat.isEmpty {
            report.add("Stat pass (every 30 s), median (\(stat.count))", stat.median.shown, baseline: findText)
        }
        report.add("Idle polling, mean over the whole schedule (\(all.count) polls)", all.mean.shown, baseline: findText)
    }

    /// `find ZONE -newer REFERENCE` over the same tree, with a reference file newer than every
    /// record: it lists nothing, as an idle poll finds nothing. Median of several warm runs.
    private func findBaseline() throws -> Duration {
        let reference = joinPath(world.root, "find-reference")
        guard FileManager.default.createFile(atPath: reference, contents: Data()) else {
            throw BenchError("cannot write \(reference)")
        }
        let find = try tool("find")
        var runs = Samples()
        for _ in 0..<options.findRuns {
            let exit = try Child.run(find, [world.zone, "-newer", reference], environment: world.environment(home: world.root))
            guard exit.status == 0 else { throw BenchError("find exited with \(exit.status)") }
            runs.append(exit.wall)
        }
        return runs.median
    }

    /// Sarah changes `burstSize` items at once (one import, written through to the folder)
    /// while Mike's watcher sleeps; then the watcher is woken. Measured: from the start of the
    /// pass that sees them to the change event that lists them, after they were merged into
    /// Mike's copy.
    private func bursts(household: Zone, clock: StepClock, schedule: inout ScheduleMirror, feed: Feed) async throws {
        let count = options.burstSize
        var taken = Samples()
        var kinds: [String] = []
        for burst in 0..<options.bursts {
            progress("burst \(burst + 1) of \(options.bursts): Sarah changes \(count) items")
            let step = max(1, world.items.count / count)
            let keys = (0..<count).map { world.items[(burst + $0 * step) % world.items.count] }
            let quantity = "burst \(burst + 1): 3 crates"
            let objects: [[String: JSONValue]] = keys.map { key in
                [RecordFile.metadataKey: ["id": .string(key.id)], "qty": .string(quantity), "checked": false]
            }
            try world.big.importRecords(type: RecordTypes.item, objects: objects)
            let mark = feed.count
            let (woke, virtual) = clock.wake()
            let plan = schedule.plan(at: virtual)
            kinds.append(plan.stat ? "stat pass" : plan.slice ? "quick pass with a slice" : "quick pass")
            let arrived = try await feed.waitForFolderChanges(total: count, after: mark, timeout: .seconds(120))
            _ = await clock.nextSleep()
            taken.append(arrived - woke)
            progress("burst \(burst + 1): applied and published in \((arrived - woke).shown)")
            for key in [keys.first!, keys.last!] {
                guard try household.get(key)?.values["qty"] == .string(quantity) else {
                    throw BenchError("burst \(burst + 1): \(key) was published but is not in Mike's copy")
                }
            }
        }
        let seenBy = Array(Set(kinds)).sorted().joined(separator: ", ")
        report.add(
            "Burst: \(grouped(count)) records changed by Sarah, applied and published (max of \(taken.count); seen by a \(seenBy))",
            taken.maximum.shown, target: "≤ 0.25 s", baseline: "—", met: taken.maximum <= .milliseconds(250))
    }
}

/// Which passes a watcher makes at which (virtual) time: `PollSchedule`'s rules, mirrored to
/// label the polls the harness times. The first pass, at time zero, is the full sweep.
struct ScheduleMirror {
    let policy: WatchPolicy
    private var lastThorough = Duration.zero
    private var nextSliceAt: Duration

    init(policy: WatchPolicy) {
        self.policy = policy
        nextSliceAt = max(policy.sliceInterval, policy.interval)
    }

    mutating func plan(at time: Duration) -> (stat: Bool, slice: Bool) {
        let stat = time - lastThorough >= policy.statInterval
        let slice = time >= nextSliceAt
        if stat { lastThorough = time }
        if slice { nextSliceAt = time + max(policy.sliceInterval, policy.interval) }
        return (stat, slice)
    }
}
