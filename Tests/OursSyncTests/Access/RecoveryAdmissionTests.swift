import Testing

@testable import OursSync

/// An owner who lost every device recovers the household with the recovery code: a write from
/// a new device naming the code's proof, and replacing the code, counts as the owner's on
/// every device, whatever order they learnt the writes in; a wrong, spent or stale code does not.
@Suite("Admission: recovering ownership with the recovery code")
struct RecoveryAdmissionTests {
    typealias History = AdmissionFoldTests.History
    static let dan = DeviceID("dddddddd")!
    static let code = "QX2MPK7D3R9TWHN4BCFA"

    /// Sarah (alice) sets a recovery code for herself at 5.
    static func withCode() -> (History, JSONValue) {
        var history = History()
        let record = Recovery.record(code: code, participant: "p-sarah")
        history.zone.write(["recovery": record], at: Fixture.stamp(5))
        return (history, record)
    }

    /// The new device's recovery write at `offset`, with `proof`; with `listing`, it also lists
    /// itself among the owner's devices (as `ours household recover` does).
    static func recover(_ history: inout History, proof: String, at offset: Int64, listing: Bool = true) {
        let stamp = Fixture.stamp(offset, 0, dan)
        history.zone.write(
            ["recoveryProof": .string(proof), "recovery": Recovery.record(code: Recovery.newCode(), participant: "p-sarah")],
            at: stamp)
        guard listing else { return }
        let devices: JSONValue = .array([
            .string(dan.rawValue), .string(ParticipantManifest.removalMark(Fixture.alice, at: stamp)),
        ])
        history.manifest.write(["p-sarah.devices": devices], at: stamp)
    }

    @Test func theRightCodeMakesTheNewDeviceTheOwnersWhateverTheOrderLearnt() throws {
        var (history, record) = Self.withCode()
        let before = history.zone
        let proof = try #require(Recovery.proof(of: Self.code, for: record))
        #expect(Recovery.proof(of: "QX2MP-K7D3R-9TWHN-4BCFB", for: record) == nil)
        Self.recover(&history, proof: proof, at: 20)
        history.zone.write(["name": "Ours"], at: Fixture.stamp(30, 0, Self.dan))
        for zones in [[history.zone], [before, history.zone], [history.zone, before]] {
            let result = history.admit([history.manifest], zones: zones)
            #expect(result.rejected.isEmpty, "\(result.rejected)")
            #expect(result.zone.flatMap(ZoneInfo.init)?.name == "Ours", "the new device writes as the owner")
            let manifest = ParticipantManifest(result.manifest!)
            #expect(manifest.participant(forDevice: Self.dan)?.id == "p-sarah")
            #expect(manifest.removedDevices[Fixture.alice] != nil, "the lost device is removed")
        }
    }

    @Test func aWrongOrSpentProofIsIgnored() throws {
        var (history, record) = Self.withCode()
        // (Without a listing: a device listing itself among the owner's devices is taken as
        // theirs by the rule that a device is whoever's listed it first — see THREAT-MODEL.md.)
        Self.recover(&history, proof: String(repeating: "0", count: 64), at: 20, listing: false)
        let wrong = history.admit([history.manifest])
        #expect(wrong.rejected.contains { $0.document == .zone && $0.field == "recoveryProof" })
        var right = Self.withCode().0
        Self.recover(
            &right, proof: try #require(Recovery.proof(of: Self.code, for: right.zone.values["recovery"]!)), at: 20,
            listing: false)
        #expect(right.admit([right.manifest]).rejected.isEmpty, "the right proof alone is the owner's write")

        // The right proof once, then the same proof again from another device: the code is spent.
        (history, record) = Self.withCode()
        let proof = try #require(Recovery.proof(of: Self.code, for: record))
        Self.recover(&history, proof: proof, at: 20)
        let eve = DeviceID("eeeeeeee")!
        history.zone.write(
            ["recoveryProof": .string(proof), "recovery": Recovery.record(code: Recovery.newCode(), participant: "p-sarah")],
            at: Fixture.stamp(40, 0, eve))
        let spent = history.admit([history.manifest])
        #expect(spent.rejected.contains { $0.stamp.device == eve }, "\(spent.rejected)")
    }

    @Test func aCodeIssuedToSomeoneWhoNoLongerOwnsTheHouseholdIsIgnored() throws {
        var (history, record) = Self.withCode()
        history.code("MIKE22", .readWrite, madeAt: 1)
        history.join(AdmissionTests.mike, code: "MIKE22", at: 10)
        history.zone.write(["owner": "p-mike"], at: Fixture.stamp(15))
        history.write(["p-mike.role": "owner", "p-sarah.role": "member"], at: 15)
        let proof = try #require(Recovery.proof(of: Self.code, for: record))
        Self.recover(&history, proof: proof, at: 20, listing: false)
        let result = history.admit([history.manifest])
        #expect(result.rejected.contains { $0.field == "recoveryProof" }, "\(result.rejected)")
    }
}
