import Testing

@testable import OursSync

/// One person, several devices: a device listed by one of its person's devices writes as that
/// person; a device taken off the list is ignored from the write that took it off, on every
/// device, whatever order they learnt the writes in.
@Suite("Admission: a person's devices, linked and removed")
struct DeviceLinkAdmissionTests {
    typealias History = AdmissionFoldTests.History
    static let dan = DeviceID("dddddddd")!
    static let erin = DeviceID("eeeeeeee")!
    static let fred = DeviceID("ffffffff")!

    static func devices(_ list: [DeviceID], removed: [(DeviceID, Stamp)] = []) -> JSONValue {
        .array(
            list.map { .string($0.rawValue) }
                + removed.map { .string(ParticipantManifest.removalMark($0.0, at: $0.1)) })
    }

    /// Mike's phone takes the laptop off his list at `offset`, by `device`.
    static func removeLaptop(_ history: inout History, at offset: Int64, by device: DeviceID = Fixture.bob) {
        let value = devices([Fixture.bob], removed: [(dan, Fixture.stamp(offset, 0, device))])
        history.write(["p-mike.devices": value], at: offset, by: device)
    }

    /// Mike joins on his phone (bob) and links his laptop (dan).
    static func linked() -> History {
        var history = History()
        history.code("MIKE22", .readWrite, madeAt: 1)
        history.join(AdmissionTests.mike, code: "MIKE22", at: 10)
        history.write(["p-mike.devices": devices([Fixture.bob, dan])], at: 20, by: Fixture.bob)
        return history
    }

    @Test func aLinkedDeviceWritesAsItsPerson() {
        var history = Self.linked()
        history.write(["p-mike.name": "Michael"], at: 30, by: Self.dan)
        let result = history.admit([history.manifest])
        #expect(result.rejected.isEmpty, "\(result.rejected)")
        let manifest = ParticipantManifest(result.manifest!)
        #expect(manifest.participant(forDevice: Self.dan)?.id == "p-mike")
        #expect(manifest.participants["p-mike"]?.name == "Michael")
        #expect(manifest.activeDevices(of: "p-mike") == [Fixture.bob, Self.dan])
        #expect(manifest.removedDevices.isEmpty)
        #expect(Admission.recordVerdict(Fixture.stamp(40, 0, Self.dan), manifest: manifest) == .accept)
    }

    @Test func aRemovedDeviceIsIgnoredFromItsRemovalWhateverTheOrderLearnt() {
        var history = Self.linked()
        let beforeRemoval = history.manifest
        var danLater = history.manifest
        danLater.write(["p-mike.name": "Thief"], at: Fixture.stamp(50, 0, Self.dan))
        Self.removeLaptop(&history, at: 40)
        let removal = history.manifest
        let views = [[removal, danLater], [danLater, removal], [beforeRemoval, danLater, removal]]
        let first = history.admit(views[0])
        for view in views {
            let result = history.admit(view)
            #expect(result.manifest == first.manifest)
            let manifest = ParticipantManifest(result.manifest!)
            #expect(manifest.removedDevices[Self.dan] == Fixture.stamp(40, 0, Fixture.bob))
            #expect(manifest.participants["p-mike"]?.name == "Mike", "the removed device's later write is ignored")
            #expect(result.rejected.contains { $0.reason.contains("was removed before this change") })
            #expect(Admission.recordVerdict(Fixture.stamp(35, 0, Self.dan), manifest: manifest) == .accept)
            guard case .reject(let why) = Admission.recordVerdict(Fixture.stamp(45, 0, Self.dan), manifest: manifest) else {
                Issue.record("a record write after the removal must be rejected")
                continue
            }
            #expect(why.contains("removed"))
            #expect(manifest.activeDevices(of: "p-mike") == [Fixture.bob])
        }
        #expect(Admission.rejectionPolicy(ParticipantManifest(first.manifest!)).contains("device dddddddd removed@"))
    }

