import Foundation
import OursSync

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Bench {
    /// Joining the big household: `ours join CODE --folder PATH`, process start to exit, which
    /// makes the first full sync into an empty replica. Baseline: `rsync -a` copying the same
    /// household folder, measured before and after the join (the better of the two). Both run
    /// warm — the household was just written, so it is in the page cache; dropping caches needs
    /// root and is not attempted. Each of the three starts on a settled disk (`settle`).
    func join() throws {
        let code = try world.invite()
        let rsync = try tool("rsync")
        var settling: [Duration] = []
        progress("join: rsync -a of the household folder (baseline)")
        settling.append(settle())
        let before = try copy(with: rsync, to: "rsync-copy-1")
        progress("join: ours join (\(size) records)")
        settling.append(settle())
        let joined = try ours(["join", code, "--folder", world.shared], home: world.b.home)
        guard joined.status == 0 else { throw BenchError("`ours join` exited with \(joined.status)") }
        progress("join: rsync -a again")
        settling.append(settle())
        let after = try copy(with: rsync, to: "rsync-copy-2")
        settling.append(settle())  // so the benchmarks after this one do not pay for the copy's writeback either
        let baseline = min(before, after)

        let household = try world.joined()
        let records = try household.replica.keys().count
        if records != options.size { report.fail("after the join Mike's copy holds \(records) records, not \(options.size)") }
        report.add(
            "Join: first sync of \(size) records (`ours join`)", joined.wall.shown,
            target: "≤ 1.5 × rsync = \((baseline * 1.5).shown)", baseline: "`rsync -a` of the folder: \(baseline.shown)",
            met: joined.wall <= baseline * 1.5)
        report.add(
            "Join: time per record (\(format(joined.wall.seconds / baseline.seconds, 2)) × rsync)",
            (joined.wall / options.size).shown,
            baseline: "rsync: \((baseline / options.size).shown)")
        report.note("Join and rsync both run warm (the household was just written; caches cannot be dropped without root).")
        report.note(
            "Before each of the two copies and the join, and after the second copy, the disk was settled with `sync` (untimed: "
                + settling.map(\.shown).joined(separator: ", ") + "), so no step pays for writing back what an earlier one wrote."
        )
    }

    /// Writes back every dirty page before a timed step, and says how long that took. Without
    /// it the join, whose `syncfs` calls flush the whole file system, paid for writing back the
    /// freshly generated household and the first copy, which `rsync` (never flushing) did not.
    private func settle() -> Duration {
        let start = ContinuousClock.now
        sync()
        return ContinuousClock.now - start
    }

    /// `rsync -a ZONE/ COPY/` into a new folder, timed. The copy stays until the end: removing
    /// 100,000 files keeps the disk busy long after, which would slow what is measured next.
    private func copy(with rsync: String, to name: String) throws -> Duration {
        let destination = joinPath(world.root, name)
        let exit = try Child.run(
            rsync, ["-a", world.zone + "/", destination + "/"], environment: world.environment(home: world.root))
        guard exit.status == 0 else { throw BenchError("rsync exited with \(exit.status)") }
        return exit.wall
    }
}
