import Testing

@testable import OursSync

/// The merge rules as stories a person would tell: each pins the visible values and exactly
/// which conflicts both devices list afterwards.
@Suite struct MergeScenarioTests {
    let alice = Fixture.alice
    let bob = Fixture.bob

    /// Both devices start from the same synced record.
    func base() -> RecordState {
        Fixture.state(["name": "Milk", "qty": 1], at: Fixture.stamp(0, 0, Fixture.carol))
    }

    /// Merges both ways and checks the two devices agree to the byte.
    func mergedBothWays(_ a: RecordState, _ b: RecordState) -> RecordState {
        let ab = a.merging(b)
        let ba = b.merging(a)
        #expect(ab == ba)
        #expect(RecordFile.encode(ab) == RecordFile.encode(ba))
        #expect(ab.conflicts == ba.conflicts)
        return ab
    }

    @Test func concurrentWritesToDifferentFieldsBothSurvive() {
        var a = base()
        var b = base()
        a.write(["name": "Oat milk"], at: Fixture.stamp(10, 0, alice))
        b.write(["qty": 2], at: Fixture.stamp(5, 0, bob))
        let merged = mergedBothWays(a, b)
        #expect(merged.values == ["name": "Oat milk", "qty": 2])
        #expect(merged.conflicts.isEmpty)
        #expect(merged.fields.values.allSatisfy { $0.entries.count == 1 })
    }

    @Test func concurrentWritesToOneFieldKeepTheLoserAsAConflict() throws {
        var a = base()
        var b = base()
        a.write(["name": "Oat milk"], at: Fixture.stamp(10, 0, alice))
        b.write(["name": "Soy milk"], at: Fixture.stamp(10, 1, bob))
        let merged = mergedBothWays(a, b)
        #expect(merged.values["name"] == "Soy milk")
        let conflict = try #require(merged.conflicts.first)
        #expect(merged.conflicts.count == 1)
        #expect(conflict.kind == .value && conflict.field == "name" && conflict.key == Fixture.key)
        #expect(conflict.value == "Oat milk" && conflict.stamp == Fixture.stamp(10, 0, alice))
        #expect(conflict.winningValue == "Soy milk" && conflict.winningStamp == Fixture.stamp(10, 1, bob))
        #expect(conflict.id.count == 8 && conflict.id.allSatisfy(\.isHexDigit))
    }

    @Test func concurrentEqualValuesAreNotAConflict() {
        var a = base()
        var b = base()
        a.write(["name": "Oat milk"], at: Fixture.stamp(10, 0, alice))
        b.write(["name": "Oat milk"], at: Fixture.stamp(20, 0, bob))
        let merged = mergedBothWays(a, b)
        #expect(merged.fields["name"]?.entries.count == 2)
        #expect(merged.conflicts.isEmpty)
    }

    @Test func aRemovalCanWinOrLoseLikeAnyWrite() {
        var a = base()
        var b = base()
        a.write(["qty": nil], at: Fixture.stamp(10, 0, alice))
        b.write(["qty": 3], at: Fixture.stamp(20, 0, bob))
        let merged = mergedBothWays(a, b)
        #expect(merged.values["qty"] == 3)
        #expect(merged.conflicts.map(\.value) == [nil])
        b = base()
        b.write(["qty": 3], at: Fixture.stamp(5, 0, bob))
        let removed = mergedBothWays(a, b)
        #expect(removed.values["qty"] == nil)
        #expect(removed.conflicts.map(\.value) == [3])
        #expect(removed.conflicts.first?.winningValue == nil)
    }

    @Test func writingNullIsARemoval() {
        var state = base()
        state.write(["qty": .null], at: Fixture.stamp(10, 0, alice))
        #expect(state.values == ["name": "Milk"])
        #expect(state.fields["qty"]?.winner.value == nil)
    }

    @Test func aWriteThatSawTheOtherSupersedesItWhateverTheStamps() {
        var a = base()
        a.write(["name": "Oat milk"], at: Fixture.stamp(500, 0, alice))
        var b = base().merging(a)
        b.write(["name": "Soy milk"], at: Fixture.stamp(100, 0, bob))
        let merged = mergedBothWays(a, b)
        #expect(merged.values["name"] == "Soy milk")
        #expect(merged.fields["name"]?.entries.count == 1)
        #expect(merged.conflicts.isEmpty)
    }

