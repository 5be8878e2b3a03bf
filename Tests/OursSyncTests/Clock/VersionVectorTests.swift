import Testing

@testable import OursSync

/// A version vector is what a writer had seen; "covers" must mean "had seen this write or a
/// later one from the same device", the rule every supersession decision rests on.
@Suite struct VersionVectorTests {
    let a = Fixture.alice
    let b = Fixture.bob

    @Test func coversEarlierAndEqualStampsOfTheSameDeviceOnly() {
        let vector = VersionVector([Fixture.stamp(10, 2, a)])
        #expect(vector.covers(Fixture.stamp(10, 2, a)))
        #expect(vector.covers(Fixture.stamp(10, 1, a)))
        #expect(vector.covers(Fixture.stamp(-5, 9, a)))
        #expect(!vector.covers(Fixture.stamp(10, 3, a)))
        #expect(!vector.covers(Fixture.stamp(0, 0, b)))
        #expect(!VersionVector().covers(Fixture.stamp(0, 0, a)))
    }

    @Test func includeKeepsTheLatestPerDevice() {
        var vector = VersionVector()
        vector.include(Fixture.stamp(20, 0, a))
        vector.include(Fixture.stamp(10, 0, a))
        vector.include(Fixture.stamp(5, 0, b))
        #expect(vector.stamps == [a: Fixture.stamp(20, 0, a), b: Fixture.stamp(5, 0, b)])
        #expect(vector == VersionVector([Fixture.stamp(5, 0, b), Fixture.stamp(10, 0, a), Fixture.stamp(20, 0, a)]))
    }

    @Test func unionIsCommutativeAndTakesMaxima() {
        let x = VersionVector([Fixture.stamp(20, 0, a), Fixture.stamp(1, 0, b)])
        let y = VersionVector([Fixture.stamp(10, 0, a), Fixture.stamp(30, 0, b), Fixture.stamp(3, 0, Fixture.carol)])
        var xy = x
        xy.formUnion(y)
        var yx = y
        yx.formUnion(x)
        #expect(xy == yx)
        #expect(xy.sorted == [Fixture.stamp(3, 0, Fixture.carol), Fixture.stamp(20, 0, a), Fixture.stamp(30, 0, b)])
    }

    @Test func removingDropsOneDevice() {
        let vector = VersionVector([Fixture.stamp(1, 0, a), Fixture.stamp(2, 0, b)])
        #expect(vector.removing(device: a).sorted == [Fixture.stamp(2, 0, b)])
        #expect(vector.removing(device: Fixture.carol) == vector)
        #expect(!vector.isEmpty && VersionVector().isEmpty)
    }

    @Test func entriesNeverRecordTheirOwnDevice() {
        // The own device is ordered by its clock; keeping it in `seen` would only bloat files.
        let seen = VersionVector([Fixture.stamp(1, 0, a), Fixture.stamp(2, 0, b)])
        #expect(FieldEntry(value: "x", stamp: Fixture.stamp(3, 0, a), seen: seen).seen.sorted == [Fixture.stamp(2, 0, b)])
        #expect(DeletionEntry(stamp: Fixture.stamp(3, 0, b), seen: seen).seen.sorted == [Fixture.stamp(1, 0, a)])
    }

    @Test func supersedesFollowsSeenOrTheSameDevicesClock() {
        let entry = FieldEntry(value: "x", stamp: Fixture.stamp(0, 0, a), seen: VersionVector([Fixture.stamp(500, 0, b)]))
        #expect(entry.supersedes(Fixture.stamp(-1, 0, a)))
        #expect(!entry.supersedes(Fixture.stamp(0, 0, a)))
        #expect(!entry.supersedes(Fixture.stamp(1, 0, a)))
        // A higher stamp it had seen is superseded: stamps alone do not decide.
        #expect(entry.supersedes(Fixture.stamp(500, 0, b)))
        #expect(!entry.supersedes(Fixture.stamp(501, 0, b)))
        #expect(!entry.supersedes(Fixture.stamp(-100, 0, Fixture.carol)))
        let deletion = DeletionEntry(stamp: Fixture.stamp(0, 0, a), seen: VersionVector([Fixture.stamp(500, 0, b)]))
        #expect(deletion.supersedes(Fixture.stamp(-1, 0, a)) && deletion.supersedes(Fixture.stamp(500, 0, b)))
        #expect(!deletion.supersedes(Fixture.stamp(501, 0, b)) && !deletion.supersedes(Fixture.stamp(0, 0, a)))
    }
}
