import Foundation
import OursSync

extension Bench {
    /// `ours watch --json` as its own process on Mike's copy of the big household: its peak
    /// resident memory (`VmHWM`) after its start-up sweep, a change from Sarah, and an idle
    /// stretch long enough for a stat pass and several sweep slices; and the CPU time it used
    /// while idle. Baseline: the peak memory of `ours status`, a one-shot command.
    func memory() throws {
        let home = world.b.home
        let status = try oursMeasured(["status"], home: home).exit
        guard status.status == 0 else { throw BenchError("`ours status` exited with \(status.status)") }

        progress("memory: ours watch --json on \(size) records")
        let watch = try Child(options.ours, ["watch", "--json"], environment: world.environment(home: home), captureOutput: true)
        var stopped = false
        defer {
            if !stopped {
                watch.signal(SIGKILL)
                _ = watch.wait()
            }
        }
        guard watch.line(timeout: .seconds(60), where: { $0.contains(#""event":"watching""#) }) != nil else {
            throw BenchError("`ours watch` did not start: \(watch.output.joined(separator: "\n"))")
        }
        var random = SplitMix64(seed: options.seed &+ 29)
        let key = random.pick(world.items)
        try world.big.put(type: key.type, id: key.id, fields: ["qty": "memory check"])
        guard watch.line(timeout: .seconds(300), where: { $0.contains(#""event":"change""#) && $0.contains(key.id) }) != nil
        else {
            throw BenchError("`ours watch` never published Sarah's change to \(key)")
        }

        progress("memory: the watcher idles for \(format(options.memoryIdleSeconds, 0)) s")
        let cpuBefore = watch.cpuSoFar()
        let idleStart = ContinuousClock.now
        Thread.sleep(forTimeInterval: options.memoryIdleSeconds)
        let cpuAfter = watch.cpuSoFar()
        let idle = ContinuousClock.now - idleStart
        let peak = watch.memoryKiB("VmHWM")
        let resident = watch.memoryKiB("VmRSS")

        watch.signal(SIGTERM)
        let exit = watch.wait()
        stopped = true
        if exit.status != 0 { report.fail("`ours watch` exited with \(exit.status) on SIGTERM") }
        if !(watch.output.last ?? "").contains(#""event":"stopped""#) { report.fail("`ours watch` did not say it stopped") }

        let peakKiB = peak ?? exit.maxRSSKiB
        let now = resident.map { ", \(megabytes(kibibytes: $0)) at the end" } ?? ""
        report.add(
            "Watcher memory: peak RSS of `ours watch` on \(size) records", megabytes(kibibytes: peakKiB) + now,
            target: "≤ 300 MB", baseline: "`ours status`: \(megabytes(kibibytes: status.maxRSSKiB))",
            met: peakKiB * 1024 <= 300_000_000)
        if let cpuBefore, let cpuAfter {
            let used = cpuAfter - cpuBefore
            let perSecond = used.milliseconds / idle.seconds
            report.add(
                "Watcher CPU while idle (`ours watch`, \(format(idle.seconds, 0)) s\(idle >= WatchPolicy().statInterval ? " incl. a stat pass" : ""))",
                format(perSecond, 1) + " ms per second (\(format(perSecond / 10, 2)) % of a core)")
        }
    }
}