    @Test func aDevicesLaterWriteSupersedesItsEarlierOne() {
        var a = base()
        a.write(["name": "Oat milk"], at: Fixture.stamp(10, 0, alice))
        let early = a
        a.write(["name": "Rice milk"], at: Fixture.stamp(20, 0, alice))
        #expect(mergedBothWays(early, a) == a)
        #expect(a.fields["name"]?.entries.map(\.stamp) == [Fixture.stamp(20, 0, alice)])
    }

    @Test func anEditAfterSeeingTheDeletionRevives() {
        var a = base()
        a.delete(at: Fixture.stamp(100, 0, alice))
        var b = base().merging(a)
        #expect(b.isDeleted)
        b.write(["qty": 4], at: Fixture.stamp(50, 0, bob))  // lower stamp, but it saw the deletion
        let merged = mergedBothWays(a, b)
        #expect(!merged.isDeleted)
        #expect(merged.values == ["name": "Milk", "qty": 4])
        #expect(merged.conflicts.isEmpty)
        #expect(merged.deletions.map(\.stamp) == [Fixture.stamp(100, 0, alice)])
    }

    @Test func aConcurrentEditWithAHigherStampRevivesAndReportsTheDeletion() throws {
        var a = base()
        var b = base()
        a.delete(at: Fixture.stamp(100, 0, alice))
        b.write(["qty": 4], at: Fixture.stamp(150, 0, bob))
        let merged = mergedBothWays(a, b)
        #expect(!merged.isDeleted)
        let conflict = try #require(merged.conflicts.first)
        #expect(merged.conflicts.count == 1)
        #expect(conflict.kind == .deletionLostToEdit && conflict.field == nil && conflict.value == nil)
        #expect(conflict.stamp == Fixture.stamp(100, 0, alice))
        #expect(conflict.winningValue == 4 && conflict.winningStamp == Fixture.stamp(150, 0, bob))
    }

    @Test func aConcurrentEditWithALowerStampDoesNotReviveAndIsReported() throws {
        var a = base()
        var b = base()
        a.delete(at: Fixture.stamp(100, 0, alice))
        b.write(["qty": 4], at: Fixture.stamp(50, 0, bob))
        let merged = mergedBothWays(a, b)
        #expect(merged.isDeleted)
        #expect(merged.effectiveDeletion?.stamp == Fixture.stamp(100, 0, alice))
        let conflict = try #require(merged.conflicts.first)
        #expect(merged.conflicts.count == 1)
        #expect(conflict.kind == .editLostToDeletion && conflict.field == "qty")
        #expect(conflict.value == 4 && conflict.stamp == Fixture.stamp(50, 0, bob))
        #expect(conflict.winningValue == nil && conflict.winningStamp == Fixture.stamp(100, 0, alice))
    }

    @Test func aRevivingWriteOfSeveralFieldsIsReportedTheSameEverywhere() {
        var a = base()
        var b = base()
        a.delete(at: Fixture.stamp(100, 0, alice))
        let names = ["qty", "name", "note", "done", "price", "shop", "aisle", "brand"]
        var changes: [String: JSONValue?] = [:]
        for (i, name) in names.enumerated() { changes[name] = .number(String(i)) }
        b.write(changes, at: Fixture.stamp(150, 0, bob))
        let merged = mergedBothWays(a, b)
        #expect(merged.conflicts.map(\.winningValue) == [.number("6")], "the first field in byte order, \"aisle\"")
        // The same state held in dictionaries of other sizes iterates in other orders.
        for capacity in [1, 16, 64, 256, 1024] {
            var fields = [String: FieldRegister](minimumCapacity: capacity)
            for name in merged.fields.keys.sorted().reversed() { fields[name] = merged.fields[name] }
            let same = RecordState(key: Fixture.key, fields: fields, deletions: merged.deletions)
            #expect(same == merged)
            #expect(same.conflicts == merged.conflicts)
        }
    }

    @Test func deletingAgainAfterARevivalDeletes() {
        var a = base()
        a.delete(at: Fixture.stamp(100, 0, alice))
        var b = base().merging(a)
        b.write(["qty": 4], at: Fixture.stamp(200, 0, bob))
        a.merge(b)
        a.delete(at: Fixture.stamp(300, 0, alice))
        let merged = mergedBothWays(a, b)
        #expect(merged.isDeleted)
        #expect(merged.deletions.map(\.stamp) == [Fixture.stamp(300, 0, alice)])
        #expect(merged.conflicts.isEmpty)
    }

