import Testing

@testable import OursSync

/// A register is a set of writes nobody has seen past; its order is part of the file's bytes,
/// so it must not depend on the order writes arrived in.
@Suite struct FieldRegisterTests {
    let a = Fixture.alice
    let b = Fixture.bob
    let c = Fixture.carol

    @Test func keepsConcurrentWritesHighestStampFirst() {
        let register = FieldRegister([
            FieldEntry(value: "x", stamp: Fixture.stamp(10, 0, a)),
            FieldEntry(value: "y", stamp: Fixture.stamp(30, 0, b)),
            FieldEntry(value: "z", stamp: Fixture.stamp(20, 0, c)),
        ])
        #expect(register.entries.map(\.value) == ["y", "z", "x"])
        #expect(register.winner.value == "y")
        #expect(Array(register.losers.map(\.value)) == ["z", "x"])
    }

    @Test func aWriteDropsWhatItsWriterHadSeen() {
        var register = FieldRegister([FieldEntry(value: "x", stamp: Fixture.stamp(10, 0, a))])
        register.insert(FieldEntry(value: "y", stamp: Fixture.stamp(5, 0, b), seen: VersionVector([Fixture.stamp(10, 0, a)])))
        #expect(register.entries.map(\.value) == ["y"])
        // The seen write arriving again later is refused.
        register.insert(FieldEntry(value: "x", stamp: Fixture.stamp(10, 0, a)))
        #expect(register.entries.map(\.value) == ["y"])
    }

    @Test func insertingTwiceChangesNothing() {
        let entry = FieldEntry(value: "x", stamp: Fixture.stamp(10, 0, a))
        var register = FieldRegister([entry, entry])
        register.insert(entry)
        #expect(register.entries == [entry])
    }

    @Test func everyArrivalOrderGivesTheSameRegister() {
        let x = FieldEntry(value: "x", stamp: Fixture.stamp(10, 0, a))
        let y = FieldEntry(value: "y", stamp: Fixture.stamp(20, 0, b), seen: VersionVector([Fixture.stamp(10, 0, a)]))
        let z = FieldEntry(value: "z", stamp: Fixture.stamp(15, 0, c))
        let w = FieldEntry(value: nil, stamp: Fixture.stamp(12, 0, a))  // alice's own later removal
        let all = [x, y, z, w]
        let expected = FieldRegister(all)
        #expect(expected.entries == [y, z, w])
        for permutation in permutations(all) {
            #expect(FieldRegister(permutation) == expected)
            var merged = FieldRegister(Array(permutation.prefix(2)))
            merged.merge(FieldRegister(Array(permutation.dropFirst(2))))
            #expect(merged == expected)
        }
    }

    @Test func equalStampsAreOrderedByValueBytes() {
        // Only a hand-made file can hold two entries with one stamp; the order must still be fixed.
        let stamp = Fixture.stamp(10, 0, a)
        let p = FieldEntry(value: "a", stamp: stamp)
        let q = FieldEntry(value: "b", stamp: stamp)
        #expect(FieldRegister([p, q]) == FieldRegister([q, p]))
        #expect(FieldRegister([p, q]).winner.value == "b")
    }

    @Test func nullIsStoredAsARemoval() {
        // `null` in a file and an absent field are indistinguishable, so entries must agree.
        #expect(FieldEntry(value: .null, stamp: Fixture.stamp(1)).value == nil)
        #expect(FieldEntry(value: .null, stamp: Fixture.stamp(1)) == FieldEntry(value: nil, stamp: Fixture.stamp(1)))
    }

    private func permutations<T>(_ items: [T]) -> [[T]] {
        guard items.count > 1 else { return [items] }
        return items.indices.flatMap { i -> [[T]] in
            var rest = items
            let first = rest.remove(at: i)
            return permutations(rest).map { [first] + $0 }
        }
    }
}
