import OursTestSupport
import Testing

@testable import OursSync

/// A record sheds the values its writes replaced before it grows past the size limit: in a
/// fixed order, the same way on every device, never what a person sees or can restore.
@Suite("Shedding history to fit the size limit")
struct SheddingTests {
    static let big = String(repeating: "x", count: 1000)

    /// `count` writes of `note` by Alice, each a kilobyte.
    func edits(_ count: Int) -> RecordState {
        var state = RecordState(key: Fixture.key)
        for index in 0..<count {
            state.write(["note": .string(Self.big + "\(index)")], at: Fixture.stamp(Int64(index) * 1000))
        }
        return state
    }

    func replacedValues(_ state: RecordState, _ field: String = "note") -> [JSONValue?] {
        state.fields[field]?.winner.replaced.map(\.value) ?? []
    }

    @Test func aRecordWithinTheLimitIsLeftAsItIs() {
        let state = edits(5)
        let (shed, bytes) = state.shedding(toFit: state.encodedSize)
        #expect(shed == state && bytes == RecordFile.encode(state))
    }

    @Test func ownEarlierValuesGoOldestFirstAndTheLatestLast() {
        let state = edits(6)  // the winner replaced five of Alice's own values
        #expect(replacedValues(state).compactMap { $0 }.count == 5)
        let limit = state.encodedSize - 2500  // room for two fewer values
        let (shed, bytes) = state.shedding(toFit: limit)
        #expect(bytes.count <= limit && bytes == RecordFile.encode(shed))
        let kept = shed.fields["note"]!.winner.replaced  // highest stamp first
        #expect(kept.map { $0.value == nil } == [false, false, true, true, true], "\(kept.map(\.stamp))")
        #expect(shed.values == state.values && shed.conflicts == state.conflicts, "nothing a person sees changes")
        let all = state.shedding(toFit: 100).state.fields["note"]!.winner.replaced
        #expect(all.allSatisfy { $0.value == nil } && all.count == 5, "each shed value stays as a removal")
    }

    @Test func othersValuesGoAfterOwnOnes() {
        var state = RecordState(key: Fixture.key)
        state.write(["note": .string("Bob's " + Self.big)], at: Fixture.stamp(0, 0, Fixture.bob))
        state.write(["note": .string("Alice's first " + Self.big)], at: Fixture.stamp(1000))
        state.write(["note": .string("Alice's second " + Self.big)], at: Fixture.stamp(2000))
        // The winner replaced Alice's first and Bob's value.
        let shed = state.shedding(toFit: state.encodedSize - 500).state
        let replaced = shed.fields["note"]!.winner.replaced
        #expect(replaced.first { $0.stamp.device == Fixture.bob }?.value != nil, "Bob's is kept longest")
        #expect(replaced.first { $0.stamp.device == Fixture.alice }?.value == nil)
    }

    @Test func aShedRecordIsAnOrdinaryFile() throws {
        let shed = edits(6).shedding(toFit: 3000).state
        let bytes = RecordFile.encode(shed)
        let decoded = try RecordFile.decode(bytes, fallbackType: nil, fallbackID: nil, modifiedMillis: 0)
        #expect(decoded.state == shed && decoded.handEditedFields.isEmpty)
        #expect(!Fixture.text(bytes).contains(Self.big + "0"))
    }

    @Test func aDeletionRemovesLargeValuesAndKeepsSmallOnes() {
        var state = RecordState(key: Fixture.key)
        let large = String(repeating: "y", count: RecordState.largeValue + 1)
        state.write(["name": "Milk", "photo": .string(large)], at: Fixture.stamp(0))
        state.delete(at: Fixture.stamp(1000))
        #expect(state.isDeleted)
        #expect(state.values == ["name": "Milk"], "the large value is removed with the record")
        #expect(state.conflicts.isEmpty, "a removal made with the deletion is no conflict")
        #expect(state.fields["photo"]!.winner.replaced.first?.value == .string(large), "history, until space is needed")
        #expect(state.shedding(toFit: 2000).state.encodedSize < 2000)
        var revived = state
        revived.write(["qty": 2], at: Fixture.stamp(2000))
        #expect(!revived.isDeleted && revived.values["name"] == "Milk")
    }

    /// Devices that merge each other's states in any order, shedding after every merge,
    /// settle on one state with the same bytes, and never write back and forth.
    /// Two of the batches in the quick loop, every one in the full run.
    @Test(arguments: Array(0..<(TestLoop.isQuick ? 2 : Histories.batchCount)))
    func devicesSheddingAfterEveryMergeConverge(batch: Int) {
        for run in Histories.batch(batch) {
            var devices = run.during.states
            let everything = devices.reduce(RecordState(key: Fixture.key)) { $0.merging($1) }
            let limit = everything.encodedSize * 3 / 4
            var rng = SplitMix64(seed: run.seed)
            var rounds = 0
            var changed = true
            while changed, rounds < 20 {
                changed = false
                rounds += 1
                let pairs = devices.indices.flatMap { i in devices.indices.map { (i, $0) } }.shuffled(using: &rng)
                for (i, j) in pairs where i != j {
                    let next = devices[i].merging(devices[j]).shedding(toFit: limit).state
                    if next != devices[i] { changed = true }
                    devices[i] = next
                }
            }
            #expect(!changed, "seed \(run.seed): still changing after \(rounds) rounds")
            #expect(Set(devices.map(RecordFile.encode)).count == 1, "seed \(run.seed): one state, the same bytes")
            let settled = devices[0]
            #expect(settled.shedding(toFit: limit).state == settled, "seed \(run.seed): shedding again changes nothing")
            #expect(settled.values == everything.values, "seed \(run.seed): what a person sees is what merging gives")
        }
    }
}