    @Test func aClockADayAheadDoesNotMakeItsWriteUnbeatable() {
        let now = Fixture.t0
        var fast = HybridLogicalClock(device: Fixture.carol)
        var normal = HybridLogicalClock(device: bob)
        _ = normal.tick(now: now)!
        var c = base()
        let wrong = fast.tick(now: now + Fixture.day)!
        c.write(["name": "Wrong"], at: wrong)
        // Bob syncs: the far-ahead stamp is merged but not absorbed into his clock.
        let clockBefore = normal
        let absorbed = normal.receive(wrong, now: now)
        #expect(!absorbed)
        #expect(normal == clockBefore)
        var b = base().merging(c)
        #expect(b.values["name"] == "Wrong")
        let fix = normal.tick(now: now + 1_000)!
        #expect(fix < wrong, "premise: the fix has the lower stamp")
        b.write(["name": "Right"], at: fix)
        let merged = mergedBothWays(b, c)
        #expect(merged.values["name"] == "Right")
        #expect(merged.fields["name"]?.entries.map(\.stamp) == [fix])
        #expect(merged.conflicts.isEmpty)
        #expect(merged.context.covers(wrong), "the bad stamp is still known, so it cannot come back")
        // A stale copy of the wrong value arriving later changes nothing.
        #expect(merged.merging(c) == merged)
    }

    @Test func aClockADayAheadStillWinsOverWritesThatHadNotSeenIt() {
        var b = base()
        var c = base()
        b.write(["name": "Right"], at: Fixture.stamp(1_000, 0, bob))
        c.write(["name": "Wrong"], at: Fixture.stamp(Fixture.day, 0, Fixture.carol))
        let merged = mergedBothWays(b, c)
        // Concurrent writes are decided by stamp; the loser is kept for the person to restore.
        #expect(merged.values["name"] == "Wrong")
        #expect(merged.conflicts.map(\.value) == ["Right"])
    }

    @Test func unknownMetadataSurvivesMerge() {
        let plain = base()
        let extended = RecordState(
            key: Fixture.key, fields: plain.fields, extraMetadata: ["pinnedBy": "v2", "labels": ["a", "b"]])
        let merged = mergedBothWays(plain, extended)
        #expect(merged.extraMetadata == ["pinnedBy": "v2", "labels": ["a", "b"]])
        let other = RecordState(key: Fixture.key, fields: plain.fields, extraMetadata: ["pinnedBy": "v3"])
        // Two values for one unknown key: both sides keep the same one, the larger in bytes.
        #expect(mergedBothWays(extended, other).extraMetadata["pinnedBy"] == "v3")
    }

    @Test func filteringIncomingStateDropsWritesOfRejectedDevices() {
        var remote = base()
        remote.write(["name": "Oat milk"], at: Fixture.stamp(10, 0, bob))
        remote.delete(at: Fixture.stamp(20, 0, bob))
        let kept = remote.filtered { $0.device != bob }
        #expect(base().merging(kept) == base())
        // What the rejected write superseded comes back with it: ignoring a write loses nothing.
        #expect(kept.values == ["name": "Milk", "qty": 1])
        #expect(kept.deletions.isEmpty)
    }

    @Test func contextAndStampsCoverEveryWrite() {
        var state = base()
        state.write(["name": "Oat milk"], at: Fixture.stamp(10, 0, alice))
        state.delete(at: Fixture.stamp(20, 0, bob))
        #expect(
            state.context.sorted
                == [Fixture.stamp(10, 0, alice), Fixture.stamp(20, 0, bob), Fixture.stamp(0, 0, Fixture.carol)].sorted())
        #expect(
            Set(state.allStamps) == [Fixture.stamp(0, 0, Fixture.carol), Fixture.stamp(10, 0, alice), Fixture.stamp(20, 0, bob)])
        #expect(state.latestStamp == Fixture.stamp(20, 0, bob))
        #expect(RecordState(key: Fixture.key).latestStamp == nil)
    }

    @Test func conflictIDsAreStableAndDistinct() {
        var a = base()
        var b = base()
        var c = base()
        a.write(["name": "A"], at: Fixture.stamp(10, 0, alice))
        b.write(["name": "B"], at: Fixture.stamp(11, 0, bob))
        c.write(["name": "C"], at: Fixture.stamp(12, 0, Fixture.carol))
        let abc = a.merging(b).merging(c)
        let cba = c.merging(b).merging(a)
        #expect(abc.conflicts.map(\.id) == cba.conflicts.map(\.id))
        #expect(Set(abc.conflicts.map(\.id)).count == 2)
        #expect(abc.conflicts.map(\.value) == ["A", "B"])
    }
}
