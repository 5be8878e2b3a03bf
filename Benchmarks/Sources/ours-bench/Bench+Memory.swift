import Foundation
import OursSync

extension Bench {
    /// `ours watch --json` as its own process on Mike's copy of the big household, twice: with
    /// change hints (the default, which must really be in hints mode) and with `--no-hints`
    /// (polling). Each makes its start-up sweep, publishes a change from Sarah, then idles for
    /// the same stretch, long enough for a polling watcher's stat pass and several sweep slices.
    /// Measured: the CPU time each used while idle, and their peak resident memory (`VmHWM`).
    /// Baseline: the peak memory of `ours status`, a one-shot command.
    func memory() throws {
        let home = world.b.home
        let status = try oursMeasured(["status"], home: home).exit
        guard status.status == 0 else { throw BenchError("`ours status` exited with \(status.status)") }

        let hinted = try idleWatcher(hints: true, salt: 29)
        let polled = try idleWatcher(hints: false, salt: 31)

        let peaks = [hinted, polled].map { "\(megabytes(kibibytes: $0.peakKiB)) \($0.mode)" }
        let now = hinted.residentKiB.map { "; \(megabytes(kibibytes: $0)) at the end with hints" } ?? ""
        report.add(
            "Watcher memory: peak RSS of `ours watch` on \(size) records", peaks.joined(separator: ", ") + now,
            target: "≤ 60 MB", baseline: "`ours status`: \(megabytes(kibibytes: status.maxRSSKiB))",
            met: max(hinted.peakKiB, polled.peakKiB) * 1024 <= 60_000_000)
        for (watch, other, target) in [(hinted, polled, 0.3), (polled, hinted, 2.0)] {
            guard let percent = watch.idlePercent, watch.modeAsAsked else { continue }
            let statPass = WatchPolicy().statPassInterval(hinted: watch.hints)
            let every =
                statPass >= .seconds(60) ? "\(format(statPass.seconds / 60, 0)) min" : "\(format(statPass.seconds, 0)) s"
            let passes = Int(watch.idle.seconds / statPass.seconds)
            let held =
                switch passes {
                case 0: "no stat pass: one every \(every) \(watch.mode)"
                case 1: "incl. a stat pass"
                default: "incl. \(passes) stat passes, one every \(every)"
                }
            let stretch = "\(format(watch.idle.seconds, 0)) s, " + held
            let compared = (other.modeAsAsked ? other.idlePercent : nil).map { "\(other.mode): \(format($0, 2)) %" }
            report.add(
                "Watcher CPU while idle (`\(watch.name)`, \(stretch))",
                format(percent * 10, 1) + " ms per second (\(format(percent, 2)) % of a core)",
                target: "≤ \(format(target, 1)) % of a core", baseline: compared ?? "—", met: percent <= target)
        }
    }

    /// What one idling `ours watch` process used.
    struct IdleWatch {
        var name: String
        var hints: Bool
        /// Whether it was in the mode asked for from start to end (else it was reported).
        var modeAsAsked: Bool
        var idle: Duration
        var idleCPU: Duration?
        var peakKiB: Int
        var residentKiB: Int?

        var mode: String { hints ? (modeAsAsked ? "with hints" : "without hints (unavailable)") : "with --no-hints" }
        /// The CPU time used while idle, in percent of a core.
        var idlePercent: Double? { idleCPU.map { $0.milliseconds / idle.seconds / 10 } }
    }

    /// Starts `ours watch --json` (with `--no-hints` unless `hints`), waits for its start-up
    /// sweep and for a change from Sarah, lets it idle, and stops it.
    private func idleWatcher(hints: Bool, salt: UInt64) throws -> IdleWatch {
        let arguments = ["watch", "--json"] + (hints ? [] : ["--no-hints"])
        let name = "ours " + arguments.joined(separator: " ")
        progress("memory: \(name) on \(size) records")
        let watch = try Child(options.ours, arguments, environment: world.environment(home: world.b.home), captureOutput: true)
        var stopped = false
        defer {
            if !stopped {
                watch.signal(SIGKILL)
                _ = watch.wait()
            }
        }
        guard let watching = watch.line(timeout: .seconds(60), where: { $0.contains(#""event":"watching""#) }) else {
            throw BenchError("`\(name)` did not start: \(watch.output.joined(separator: "\n"))")
        }
        var modeAsAsked = checkMode(watching.line, of: name, hints: hints)
        var random = SplitMix64(seed: options.seed &+ salt)
        let key = random.pick(world.items)
        try world.big.put(type: key.type, id: key.id, fields: ["qty": .string("memory check (\(name))")])
        guard watch.line(timeout: .seconds(300), where: { $0.contains(#""event":"change""#) && $0.contains(key.id) }) != nil
        else {
            throw BenchError("`\(name)` never published Sarah's change to \(key)")
        }

        let idleSeconds = hints ? options.memoryIdleSeconds : options.pollingIdleSeconds
        progress("memory: \(name) idles for \(format(idleSeconds, 0)) s")
        let cpuBefore = watch.cpuSoFar()
        let idleStart = ContinuousClock.now
        Thread.sleep(forTimeInterval: idleSeconds)
        let cpuAfter = watch.cpuSoFar()
        let idle = ContinuousClock.now - idleStart
        let peak = watch.memoryKiB("VmHWM")
        let resident = watch.memoryKiB("VmRSS")

        watch.signal(SIGTERM)
        let exit = watch.wait()
        stopped = true
        if exit.status != 0 { report.fail("`\(name)` exited with \(exit.status) on SIGTERM") }
        if !(watch.output.last ?? "").contains(#""event":"stopped""#) { report.fail("`\(name)` did not say it stopped") }
        for line in watch.output where modeAsAsked && line.contains(#""event":"mode""#) {
            modeAsAsked = checkMode(line, of: name, hints: hints)  // hints stopped (or started) while it ran
        }
        let cpu = cpuBefore.flatMap { before in cpuAfter.map { $0 - before } }
        return IdleWatch(
            name: name, hints: hints, modeAsAsked: modeAsAsked, idle: idle, idleCPU: cpu, peakKiB: peak ?? exit.maxRSSKiB,
            residentKiB: resident)
    }

    /// Whether `ours watch --json`'s `watching` or `mode` line says the mode asked for;
    /// reports it when not.
    private func checkMode(_ line: String, of name: String, hints: Bool) -> Bool {
        let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        let mode = object?["mode"] as? String
        if mode == (hints ? "hints" : "poll") { return true }
        if hints, mode == "poll" {
            let kind = PollReason.Kind(rawValue: object?["pollReason"] as? String ?? "") ?? .failed
            hintsMissing("`\(name)`'s idle CPU", PollReason(kind, object?["pollMessage"] as? String ?? line))
        } else {
            report.fail("`\(name)` is not in \(hints ? "hints" : "poll") mode: \(line)")
        }
        return false
    }
}
