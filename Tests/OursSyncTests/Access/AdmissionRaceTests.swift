import Testing

@testable import OursSync

/// Membership actions taken at the same time on devices that had not seen each other's: every
/// device holding both writes admits the same outcome, with either stamp first, from copies
/// given in any order, and the household keeps an active owner.
@Suite("Admission: membership actions that race")
struct AdmissionRaceTests {
    typealias Fixtures = AdmissionTests

    /// Sarah's phone (alice) and laptop (dan), Mike's phone (bob).
    struct Copy {
        var zone = RecordState(key: RecordKey(unchecked: "zone", id: "z1"))
        var manifest = RecordState(key: RecordKey(unchecked: "participants", id: "z1"))

        /// Sarah made the household on her phone, linked her laptop, and Mike joined.
        static func household() -> Copy {
            var copy = Copy()
            copy.zone.writeDocument(Fixtures.zone.fields, at: Fixture.stamp(0))
            copy.manifest.writeDocument(Fixtures.sarah.fields, at: Fixture.stamp(0))
            var mike = Fixtures.mike
            mike.code = "JOIN22"
            copy.manifest.writeDocument(mike.fields, at: Fixture.stamp(10, 0, Fixture.bob))
            copy.manifest.writeDocument(
                ["p-sarah.devices": .array([.string(Fixture.alice.rawValue), .string(Fixtures.dan.rawValue)])],
                at: Fixture.stamp(20))
            return copy
        }

        mutating func write(zone: [String: JSONValue?] = [:], manifest: [String: JSONValue?] = [:], at stamp: Stamp) {
            if !zone.isEmpty { self.zone.writeDocument(zone, at: stamp) }
            if !manifest.isEmpty { self.manifest.writeDocument(manifest, at: stamp) }
        }

        mutating func transfer(to participant: String, from owner: String, at stamp: Stamp) {
            write(
                zone: ["owner": .string(participant)],
                manifest: [
                    participant + ".role": "owner", participant + ".permission": "readWrite", owner + ".role": "member",
                ], at: stamp)
        }
    }

    static let codes = ["JOIN22": Fixtures.code("JOIN22", .readWrite)]

    static func admit(_ copies: [Copy]) -> AdmittedDocuments {
        Admission.admitDocuments(
            zone: copies.map(\.zone), manifest: copies.map(\.manifest), code: { codes[$0] }, zoneDirectory: "home-z1")
    }

    /// Both writes on their own copies, with `first` stamped first then the other way round,
    /// judged from the copies in both orders: one outcome, which `check` looks at.
    static func race(
        _ first: (inout Copy, Stamp) -> Void, by firstDevice: DeviceID, _ second: (inout Copy, Stamp) -> Void,
        by secondDevice: DeviceID, check: (AdmittedDocuments, String) -> Void
    ) {
        for firstEarlier in [true, false] {
            var (a, b) = (Copy.household(), Copy.household())
            first(&a, Fixture.stamp(firstEarlier ? 100 : 200, 0, firstDevice))
            second(&b, Fixture.stamp(firstEarlier ? 200 : 100, 0, secondDevice))
            let judged = admit([a, b])
            let what = firstEarlier ? "the first stamped first" : "the second stamped first"
            #expect(admit([b, a]).manifest == judged.manifest && admit([b, a]).zone == judged.zone, "\(what): copy order")
            var merged = a
            merged.zone.merge(b.zone)
            merged.manifest.merge(b.manifest)
            #expect(admit([merged]).manifest == judged.manifest, "\(what): merged copy")
            check(judged, what)
        }
    }

    static func people(_ judged: AdmittedDocuments) -> [String: Participant] {
        ParticipantManifest(judged.manifest!).participants
    }

    static func owner(_ judged: AdmittedDocuments) -> String? { judged.zone.flatMap(ZoneInfo.init)?.owner }

    @Test func aRemovalWinsOverALeaveThatDidNotSeeIt() {
        Self.race(
            { copy, stamp in copy.write(manifest: ["p-mike.status": "removed"], at: stamp) }, by: Fixture.alice,
            { copy, stamp in copy.write(manifest: ["p-mike.status": "left"], at: stamp) }, by: Fixture.bob
        ) { judged, what in
            #expect(Self.people(judged)["p-mike"]?.status == .removed, "\(what)")
        }
    }

