import Testing

@testable import OursSync

/// Spent share codes recorded in `zone.json`: a join whose code file was tidied away is judged
/// by the record, which only the owner's devices may write; and when a code counts as spent.
@Suite("Admission: spent codes")
struct SpentCodesTests {
    static let zoneKey = RecordKey(unchecked: StampedDocument.zoneType, id: "z1")

    /// The zone Sarah (device alice) made at t0, with `spent` recorded by `recorder` at t0+2d.
    static func zone(recording spent: [ShareCode] = [], by recorder: DeviceID = Fixture.alice) -> RecordState {
        var state = RecordState(key: zoneKey)
        state.write(AdmissionTests.zone.fields, at: Fixture.stamp(0))
        var fields: [String: JSONValue?] = [:]
        for code in spent {
            let (name, value) = SpentCodes.field(for: code)
            fields[name] = value
        }
        if !fields.isEmpty { state.write(fields, at: Fixture.stamp(2 * Fixture.day, 0, recorder)) }
        return state
    }

    /// Sarah's manifest, and Dan joining (device dddddddd) with code `DAN234` at t0+1d.
    static func manifests() -> [RecordState] {
        let current = AdmissionTests.document([AdmissionTests.sarah])
        var joined = current
        let dan = Participant(
            id: "p-dan", name: "Dan", role: .member, permission: .readWrite, status: .active, devices: [AdmissionTests.dan],
            joinedAt: UTCTime.iso8601(millis: Fixture.t0 + Fixture.day), code: "DAN234")
        joined.write(dan.fields, at: Fixture.stamp(Fixture.day, 0, AdmissionTests.dan))
        return [current, joined]
    }

    static func dan(_ result: AdmittedDocuments) -> Participant? {
        result.manifest.flatMap { ParticipantManifest($0).participants["p-dan"] }
    }

    @Test func aJoinWhoseCodeFileIsGoneIsJudgedByTheOwnersRecordOfIt() {
        let code = AdmissionTests.code("DAN234", .readWrite)
        let recorded = Admission.admitDocuments(
            zone: [Self.zone(recording: [code])], manifest: Self.manifests(), code: { _ in nil }, zoneDirectory: "home-z1")
        #expect(Self.dan(recorded)?.status == .active, "\(recorded.waits) \(recorded.rejected)")
        #expect(recorded.waits.isEmpty)

        let unrecorded = Admission.admitDocuments(
            zone: [Self.zone()], manifest: Self.manifests(), code: { _ in nil }, zoneDirectory: "home-z1")
        #expect(Self.dan(unrecorded) == nil, "without the file or a record, the join waits")
        #expect(!unrecorded.waits.isEmpty)
    }

    @Test func aRecordOfAReadOnlyCodeStillRefusesWriteAccess() {
        let code = AdmissionTests.code("DAN234", .readOnly)
        let judged = Admission.admitDocuments(
            zone: [Self.zone(recording: [code])], manifest: Self.manifests(), code: { _ in nil }, zoneDirectory: "home-z1")
        #expect(Self.dan(judged) == nil)
        #expect(judged.rejected.contains { $0.reason.contains("read-only code") }, "\(judged.rejected)")
    }

    @Test func aSpentCodeRecordedByAnyoneButTheOwnerCountsForNothing() {
        let code = AdmissionTests.code("DAN234", .readWrite)
        let forged = Admission.admitDocuments(
            zone: [Self.zone(recording: [code], by: Fixture.bob)], manifest: Self.manifests(), code: { _ in nil },
            zoneDirectory: "home-z1")
        #expect(Self.dan(forged) == nil)
        #expect(forged.rejected.contains { $0.document == .zone && $0.field.hasPrefix("spentCodes.") })
    }

    @Test func theRecordHoldsWhatTheFileHeld() {
        var code = AdmissionTests.code("DAN234", .readOnly, createdAt: "2026-11-22T10:15:00.000Z")
        code.expiresAt = "2026-11-29T10:15:00.000Z"
        code.uses = 1
        let read = SpentCodes.read(Self.zone(recording: [code]), zoneDirectory: "home-z1")
        #expect(read["DAN234"] == code)
    }

