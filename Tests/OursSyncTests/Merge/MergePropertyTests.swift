import Testing

@testable import OursSync

/// The folder promises that any devices merging in any order, any number of times, end with
/// byte-identical files and lose nothing silently. These check it over 300 random honest
/// histories, against ground truth tracked outside the code under test.
@Suite struct MergePropertyTests {
    /// 300 seeds in 10 batches: a failure names its seed, and the log stays short.
    static let batches = Array(0..<Histories.batchCount)

    @Test(arguments: batches)
    func mergeIsCommutativeAssociativeAndIdempotent(batch: Int) {
        for run in Histories.batch(batch) {
            let seed = run.seed
            let pool = run.during.snapshots + run.during.states
            var rng = SplitMix64(seed: seed)
            for round in 0..<5 {
                let (a, b, c) = (rng.pick(pool), rng.pick(pool), rng.pick(pool))
                let ab = a.merging(b)
                let ba = b.merging(a)
                #expect(ab == ba, "seed \(seed): commutative")
                if round == 0 { #expect(RecordFile.encode(ab) == RecordFile.encode(ba), "seed \(seed): same bytes") }
                #expect(ab.merging(c) == a.merging(b.merging(c)), "seed \(seed): associative")
                #expect(a.merging(a) == a, "seed \(seed): idempotent")
                #expect(ab.merging(b) == ab && b.merging(ab) == ab, "seed \(seed): repetition changes nothing")
            }
        }
    }

    @Test(arguments: batches)
    func everyoneMergingEveryoneGivesIdenticalBytes(batch: Int) throws {
        for run in Histories.batch(batch) {
            let seed = run.seed
            let earlier = run.during.snapshots + run.during.states
            let final = run.after.states
            #expect(final.allSatisfy { $0 == final[0] }, "seed \(seed)")
            #expect(final.allSatisfy { $0.conflicts == final[0].conflicts }, "seed \(seed): same conflict list")
            // Equal states built along different paths hold dictionaries in different orders.
            let bytes = RecordFile.encode(final[0])
            #expect(RecordFile.encode(final[final.count - 1]) == bytes, "seed \(seed)")
            // Any order and any repetition of every state ever held gives the same record,
            // and no stale state can bring back what was superseded.
            var rng = SplitMix64(seed: ~seed)
            let repeated = earlier + (0..<5).map { _ in rng.pick(earlier) }
            let folded = repeated.shuffled(using: &rng).reduce(RecordState(key: Fixture.key)) { $0.merging($1) }
            #expect(folded == final[0], "seed \(seed)")
            #expect(earlier.allSatisfy { final[0].merging($0) == final[0] }, "seed \(seed)")
            let decoded = try RecordFile.decode(bytes, fallbackType: nil, fallbackID: nil, modifiedMillis: 0)
            #expect(decoded.state == final[0], "seed \(seed): file round trip")
            #expect(decoded.handEditedFields.isEmpty && !decoded.isHandMade, "seed \(seed)")
            // Encoding is the slow part in debug builds, so stale states only for some seeds.
            if seed % 3 == 0 {
                let stale = rng.pick(earlier)
                let file = try RecordFile.decode(RecordFile.encode(stale), fallbackType: nil, fallbackID: nil, modifiedMillis: 0)
                #expect(file.state == stale && file.handEditedFields.isEmpty, "seed \(seed): stale round trip")
            }
        }
    }

    @Test(arguments: batches)
    func noWriteIsLostSilently(batch: Int) {
        for run in Histories.batch(batch) {
            let (seed, history) = (run.seed, run.after)
            let state = history.states[0]
            let conflicts = state.conflicts
            for write in history.writes {
                guard let register = state.fields[write.field] else {
                    Issue.record("seed \(seed): field \(write.field) vanished")
                    continue
                }
                if register.winner.stamp == write.stamp { continue }
                if let loser = register.losers.first(where: { $0.stamp == write.stamp }) {
                    #expect(loser.value == write.value, "seed \(seed)")
                    if loser.value != register.winner.value {
                        let listed = conflicts.contains {
                            $0.kind == .value && $0.field == write.field && $0.stamp == write.stamp && $0.value == write.value
                                && $0.winningStamp == register.winner.stamp
                        }
                        #expect(listed, "seed \(seed): concurrent loser \(write.stamp) not listed")
                    }
                    continue
                }
                // Dropped: only by a surviving write whose writer had really seen it.
                let superseding = register.entries.filter { $0.supersedes(write.stamp) }
                #expect(!superseding.isEmpty, "seed \(seed): \(write.field) at \(write.stamp) lost")
                for entry in superseding {
                    let truth = history.writes.first { $0.stamp == entry.stamp && $0.field == write.field }
                    #expect(truth?.seen.contains(write.id) == true, "seed \(seed): superseded by a writer that had not seen it")
                }
            }
        }
    }

    @Test(arguments: batches)
    func registersAndDeletionsMatchGroundTruth(batch: Int) {
        for run in Histories.batch(batch) {
            let (seed, history) = (run.seed, run.after)
            let state = history.states[0]
            var expectedValues: [String: JSONValue] = [:]
            for field in HonestHistory.fields {
                let expected = history.expectedRegister(field)
                let entries = state.fields[field]?.entries ?? []
                #expect(entries.map(\.stamp) == expected.map(\.stamp).sorted(by: >), "seed \(seed): \(field)")
                #expect(entries.map(\.value) == expected.sorted { $0.stamp > $1.stamp }.map(\.value), "seed \(seed)")
                if let top = expected.max(by: { $0.stamp < $1.stamp }), let value = top.value { expectedValues[field] = value }
            }
            #expect(state.values == expectedValues, "seed \(seed)")
            #expect(Set(state.deletions.map(\.stamp)) == Set(history.expectedDeletions.map(\.stamp)), "seed \(seed)")
            #expect(state.isDeleted == history.expectedIsDeleted, "seed \(seed)")
            if let deletion = state.effectiveDeletion {
                let lost = state.conflicts.filter { $0.kind == .editLostToDeletion }
                let unseen = state.fields.values.flatMap(\.entries).filter { !deletion.supersedes($0.stamp) && $0.value != nil }
                #expect(Set(lost.map(\.stamp)) == Set(unseen.map(\.stamp)), "seed \(seed)")
                #expect(lost.allSatisfy { $0.winningStamp == deletion.stamp && $0.winningValue == nil }, "seed \(seed)")
            }
        }
    }

    @Test(arguments: batches)
    func contextCoversExactlyWhatEachDeviceHadSeen(batch: Int) {
        for run in Histories.batch(batch) {
            let seed = run.seed
            for (phase, history) in [("during", run.during), ("after", run.after)] {
                for (i, replica) in history.replicas.enumerated() {
                    let context = replica.state.context
                    for (stamp, known) in history.knowledge(of: i) where context.covers(stamp) != known {
                        Issue.record("seed \(seed) \(phase): device \(i) covers \(stamp) = \(!known)")
                    }
                    #expect(zip(replica.issued, replica.issued.dropFirst()).allSatisfy { $0 < $1 }, "seed \(seed)")
                }
            }
        }
    }

    /// Properties that hold vacuously prove nothing: every batch must reach the hard cases.
    @Test(arguments: batches)
    func historiesReachTheHardCases(batch: Int) {
        var reached: [String: Int] = [:]
        for run in Histories.batch(batch) {
            let history = run.after
            if run.during.refusedStamps > 0 { reached["refused far-ahead stamp", default: 0] += 1 }
            let state = history.states[0]
            let kinds = Set(state.conflicts.map(\.kind))
            if kinds.contains(.value) { reached["value conflict", default: 0] += 1 }
            if kinds.contains(.editLostToDeletion) { reached["edit lost to deletion", default: 0] += 1 }
            if kinds.contains(.deletionLostToEdit) { reached["deletion lost to edit", default: 0] += 1 }
            if state.isDeleted { reached["deleted", default: 0] += 1 }
            if !state.deletions.isEmpty && !state.isDeleted { reached["revived", default: 0] += 1 }
            if state.fields.values.contains(where: { r in r.losers.contains { $0.value == r.winner.value } }) {
                reached["equal concurrent values", default: 0] += 1
            }
            if state.fields.values.contains(where: { $0.winner.value == nil }) { reached["removed field", default: 0] += 1 }
            let superseded = history.writes.filter { w in state.fields[w.field]?.entries.contains { $0.stamp == w.stamp } == false
            }
            if superseded.contains(where: { w in
                state.fields[w.field]!.entries.contains { $0.supersedes(w.stamp) && $0.stamp < w.stamp }
            }) {
                reached["lower stamp superseded a higher one", default: 0] += 1
            }
        }
        for name in [
            "refused far-ahead stamp", "value conflict", "edit lost to deletion", "deletion lost to edit", "deleted",
            "revived", "equal concurrent values", "removed field", "lower stamp superseded a higher one",
        ] {
            #expect(reached[name, default: 0] >= 1, "batch \(batch) never reached \(name)")
        }
    }
}