    @Test func aHandOverToSomeoneLeavingAtTheSameTimeDoesNotTakeEffect() {
        Self.race(
            { copy, stamp in copy.transfer(to: "p-mike", from: "p-sarah", at: stamp) }, by: Fixture.alice,
            { copy, stamp in copy.write(manifest: ["p-mike.status": "left"], at: stamp) }, by: Fixture.bob
        ) { judged, what in
            #expect(Self.owner(judged) == "p-sarah", "\(what)")
            #expect(Self.people(judged)["p-sarah"]?.role == .owner && Self.people(judged)["p-mike"]?.role == .member)
            #expect(Self.people(judged)["p-mike"]?.status == .left, "\(what)")
            #expect(judged.rejected.contains { $0.reason.contains("was not handed to Mike, who had left") }, "\(what)")
        }
    }

    @Test func aHandOverAndARemovalOfTheSameMemberOnTwoOfTheOwnersDevices() {
        Self.race(
            { copy, stamp in copy.write(manifest: ["p-mike.status": "removed"], at: stamp) }, by: Fixture.alice,
            { copy, stamp in copy.transfer(to: "p-mike", from: "p-sarah", at: stamp) }, by: Fixtures.dan
        ) { judged, what in
            #expect(Self.owner(judged) == "p-sarah", "\(what)")
            #expect(Self.people(judged)["p-mike"]?.status == .removed, "\(what)")
        }
    }

    @Test func aDissolutionWinsOverAHandOverItDidNotSee() {
        Self.race(
            { copy, stamp in copy.transfer(to: "p-mike", from: "p-sarah", at: stamp) }, by: Fixture.alice,
            { copy, stamp in copy.write(zone: ["dissolvedAt": "2026-11-22T10:20:00.000Z"], at: stamp) }, by: Fixtures.dan
        ) { judged, what in
            #expect(judged.zone.flatMap(ZoneInfo.init)?.dissolvedAt != nil, "\(what)")
            #expect(Self.owner(judged) == "p-sarah", "nothing changes hands after the end: \(what)")
        }
    }

    @Test func anOwnerIsNeverMarkedGoneEvenByTheirOwnWrite() {
        var copy = Copy.household()
        copy.transfer(to: "p-mike", from: "p-sarah", at: Fixture.stamp(100))
        copy.write(manifest: ["p-mike.status": "left"], at: Fixture.stamp(200, 0, Fixture.bob))
        let judged = Self.admit([copy])
        #expect(Self.owner(judged) == "p-mike" && Self.people(judged)["p-mike"]?.status == .active)
        #expect(judged.rejected.contains { $0.reason.contains("an owner cannot be marked left") }, "\(judged.rejected)")
    }