    static let now = Fixture.t0 + 10 * Fixture.day

    static func manifest(joinedWith code: String?, at offset: Int64) -> ParticipantManifest {
        var sarah = AdmissionTests.sarah
        sarah.joinedAt = UTCTime.iso8601(millis: Fixture.t0)
        var dan = Participant(
            id: "p-dan", name: "Dan", role: .member, permission: .readWrite, status: .active, devices: [AdmissionTests.dan],
            joinedAt: UTCTime.iso8601(millis: Fixture.t0 + offset), code: code)
        dan.lastSeen = dan.joinedAt
        return ParticipantManifest(participants: ["p-sarah": sarah, "p-dan": dan])
    }

    @Test func whenACodeCountsAsSpent() {
        func code(uses: Int, max: Int?, expires: Int64?, revoked: Int64? = nil) -> ShareCode {
            var result = AdmissionTests.code("DAN234", .readWrite)
            result.uses = uses
            result.maxUses = max
            result.expiresAt = expires.map { UTCTime.iso8601(millis: Fixture.t0 + $0) }
            result.revokedAt = revoked.map { UTCTime.iso8601(millis: Fixture.t0 + $0) }
            return result
        }
        let joined = Self.manifest(joinedWith: "DAN234", at: Fixture.day)
        let nobody = Self.manifest(joinedWith: nil, at: Fixture.day)
        let day = Fixture.day
        #expect(SpentCodes.spentAt(code(uses: 0, max: 1, expires: 20 * day), manifest: nobody, now: Self.now) == nil)
        #expect(
            SpentCodes.spentAt(code(uses: 1, max: 1, expires: 20 * day), manifest: joined, now: Self.now) == Fixture.t0 + day,
            "used up at the join")
        #expect(
            SpentCodes.spentAt(code(uses: 1, max: 1, expires: 7 * day), manifest: joined, now: Self.now) == Fixture.t0 + day,
            "used up before it expired")
        #expect(
            SpentCodes.spentAt(code(uses: 0, max: 1, expires: 7 * day), manifest: nobody, now: Self.now)
                == Fixture.t0 + 7 * day)
        #expect(
            SpentCodes.spentAt(code(uses: 1, max: 1, expires: 20 * day), manifest: nobody, now: Self.now) == nil,
            "a use whose participant entry has not arrived yet")
        #expect(
            SpentCodes.spentAt(code(uses: 1, max: 3, expires: 20 * day, revoked: 2 * day), manifest: joined, now: Self.now)
                == Fixture.t0 + 2 * day)
        #expect(
            SpentCodes.spentAt(code(uses: 1, max: 3, expires: 20 * day, revoked: day / 2), manifest: joined, now: Self.now)
                == Fixture.t0 + day, "a join made after the revocation was read still counts")
    }

    @Test func aFileGoesOnceEveryoneElseWasSeenADayLaterOrNinetyDaysPassed() {
        let spent = Fixture.t0 + Fixture.day
        var manifest = Self.manifest(joinedWith: "DAN234", at: Fixture.day)
        manifest.participants["p-sarah"]?.lastSeen = UTCTime.iso8601(millis: spent + Fixture.day / 2)
        let now = spent + 5 * Fixture.day
        #expect(!Zone.everyoneHasSeen("DAN234", spentAt: spent, manifest: manifest, now: now), "Sarah not seen since")
        manifest.participants["p-sarah"]?.lastSeen = UTCTime.iso8601(millis: spent + 2 * Fixture.day)
        #expect(Zone.everyoneHasSeen("DAN234", spentAt: spent, manifest: manifest, now: now), "Dan used it: his device read it")
        #expect(!Zone.everyoneHasSeen("DAN234", spentAt: spent, manifest: manifest, now: spent + Fixture.day / 2))
        manifest.participants["p-sarah"]?.lastSeen = nil
        #expect(!Zone.everyoneHasSeen("DAN234", spentAt: spent, manifest: manifest, now: spent + 60 * Fixture.day))
        #expect(Zone.everyoneHasSeen("DAN234", spentAt: spent, manifest: manifest, now: spent + 90 * Fixture.day))
    }
}
