import Testing

@testable import OursSync

/// A hand edit of a participant's name is ignored by every device. A device that never read
/// the name before the edit (it joins or recovers just after) is left with no name for that
/// person until a device that did writes the file again; the person is still in the household.
@Suite("A participant whose name a device has not read yet")
struct NamelessParticipantTests {
    let clock = ManualWallClock(millis: 1_800_000_000_000)

    @Test func theOwnerStaysTheOwnerOnARecoveringDeviceThatReadOnlyAHandEditedName() throws {
        let fileSystem = InMemoryFileSystem(clock: clock)
        try fileSystem.createDirectory("/shared")
        let phone = Device(home: "/homes/sarah-phone", fileSystem: fileSystem, clock: clock)
        let sarah = try phone.initialize(name: "Sarah", email: nil)
        let home = try phone.createZone(name: "Home", folder: "/shared")
        let recovery = try home.issueRecoveryCode()
        let path = try #require(home.layout).zone + "/participants.json"
        let text = String(decoding: try fileSystem.read(path, limit: Int.max), as: UTF8.self)
        #expect(text.contains(#""Sarah""#))
        clock.advance(by: 1000)
        try fileSystem.writeInPlace(path, Array(text.replacingOccurrences(of: #""Sarah""#, with: #""Sally""#).utf8))

        // Sarah lost her phone; her new one recovers the household from the edited folder.
        let laptop = Device(home: "/homes/sarah-laptop", fileSystem: fileSystem, clock: clock)
        let recovered = try laptop.recover(code: recovery, folder: "/shared")
        let zone = try laptop.zone(recovered.zone.membership?.id ?? "")
        let me = try #require(try zone.manifest().participants[sarah.participantID], "Sarah is in the household")
        #expect(me.role == .owner && me.status == .active)
        #expect(me.name != "Sally", "the hand edit is ignored")
        _ = try zone.invite(readOnly: false)  // an owner's action works at once

        try zone.sync()
        clock.advance(by: 1000)
        try home.sync()  // the lost phone, found again, still knows her name: it is written back
        try zone.sync()
        #expect(try zone.manifest().participants[sarah.participantID]?.name == "Sarah")
    }

    @Test func anEntryWithoutANameIsAParticipantNamedByItsIdButStrayFieldsAreNot() throws {
        var state = RecordState(key: try RecordKey(type: "participants", id: "h"))
        let stamp = Stamp(millis: 1, counter: 0, device: try #require(DeviceID("abcdefgh")))
        state.write(["p1.status": "active", "p1.role": "owner", "p2.lastSeen": "2026-01-01T00:00:00Z"], at: stamp)
        let manifest = ParticipantManifest(state)
        #expect(manifest.participants["p1"]?.name == "p1")
        #expect(manifest.participants["p1"]?.role == .owner)
        #expect(manifest.participants["p2"] == nil, "a last-seen time alone makes no participant")
    }
}
