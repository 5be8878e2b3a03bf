import Foundation
import OursHousehold
import OursSync

extension Bench {
    /// Sarah changes an item (a one-shot library write, written through to the shared folder);
    /// Mike's watcher — real clock, on the big household — publishes it. Measured from just
    /// before Sarah's write to the arrival of the change event. Changes come at random moments
    /// of the poll cycle. Twice, with the same method:
    ///
    /// - forced polling (`WatchPolicy(hints: false)`, as `ours watch --no-hints`), 1 s interval.
    ///   Baseline: an ideal poller with the same interval, whose latency is uniform over the
    ///   interval (median interval/2);
    /// - change hints (the default policy: inotify on a local Linux file system), which must be
    ///   what the watcher really uses, or the row fails rather than show a polling figure.
    ///   Baseline: the polling figures just measured.
    func propagation() async throws {
        let interval = WatchPolicy(hints: false).interval
        let label = "Propagation to a watcher, forced polling (`--no-hints`, \(interval.shown))"
        progress("propagation: Mike's watcher starts, forced polling")
        guard let polled = try await propagationRun(policy: WatchPolicy(hints: false), tag: "polling", salt: 17) else {
            return
        }
        let changes = "\(polled.count) changes, \(size) records"
        addMedianAndP99(
            label, changes, polled, targets: (.milliseconds(600), .milliseconds(1_200)),
            baselines: ("ideal poller: \((interval / 2).shown)", "ideal poller: \((interval * 0.99).shown)"))

        progress("propagation: Mike's watcher starts, with change hints")
        guard let hinted = try await propagationRun(policy: WatchPolicy(), tag: "hints", salt: 19) else { return }
        addMedianAndP99(
            "Propagation to a watcher with change hints (default `ours watch`)", "\(hinted.count) changes, \(size) records",
            hinted, targets: (.milliseconds(50), .milliseconds(250)),
            baselines: ("forced polling: \(polled.median.shown)", "forced polling: \(polled.percentile(0.99).shown)"))
    }

    /// A figure's two rows, median and p99, each against its target and baseline.
    private func addMedianAndP99(
        _ label: String, _ what: String, _ samples: Samples, targets: (median: Duration, p99: Duration),
        baselines: (median: String, p99: String)
    ) {
        let (median, p99) = (samples.median, samples.percentile(0.99))
        report.add(
            "\(label), median (\(what))", median.shown, target: "≤ \(targets.median.shown)", baseline: baselines.median,
            met: median <= targets.median)
        report.add(
            "\(label), p99", p99.shown, target: "≤ \(targets.p99.shown)", baseline: baselines.p99, met: p99 <= targets.p99)
    }

    /// One watcher with `policy`, `propagationChanges` changes by Sarah, and how long each took
    /// to be published; `nil`, with the failure or note reported, when the watcher's mode is not
    /// the one `policy` asks for (hints unavailable here), so no figure is shown under its label.
    private func propagationRun(policy: WatchPolicy, tag: String, salt: UInt64) async throws -> Samples? {
        let watcher = Watcher(household: try world.joined(), policy: policy)
        let feed = Feed(watcher)
        let runner = Task.detached { try await watcher.run() }
        var random = SplitMix64(seed: options.seed &+ salt)
        var latencies = Samples()
        do {
            // A first change, whose arrival shows the start-up sweep is over (and hints watch every folder).
            _ = try await change(random.pick(world.items), quantity: "warm-up (\(tag))", feed: feed, timeout: .seconds(300))
            if let wrong = wrongMode(feed, hints: policy.hints) {
                watcher.stop()
                _ = try await runner.value
                modeMissed(wrong, hints: policy.hints)
                return nil
            }
            progress("propagation (\(tag)): \(options.propagationChanges) changes at random times")
            for (index, delay) in spreadDelays(options.propagationChanges, &random).enumerated() {
                try await Task.sleep(for: .microseconds(Int64(delay * 1_000_000)))
                let key = random.pick(world.items)
                latencies.append(
                    try await change(key, quantity: "\(index + 1) bags (\(tag))", feed: feed, timeout: .seconds(20)))
            }
        } catch {
            watcher.stop()
            _ = try? await runner.value
            throw error
        }
        watcher.stop()
        let end = try await runner.value
        guard end == .stopped else { throw BenchError("the watcher (\(tag)) ended: \(end)") }
        if let wrong = wrongMode(feed, hints: policy.hints) {
            // The mode changed during the run: the figures mix hinted and polled changes.
            modeMissed(wrong, hints: policy.hints)
            return nil
        }
        return latencies
    }

    /// How long to wait before each change, in seconds, under one poll interval: random, but
    /// spread evenly over the interval (one delay in each of `count` equal slots, at a random
    /// point of it, in random order). Plain uniform draws are uneven in a sample of 100: the
    /// harness's fixed seed once drew delays whose median was 0.41 s, which put every change
    /// early in a poll cycle and added 0.09 s to the median an ideal poller would show.
    private func spreadDelays(_ count: Int, _ random: inout SplitMix64) -> [Double] {
        var delays = (0..<count).map { (Double($0) + random.unit()) / Double(count) }
        for at in stride(from: delays.count - 1, to: 0, by: -1) {
            delays.swapAt(at, Int(random.next() % UInt64(at + 1)))
        }
        return delays
    }

    /// What went wrong with the watcher's mode, if at any point so far it was not the one asked
    /// for: it did not start with hints, or they stopped; or it used hints though told not to.
    private func wrongMode(_ feed: Feed, hints: Bool) -> WatchMode? {
        for (event, _) in feed.events {
            switch event {
            case .started(let mode), .modeChanged(let mode):
                if mode.isHints != hints { return mode }
            default: continue
            }
        }
        return nil
    }

    private func modeMissed(_ mode: WatchMode, hints: Bool) {
        switch mode {
        case .poll(let reason) where hints: hintsMissing("propagation with change hints", reason)
        default: report.fail("propagation, forced polling: the watcher was in mode \(mode) though hints were turned off")
        }
    }

    /// A watcher that should have used change hints polled: a failure in a timed run, and in
    /// the untimed run too unless this machine cannot have them (another platform, a network
    /// or unknown file system), which is not something broken.
    func hintsMissing(_ what: String, _ reason: PollReason) {
        let why = "\(reason.kind.rawValue): \(reason.message)"
        let message = "\(what): the watcher polls instead of using change hints (\(why)); no figure"
        if options.enforcesTargets || ![.unsupported, .fileSystem].contains(reason.kind) {
            report.fail(message)
        } else {
            report.note(message)
        }
    }

    /// One change by Sarah, and how long until Mike's watcher published it.
    private func change(_ key: RecordKey, quantity: String, feed: Feed, timeout: Duration) async throws -> Duration {
        let mark = feed.count
        let start = ContinuousClock.now
        try world.big.put(type: key.type, id: key.id, fields: ["qty": .string(quantity)])
        let arrived = try await feed.waitForChange(of: key, after: mark, timeout: timeout)
        return arrived - start
    }
}
