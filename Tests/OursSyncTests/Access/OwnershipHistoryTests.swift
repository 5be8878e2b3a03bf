import Testing

@testable import OursSync

/// Ownership handed back and forth between devices that each synced in between: every device
/// replays the whole chain of hand-overs, so every one of them must still be carried.
@Suite("Admission: ownership handed over again and again")
struct OwnershipHistoryTests {
    typealias Fixtures = AdmissionTests

    /// Sarah (alice) creates the household; Mike (bob) joins with a code; ownership then goes
    /// Sarah → Mike → Sarah → Mike, each hand-over written on the device that owned it.
    /// `write` is how the documents are written: `writeDocument` now, or a plain record write,
    /// which is how an earlier version wrote them (it shed other devices' replaced writes).
    static func handOvers(
        write: (inout RecordState, [String: JSONValue?], Stamp) -> Void
    ) -> (zone: RecordState, manifest: RecordState) {
        var zone = RecordState(key: RecordKey(unchecked: "zone", id: "z1"))
        var manifest = RecordState(key: RecordKey(unchecked: "participants", id: "z1"))
        write(&zone, Fixtures.zone.fields, Fixture.stamp(0))
        write(&manifest, Fixtures.sarah.fields, Fixture.stamp(0))
        write(&manifest, Fixtures.mike.fields, Fixture.stamp(10, 0, Fixture.bob))
        let chain: [(from: DeviceID, to: String, other: String)] = [
            (Fixture.alice, "p-mike", "p-sarah"), (Fixture.bob, "p-sarah", "p-mike"), (Fixture.alice, "p-mike", "p-sarah"),
        ]
        for (index, handOver) in chain.enumerated() {
            let stamp = Fixture.stamp(Int64(20 + 10 * index), 0, handOver.from)
            write(&zone, ["owner": .string(handOver.to)], stamp)
            write(
                &manifest,
                [handOver.to + ".role": .string("owner"), handOver.other + ".role": .string("member")],
                stamp)
        }
        return (zone, manifest)
    }

    static func admit(_ documents: (zone: RecordState, manifest: RecordState)) -> AdmittedDocuments {
        let code = Fixtures.code("MIKE22", .readWrite)
        return Admission.admitDocuments(
            zone: [documents.zone], manifest: [documents.manifest], code: { $0 == code.code ? code : nil },
            zoneDirectory: "home-z1")
    }

    @Test func everyHandOverIsCarriedAndAdmitted() {
        let documents = Self.handOvers { state, fields, stamp in state.writeDocument(fields, at: stamp) }
        let owners = documents.zone.fields["owner"]!.entries.flatMap { [$0] + $0.replaced }.map(\.stamp)
        #expect(Set(owners).count == 4, "the creation and the three hand-overs")
        let judged = Self.admit(documents)
        #expect(judged.rejected.isEmpty, "\(judged.rejected.map(\.reason))")
        #expect(judged.zone.flatMap(ZoneInfo.init)?.owner == "p-mike")
        let people = ParticipantManifest(judged.manifest!).participants
        #expect(people["p-mike"]?.role == .owner)
        #expect(people["p-sarah"]?.role == .member)
        #expect(people["p-sarah"]?.status == .active)
    }

    /// Documents an earlier version wrote have lost the first hand-overs: the creator is still
    /// known by `zone.json`'s `id`, so Sarah stays a member and the last hand-over stands.
    @Test func documentsThatLostEarlyHandOversKeepTheCreator() {
        let documents = Self.handOvers { state, fields, stamp in state.write(fields, at: stamp) }
        let owners = documents.zone.fields["owner"]!.entries.flatMap { [$0] + $0.replaced }.map(\.stamp)
        #expect(Set(owners).count == 2, "the record rule carries only what the last write replaced")
        let judged = Self.admit(documents)
        #expect(!judged.rejected.contains { $0.reason.contains("without a share code") }, "\(judged.rejected.map(\.reason))")
        #expect(judged.zone.flatMap(ZoneInfo.init)?.owner == "p-mike")
        let people = ParticipantManifest(judged.manifest!).participants
        #expect(people["p-sarah"]?.status == .active)
        #expect(people["p-mike"]?.role == .owner)
    }
}
