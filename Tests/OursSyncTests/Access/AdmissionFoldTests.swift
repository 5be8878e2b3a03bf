import Testing

@testable import OursSync

/// The documents are judged by replaying their writes in causal order, each against what was
/// admitted before it: the verdict depends on the writes alone, never on which of them a
/// device had merged before.
@Suite("Admission: the manifest judged as one history")
struct AdmissionFoldTests {
    typealias Fixtures = AdmissionTests

    /// A household's two documents as one device wrote them, and its share code files.
    struct History {
        var zone = RecordState(key: RecordKey(unchecked: "zone", id: "z1"))
        var manifest = RecordState(key: RecordKey(unchecked: "participants", id: "z1"))
        var codes: [String: ShareCode] = [:]

        /// Sarah creates the household on her device (alice) at t0.
        init() {
            zone.write(Fixtures.zone.fields, at: Fixture.stamp(0))
            manifest.write(Fixtures.sarah.fields, at: Fixture.stamp(0))
        }

        mutating func code(_ text: String, _ permission: Participant.Permission, madeAt offset: Int64) {
            codes[text] = Fixtures.code(text, permission, createdAt: UTCTime.iso8601(millis: Fixture.t0 + offset))
        }

        mutating func write(_ fields: [String: JSONValue?], at offset: Int64, by device: DeviceID = Fixture.alice) {
            manifest.write(fields, at: Fixture.stamp(offset, 0, device))
        }

        /// `participant` adds themselves (or comes back) with `code` on their own device.
        mutating func join(_ participant: Participant, code: String, at offset: Int64) {
            var joining = participant
            joining.code = code
            joining.status = .active
            write(joining.fields, at: offset, by: participant.devices[0])
        }

        func admit(_ manifests: [RecordState], zones: [RecordState]? = nil) -> AdmittedDocuments {
            Admission.admitDocuments(
                zone: zones ?? [zone], manifest: manifests, code: { codes[$0] }, zoneDirectory: "home-z1")
        }

        func admitted(_ manifests: [RecordState]? = nil) -> ParticipantManifest {
            ParticipantManifest(admit(manifests ?? [manifest]).manifest ?? manifest)
        }
    }

    /// Case "rejoin": Sarah removes Mike, Mike comes back with a code made after the removal
    /// and renames himself. Whatever each device had merged before, the verdict is the same.
    @Test func aRejoinIsAdmittedWhateverADeviceHadMergedBefore() {
        var history = History()
        history.code("JOIN22", .readWrite, madeAt: 1)
        history.join(Fixtures.mike, code: "JOIN22", at: 10)
        let beforeRemoval = history.manifest
        history.write(["p-mike.status": "removed"], at: 20)
        let removed = history.manifest
        history.code("BACK66", .readWrite, madeAt: 25)
        history.join(Fixtures.mike, code: "BACK66", at: 30)
        history.write(["p-mike.name": "Michael"], at: 40, by: Fixture.bob)
        let rejoined = history.manifest
        let everything = history.admit([rejoined])
        #expect(everything.rejected.isEmpty, "\(everything.rejected)")
        #expect(ParticipantManifest(everything.manifest!).participants["p-mike"]?.status == .active)
        #expect(ParticipantManifest(everything.manifest!).participants["p-mike"]?.name == "Michael")
        let views = [
            [beforeRemoval, rejoined], [removed, rejoined], [rejoined, removed, beforeRemoval],
            [beforeRemoval, removed, rejoined],
        ]
        for view in views {
            #expect(history.admit(view).manifest == everything.manifest, "a device that had merged \(view.count - 1) state(s)")
        }
        // Read again from what it admitted, a device decides the same.
        #expect(history.admit([everything.manifest!, rejoined]).manifest == everything.manifest)
    }

