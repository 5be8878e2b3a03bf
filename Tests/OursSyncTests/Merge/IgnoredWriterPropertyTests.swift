import Testing

@testable import OursSync

/// A device removed from a household has its writes stamped after the removal ignored, even
/// ones other devices merged before they knew. Ignoring them must agree with merging (every
/// device ends with the same record whatever it merged first) and must lose no one else's
/// write: what an ignored write had replaced comes back.
@Suite struct IgnoredWriterPropertyTests {
    @Test(arguments: MergePropertyTests.batches)
    func ignoringAWriterCommutesWithMergingAndLosesNoOtherWrite(batch: Int) {
        var reached = 0
        for run in Histories.batch(batch) {
            let seed = run.seed
            var rng = SplitMix64(seed: ~seed &* 31)
            let writes = run.after.writes
            guard !writes.isEmpty else { continue }
            // One writer, ignored from one of its writes on (or from before its first).
            let ignored = rng.pick(writes).stamp.device
            let own = writes.map(\.stamp).filter { $0.device == ignored }.sorted()
            let threshold = rng.int(0...own.count) == 0 ? nil : rng.pick(own)
            let keep: (Stamp) -> Bool = { stamp in
                stamp.device != ignored || threshold.map { stamp <= $0 } == true
            }

            let pool = run.during.snapshots + run.during.states
            for _ in 0..<4 {
                let (a, b) = (rng.pick(pool), rng.pick(pool))
                let together = a.merging(b).filtered(keep)
                let apart = a.filtered(keep).merging(b.filtered(keep))
                let differing = Set(together.writes.keys).union(apart.writes.keys).filter {
                    together.writes[$0] != apart.writes[$0]
                }
                #expect(differing.isEmpty, "seed \(seed): filtering, then merging differ in \(differing.sorted())")
                // What an entry replaced may be known more fully on one side; merging joins it.
                #expect(together.merging(apart) == apart.merging(together), "seed \(seed)")
            }

            let final = run.after.states[0].filtered(keep)
            for write in writes {
                let entries = final.fields[write.field]?.entries ?? []
                if !keep(write.stamp) {
                    #expect(!entries.contains { $0.stamp == write.stamp }, "seed \(seed): ignored \(write.stamp) kept")
                    continue
                }
                // The writer's own earlier writes may go with its ignored ones: it replaced them itself.
                if write.stamp.device == ignored { continue }
                let held = entries.contains { $0.stamp == write.stamp || $0.supersedes(write.stamp) }
                #expect(held, "seed \(seed): \(write.field) at \(write.stamp) lost when \(ignored) was ignored")
                let before = run.after.states[0].fields[write.field]?.entries ?? []
                if held, !before.contains(where: { $0.stamp == write.stamp }),
                    entries.contains(where: { $0.stamp == write.stamp })
                {
                    reached += 1  // it had been superseded, and came back
                }
            }
        }
        #expect(reached > 0, "batch \(batch): no superseded write ever came back; the property proved nothing")
    }
}

extension RecordState {
    /// Each field's writes and the deletions, without what each write had replaced.
    var writes: [String: [FieldEntry]] {
        var result = fields.mapValues { $0.entries.map(\.withoutReplaced) }
        result["(deleted)"] = deletions.map { FieldEntry(value: nil, stamp: $0.stamp, seen: $0.seen) }
        return result
    }
}
