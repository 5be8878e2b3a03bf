import Foundation
import OursHousehold
import OursSync

extension Bench {
    /// Sarah changes an item (a one-shot library write, written through to the shared folder);
    /// Mike's watcher — real clock, 1 s interval, on the big household — publishes it. Measured
    /// from just before Sarah's write to the arrival of the change event. Changes come at random
    /// moments of the poll cycle. Baseline: an ideal poller with the same interval, whose
    /// latency is uniform over the interval (median interval/2).
    func propagation() async throws {
        let household = try world.joined()
        let policy = WatchPolicy(hints: false)  // forced polling: the figure and baseline are for the poll
        let watcher = Watcher(household: household, policy: policy)
        let feed = Feed(watcher)
        progress("propagation: Mike's watcher starts")
        let runner = Task.detached { try await watcher.run() }
        var random = SplitMix64(seed: options.seed &+ 17)

        // A first change, whose arrival shows the start-up sweep is over.
        _ = try await change(random.pick(world.items), quantity: "warm-up", feed: feed, timeout: .seconds(300))
        progress("propagation: \(options.propagationChanges) changes at random times")
        var latencies = Samples()
        for index in 0..<options.propagationChanges {
            try await Task.sleep(for: .microseconds(Int64(random.unit() * 1_000_000)))
            latencies.append(
                try await change(random.pick(world.items), quantity: "\(index + 1) bags", feed: feed, timeout: .seconds(20)))
        }
        watcher.stop()
        _ = try await runner.value

        let interval = policy.interval
        let label = "Propagation to a 1 s watcher (\(latencies.count) changes, \(size) records)"
        report.add(
            "\(label), median", latencies.median.shown, target: "≤ 0.6 s", baseline: "ideal poller: \((interval / 2).shown)",
            met: latencies.median <= .milliseconds(600))
        report.add(
            "\(label), p99", latencies.percentile(0.99).shown, target: "≤ 1.2 s",
            baseline: "ideal poller: \((interval * 0.99).shown)", met: latencies.percentile(0.99) <= .milliseconds(1_200))
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