    /// Sarah's laptop hands the household to Mike as he leaves; believing him the owner, she
    /// leaves on the laptop and comes back with a read-only code. The hand-over does not take
    /// effect, so she never stopped owning it: neither her leave nor the rejoin's role and
    /// permission do, and she stays a read-write owner who can act.
    @Test func anOwnerWhoseHandOverDidNotTakeEffectStaysAReadWriteOwner() {
        for laptopFirst in [true, false] {
            var (laptop, mikes) = (Copy.household(), Copy.household())
            laptop.transfer(to: "p-mike", from: "p-sarah", at: Fixture.stamp(laptopFirst ? 100 : 200, 0, Fixtures.dan))
            mikes.write(manifest: ["p-mike.status": "left"], at: Fixture.stamp(laptopFirst ? 200 : 100, 0, Fixture.bob))
            laptop.write(manifest: ["p-sarah.status": "left"], at: Fixture.stamp(300, 0, Fixtures.dan))
            laptop.write(
                manifest: ["p-sarah.status": "active", "p-sarah.role": "member", "p-sarah.permission": "readOnly"],
                at: Fixture.stamp(400, 0, Fixtures.dan))

            let judged = Self.admit([laptop, mikes])

            let sarah = Self.people(judged)["p-sarah"]
            #expect(Self.owner(judged) == "p-sarah", "laptop first: \(laptopFirst)")
            #expect(
                sarah?.status == .active && sarah?.role == .owner && sarah?.permission == .readWrite,
                "\(String(describing: sarah))")
            #expect(judged.rejected.contains { $0.reason.contains("change only with a hand-over") }, "\(judged.rejected)")
        }
    }

    @Test func aHandOverToSomeoneRemovedBeforeIsRefused() {
        var copy = Copy.household()
        copy.write(manifest: ["p-mike.status": "removed"], at: Fixture.stamp(100))
        copy.transfer(to: "p-mike", from: "p-sarah", at: Fixture.stamp(200))
        let judged = Self.admit([copy])
        #expect(Self.owner(judged) == "p-sarah")
        #expect(Self.people(judged)["p-mike"]?.role == .member && Self.people(judged)["p-mike"]?.status == .removed)
    }

    @Test func nothingButLastSeenChangesAfterTheDissolution() {
        var copy = Copy.household()
        copy.write(zone: ["dissolvedAt": "2026-11-22T10:20:00.000Z"], at: Fixture.stamp(100))
        copy.write(manifest: ["p-mike.name": "Michael"], at: Fixture.stamp(200, 0, Fixture.bob))
        copy.write(manifest: ["p-mike.lastSeen": "2026-11-22T10:21:00.000Z"], at: Fixture.stamp(300, 0, Fixture.bob))
        let people = Self.people(Self.admit([copy]))
        #expect(people["p-mike"]?.name == "Mike" && people["p-mike"]?.lastSeen == "2026-11-22T10:21:00.000Z")
    }

    @Test func aRecoveryIsTakenWholeOrNotAtAll() {
        let code = "AAAAABBBBBCCCCCDDDDD"
        let other = "EEEEEFFFFFGGGGGHHHHH"
        var base = Copy.household()
        base.write(zone: ["recovery": Recovery.record(code: code, participant: "p-sarah")], at: Fixture.stamp(30))
        let record = base.zone.fields["recovery"]!.winner.value!
        let proof = Recovery.proof(of: code, for: record)!
        func recover(_ copy: inout Copy, by device: DeviceID, at stamp: Stamp) {
            copy.write(
                zone: ["recoveryProof": .string(proof), "recovery": Recovery.record(code: other, participant: "p-sarah")],
                manifest: [
                    "p-sarah.devices": ParticipantManifest.devicesValue(
                        of: "p-sarah", in: copy.manifest, adding: [device], removing: [Fixture.alice, Fixtures.dan],
                        at: stamp)
                ], at: stamp)
        }
        let (first, second) = (DeviceID("eeeeeeee")!, DeviceID("ffffffff")!)
        var (a, b) = (base, base)
        recover(&a, by: first, at: Fixture.stamp(100, 0, first))
        recover(&b, by: second, at: Fixture.stamp(110, 0, second))
        let judged = Self.admit([a, b])
        let sarah = ParticipantManifest(judged.manifest!)
        #expect(sarah.activeDevices(of: "p-sarah") == [first], "only the first recovery: \(sarah.activeDevices(of: "p-sarah"))")
        #expect(sarah.deviceOwners[second] == nil, "nothing of the second stands")
        #expect(judged.rejected.filter { $0.stamp.device == second }.count == 3, "the whole write: \(judged.rejected)")
        #expect(Self.admit([b, a]).manifest == judged.manifest)
    }

    /// Sarah's phone hands the household to Mike, then takes her laptop off her list; the
    /// laptop, which had seen neither, takes the phone off at the same time. A hand-over waits
    /// for the writes made at the same time, so the laptop's removal was judged before the
    /// phone's: both were taken, and Sarah had no device. Whichever removal is stamped first
    /// stands, the other device's is refused, and Sarah keeps one device.
    @Test func twoDevicesRemovingEachOtherAroundAHandOverLeaveOne() {
        for laptopFirst in [false, true] {
            var (phone, laptop) = (Copy.household(), Copy.household())
            phone.transfer(to: "p-mike", from: "p-sarah", at: Fixture.stamp(100))
            let phoneRemoval = Fixture.stamp(150)
            let laptopRemoval = Fixture.stamp(laptopFirst ? 120 : 200, 0, Fixtures.dan)
            phone.write(
                manifest: [
                    "p-sarah.devices": ParticipantManifest.devicesValue(
                        of: "p-sarah", in: phone.manifest, removing: [Fixtures.dan], at: phoneRemoval)
                ], at: phoneRemoval)
            laptop.write(
                manifest: [
                    "p-sarah.devices": ParticipantManifest.devicesValue(
                        of: "p-sarah", in: laptop.manifest, removing: [Fixture.alice], at: laptopRemoval)
                ], at: laptopRemoval)
            let judged = Self.admit([phone, laptop])
            let manifest = ParticipantManifest(judged.manifest!)
            let kept = laptopFirst ? Fixtures.dan : Fixture.alice
            #expect(manifest.activeDevices(of: "p-sarah") == [kept], "laptop first: \(laptopFirst)")
            #expect(Self.owner(judged) == "p-mike")
            #expect(Self.admit([laptop, phone]).manifest == judged.manifest)
        }
    }
}