    /// A write comes after what its writer had seen, whatever the stamps say: Mike's clock is
    /// behind, so his rejoin is stamped before Sarah's removal, which he had read.
    @Test func causalityOrdersWritesBeforeStampsDo() {
        var history = History()
        history.code("JOIN22", .readWrite, madeAt: 1)
        history.join(Fixtures.mike, code: "JOIN22", at: 10)
        history.write(["p-mike.status": "removed"], at: 50)
        history.code("BACK66", .readWrite, madeAt: 55)
        history.join(Fixtures.mike, code: "BACK66", at: 30)  // stamped earlier, made later
        let result = history.admit([history.manifest])
        #expect(result.rejected.isEmpty, "\(result.rejected)")
        #expect(ParticipantManifest(result.manifest!).participants["p-mike"]?.status == .active)
    }

    @Test func someoneWhoLeftComesBackWithAnyCodeButSomeoneRemovedOnlyWithALaterOne() {
        for ending in [Participant.Status.left, .removed] {
            var history = History()
            history.code("GRAN33", .readOnly, madeAt: 1)
            history.join(Fixtures.tom, code: "GRAN33", at: 10)
            history.code("RW4444", .readWrite, madeAt: 15)
            history.write(["p-tom.status": .string(ending.rawValue)], at: 20, by: ending == .left ? Fixture.carol : Fixture.alice)
            var back = Fixtures.tom
            back.permission = .readWrite
            history.join(back, code: "RW4444", at: 30)
            let tom = history.admitted().participants["p-tom"]
            #expect(tom?.status == (ending == .left ? .active : .removed), "\(ending)")
            #expect(tom?.permission == (ending == .left ? .readWrite : .readOnly), "\(ending)")
        }
    }

    @Test(
        arguments: [
            ("UP2222", Participant.Permission.readWrite, Int64(15), nil),
            ("UP2222", .readOnly, 15, "Tom claims write access with a read-only code"),
            ("TOM333", .readWrite, 15, "Tom may not change their own permission without a new read-write share code"),
            (nil, .readWrite, 15, "Tom may not change their own permission"),
        ] as [(String?, Participant.Permission, Int64, String?)])
    func aReadOnlyMemberBecomesReadWriteOnlyWithANewReadWriteCode(
        code: String?, permission: Participant.Permission, madeAt: Int64, refusal: String?
    ) {
        var history = History()
        history.code("TOM333", .readOnly, madeAt: 1)
        history.join(Fixtures.tom, code: "TOM333", at: 10)
        if let code, code != "TOM333" { history.code(code, permission, madeAt: madeAt) }
        if code == "TOM333" { history.codes["TOM333"]?.permission = .readWrite }
        var upgrade: [String: JSONValue?] = ["p-tom.permission": "readWrite"]
        if let code { upgrade["p-tom.code"] = .string(code) }
        history.write(upgrade, at: 20, by: Fixture.carol)
        let result = history.admit([history.manifest])
        let tom = ParticipantManifest(result.manifest!).participants["p-tom"]
        #expect(tom?.permission == (refusal == nil ? .readWrite : .readOnly))
        #expect(AdmittedDocuments.reasons(result.rejected, of: .manifest) == (refusal.map { [$0] } ?? []))
    }

    /// The owner's decision to make someone read-only is not undone by a code made before it.
    @Test func aCodeMadeBeforeTheOwnerMadeSomeoneReadOnlyDoesNotUndoIt() {
        for (madeAt, upgraded) in [(Int64(15), false), (25, true)] {
            var history = History()
            history.code("MIKE22", .readWrite, madeAt: 1)
            history.join(Fixtures.mike, code: "MIKE22", at: 10)
            history.code("AGAIN7", .readWrite, madeAt: madeAt)
            history.write(["p-mike.permission": "readOnly"], at: 20)
            history.write(["p-mike.permission": "readWrite", "p-mike.code": "AGAIN7"], at: 30, by: Fixture.bob)
            #expect(history.admitted().participants["p-mike"]?.permission == (upgraded ? .readWrite : .readOnly), "\(madeAt)")
        }
    }