    @Test func devicesLinkedAtOnceByTwoDevicesRemoveNothing() {
        let base = Self.linked()
        var phone = base.manifest
        phone.write(["p-mike.devices": Self.devices([Fixture.bob, Self.dan, Self.erin])], at: Fixture.stamp(30, 0, Fixture.bob))
        var laptop = base.manifest
        laptop.write(["p-mike.devices": Self.devices([Fixture.bob, Self.dan, Self.fred])], at: Fixture.stamp(31, 0, Self.dan))
        let merged = base.admitted([phone, laptop])
        #expect(merged.removedDevices.isEmpty, "\(merged.removedDevices)")
        #expect(Set(merged.activeDevices(of: "p-mike")) == [Fixture.bob, Self.dan, Self.erin, Self.fred])
        // The next write lists every device either value lists: still nothing removed.
        var both = phone.merging(laptop)
        let value = ParticipantManifest.devicesValue(of: "p-mike", in: both, adding: [], removing: [])
        both.write(["p-mike.devices": value], at: Fixture.stamp(40, 0, Fixture.bob))
        #expect(base.admitted([both]).removedDevices.isEmpty)
        let removing = ParticipantManifest.devicesValue(
            of: "p-mike", in: both, removing: [Self.erin], at: Fixture.stamp(50, 0, Self.dan))
        both.write(["p-mike.devices": removing], at: Fixture.stamp(50, 0, Self.dan))
        // The mark outlives later writes of the list, which carry it.
        let later = ParticipantManifest.devicesValue(of: "p-mike", in: both, adding: [], removing: [])
        both.write(["p-mike.devices": later], at: Fixture.stamp(60, 0, Fixture.bob))
        let after = base.admitted([both])
        #expect(after.removedDevices == [Self.erin: Fixture.stamp(50, 0, Self.dan)])
        #expect(Set(after.activeDevices(of: "p-mike")) == [Fixture.bob, Self.dan, Self.fred])
    }

    @Test func aRemovedDeviceCannotRemoveTheOthersAfterward() {
        var history = Self.linked()
        Self.removeLaptop(&history, at: 40)
        let value = Self.devices([Self.dan], removed: [(Fixture.bob, Fixture.stamp(50, 0, Self.dan))])
        history.write(["p-mike.devices": value], at: 50, by: Self.dan)
        let manifest = history.admitted()
        #expect(Array(manifest.removedDevices.keys) == [Self.dan])
        #expect(Admission.recordVerdict(Fixture.stamp(60, 0, Fixture.bob), manifest: manifest) == .accept)
    }

    /// The laptop's clock runs hours behind (a stamp so far ahead is never absorbed): having
    /// read its own removal at 40, it stamps its removal of the phone 35. It is still after the
    /// removal — it saw it — so it is refused, and Mike keeps his phone.
    @Test func aRemovedDeviceWhoseClockRunsBehindCannotRemoveTheOthersAfterward() {
        var history = Self.linked()
        Self.removeLaptop(&history, at: 40)
        let value = Self.devices(
            [], removed: [(Self.dan, Fixture.stamp(40, 0, Fixture.bob)), (Fixture.bob, Fixture.stamp(35, 0, Self.dan))])
        history.write(["p-mike.devices": value], at: 35, by: Self.dan)
        let written = history.manifest.fields["p-mike.devices"]?.entries.first { $0.stamp.device == Self.dan }
        #expect(written?.seen.covers(Fixture.stamp(40, 0, Fixture.bob)) == true, "the laptop had seen its removal")
        let result = history.admit([history.manifest])
        let manifest = ParticipantManifest(result.manifest!)
        #expect(Array(manifest.removedDevices.keys) == [Self.dan])
        #expect(manifest.activeDevices(of: "p-mike") == [Fixture.bob])
        #expect(result.rejected.contains { $0.reason.contains("was removed before this change") })
    }

    @Test func anotherMembersDeviceCannotBeRemovedByAListing() {
        var history = Self.linked()
        history.code("TOMS22", .readOnly, madeAt: 1)
        history.join(AdmissionTests.tom, code: "TOMS22", at: 12)
        // The owner takes the laptop off Mike's list: a removal (the owner may).
        Self.removeLaptop(&history, at: 40, by: Fixture.alice)
        // A mark in Tom's list for Mike's phone removes nothing: it is not Tom's device.
        let value = Self.devices([Fixture.carol], removed: [(Fixture.bob, Fixture.stamp(45, 0, Fixture.carol))])
        history.write(["p-tom.devices": value], at: 45, by: Fixture.carol)
        let manifest = history.admitted()
        #expect(Array(manifest.removedDevices.keys) == [Self.dan])
    }

    @Test func aMarkStampedAfterItsWriteIsNoRemoval() {
        var history = Self.linked()
        let value = Self.devices([Fixture.bob], removed: [(Self.dan, Fixture.stamp(90, 0, Fixture.bob))])
        history.write(["p-mike.devices": value], at: 40, by: Fixture.bob)
        #expect(history.admitted().removedDevices.isEmpty)
    }
}