    /// Case "claimed device": Tom's device lists Sarah's device as one of Tom's.
    @Test func aDeviceIdBelongsToWhoeverListedItFirst() {
        var history = History()
        history.code("TOM333", .readOnly, madeAt: 1)
        history.join(Fixtures.tom, code: "TOM333", at: 10)
        history.write(
            ["p-tom.devices": [.string(Fixture.carol.rawValue), .string(Fixture.alice.rawValue)]], at: 20, by: Fixture.carol)
        let result = history.admit([history.manifest])
        let manifest = ParticipantManifest(result.manifest!)
        #expect(manifest.participants["p-tom"]?.devices == [Fixture.carol])
        #expect(
            AdmittedDocuments.reasons(result.rejected, of: .manifest) == [
                "Tom's device cccccccc may not claim device aaaaaaaa, which is Sarah's"
            ])
        // Even where both list it (the owner's devices may write anything), one answer; Tom's
        // join stays admitted though the entry that listed his device is no longer carried.
        history.write(["p-tom.devices": [.string(Fixture.carol.rawValue), .string(Fixture.alice.rawValue)]], at: 30)
        let both = history.admitted()
        #expect(both.participants["p-tom"]?.devices.count == 2)
        #expect(both.participant(forDevice: Fixture.alice)?.id == "p-sarah")
        #expect(both.participant(forDevice: Fixture.carol)?.id == "p-tom")
    }

    /// Record writes made while away or read-only stay ignored after a rejoin or an upgrade.
    @Test func writesMadeWhileAwayOrReadOnlyStayIgnoredAfterwards() {
        var history = History()
        history.code("MIKE22", .readWrite, madeAt: 1)
        history.join(Fixtures.mike, code: "MIKE22", at: 10)
        history.write(["p-mike.status": "removed"], at: 20)
        history.code("BACK66", .readWrite, madeAt: 25)
        history.join(Fixtures.mike, code: "BACK66", at: 40)
        history.code("TOM333", .readOnly, madeAt: 1)
        history.join(Fixtures.tom, code: "TOM333", at: 11)
        history.code("UP2222", .readWrite, madeAt: 45)
        history.write(["p-tom.permission": "readWrite", "p-tom.code": "UP2222"], at: 50, by: Fixture.carol)
        let manifest = history.admitted()
        #expect(manifest.participants["p-tom"]?.permission == .readWrite)
        let verdicts = [(15, Fixture.bob), (30, Fixture.bob), (45, Fixture.bob), (30, Fixture.carol), (55, Fixture.carol)].map {
            Admission.recordVerdict(Fixture.stamp(Int64($0.0), 0, $0.1), manifest: manifest)
        }
        #expect(
            verdicts == [
                .accept, .reject("Mike was removed before this change"), .accept, .reject("Tom is a read-only member"), .accept,
            ])
    }

    /// After the household was handed over and back, the history that said who owned it at
    /// first is no longer carried; the owner's earlier decisions stand all the same.
    @Test func theOwnersEarlierDecisionsStandWhenOwnershipHistoryIsNoLongerCarried() {
        var history = History()
        history.code("MIKE22", .readWrite, madeAt: 1)
        history.join(Fixtures.mike, code: "MIKE22", at: 5)
        history.code("TOM333", .readOnly, madeAt: 1)
        history.join(Fixtures.tom, code: "TOM333", at: 6)
        history.write(["p-tom.status": "removed"], at: 10)
        func handOver(to: String, from: String, at offset: Int64, by device: DeviceID) {
            history.zone.write(["owner": .string(to)], at: Fixture.stamp(offset, 0, device))
            history.write(
                [to + ".role": "owner", to + ".permission": "readWrite", from + ".role": "member"], at: offset, by: device)
        }
        handOver(to: "p-mike", from: "p-sarah", at: 20, by: Fixture.alice)
        handOver(to: "p-sarah", from: "p-mike", at: 30, by: Fixture.bob)
        #expect(history.zone.fields["owner"]?.winner.replaced.count == 1, "the creation's owner is no longer carried")
        let result = history.admit([history.manifest])
        #expect(result.rejected.isEmpty, "\(result.rejected)")
        let manifest = ParticipantManifest(result.manifest!)
        #expect(manifest.participants["p-tom"]?.status == .removed)
        #expect(manifest.participants["p-sarah"]?.role == .owner)
        #expect(result.zone.flatMap(ZoneInfo.init)?.owner == "p-sarah")
    }
}
