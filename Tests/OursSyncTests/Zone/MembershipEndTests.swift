import Foundation
import Testing

@testable import OursSync

/// What the convergence simulator found about memberships that end, and joins, as small
/// stories on one in-memory folder (see docs/ARCHITECTURE.md, "When a membership ends").
@Suite("Memberships that end, and joins, keep every acknowledged write")
struct MembershipEndTests {
    /// Sarah (owner), Mike and Tom share "/shared"; one clock, moved by hand.
    struct Family {
        let clock = ManualWallClock(millis: 1_800_000_000_000)
        let fileSystem: InMemoryFileSystem
        let sarah: Zone
        let mike: Zone
        let tom: Zone

        init() throws {
            let (clock, fileSystem) = (clock, InMemoryFileSystem(clock: clock))
            try fileSystem.createDirectory("/shared")
            func device(_ name: String) throws -> Device {
                let device = Device(home: "/homes/" + name, fileSystem: fileSystem, clock: clock)
                _ = try device.initialize(name: name, email: nil)
                return device
            }
            let sarah = try device("Sarah").createZone(name: "Home", folder: "/shared")
            let mike = try device("Mike").join(code: try sarah.invite(readOnly: false).code, folder: "/shared").zone
            let tom = try device("Tom").join(code: try sarah.invite(readOnly: false).code, folder: "/shared").zone
            for household in [sarah, mike, tom] { try household.sync() }
            (self.fileSystem, self.sarah, self.mike, self.tom) = (fileSystem, sarah, mike, tom)
        }

        func tick() { clock.advance(by: 1000) }

        func path(_ key: RecordKey) -> String { sarah.layout!.path(of: key) }

        func participant(_ household: Zone) throws -> String { try household.device.requireIdentity().participantID }
    }

    static let milk = RecordKey(unchecked: "item", id: "milk")

    @Test func aRemovedMembersWaitingChangeStillArrives() throws {
        let family = try Family()
        try family.sarah.put(type: "item", id: "milk", fields: ["name": "Milk"])
        try family.mike.sync()
        let good = try family.fileSystem.read(family.path(Self.milk), limit: 1 << 20)
        try family.fileSystem.writeInPlace(family.path(Self.milk), Array("{\"name\": ".utf8))  // a person broke it
        family.tick()
        try family.mike.put(type: "item", id: "milk", fields: ["qty": 2])  // waits: the file is broken
        family.tick()
        try family.sarah.removeMember(try family.participant(family.mike))
        try family.fileSystem.writeInPlace(family.path(Self.milk), good)  // fixed
        let learnt = try family.mike.sync()
        #expect(learnt.lifecycle == .removed)
        try family.sarah.sync()
        #expect(try family.sarah.get(Self.milk)?.values["qty"] == 2, "made before the removal: kept")
    }

    @Test func aHandEditOnlyARemovedMemberReadStillArrives() throws {
        let family = try Family()
        try family.sarah.put(type: "item", id: "milk", fields: ["name": "Milk"])
        try family.mike.sync()
        let edited = String(decoding: try family.fileSystem.read(family.path(Self.milk), limit: 1 << 20), as: UTF8.self)
            .replacingOccurrences(of: "\"name\": \"Milk\"", with: "\"name\": \"Oat milk\"")
        family.tick()
        try family.fileSystem.writeInPlace(family.path(Self.milk), Array(edited.utf8))
        try family.mike.sync()  // Mike reads the hand edit
        try family.fileSystem.remove(family.path(Self.milk))  // a person deletes the file
        try family.sarah.sync()  // Sarah writes it again from her copy, without the edit
        family.tick()
        try family.sarah.removeMember(try family.participant(family.mike))
        #expect(try family.mike.sync().lifecycle == .removed)
        try family.sarah.sync()
        #expect(try family.sarah.get(Self.milk)?.values["name"] == "Oat milk")
    }

    @Test func leavingFirstDeliversWhatOnlyThisDeviceHas() throws {
        let family = try Family()
        try family.mike.put(type: "item", id: "milk", fields: ["name": "Milk"])
        try family.fileSystem.remove(family.path(Self.milk))  // gone before anyone else read it
        try family.mike.leave()
        try family.sarah.sync()
        #expect(try family.sarah.get(Self.milk)?.values["name"] == "Milk")
    }

    @Test func aRemovedMembersLaterChangeMergedBeforeTheRemovalWasKnownLeavesTheReplica() throws {
        let family = try Family()
        try family.sarah.put(type: "item", id: "milk", fields: ["name": "Milk"])
        for household in [family.mike, family.tom] { try household.sync() }
        family.tick()
        try family.sarah.removeMember(try family.participant(family.mike))
        family.tick()
        try family.mike.put(type: "item", id: "milk", fields: ["name": "Mike's milk"])  // he does not know yet
        family.tick()
        try family.tom.put(type: "item", id: "milk", fields: ["qty": 1])  // merges Mike's edit: Tom does not know either
        #expect(try family.tom.get(Self.milk)?.values["name"] == "Mike's milk")
        try family.tom.sync()
        try family.sarah.sync()
        try family.tom.sync()
        for household in [family.sarah, family.tom] {
            #expect(try household.get(Self.milk)?.values == ["name": "Milk", "qty": 1])
        }
        let file = try family.fileSystem.read(family.path(Self.milk), limit: 1 << 20)
        #expect(file == (try family.tom.replica.bytes(of: Self.milk)), "Tom's copy and the folder agree")
    }

    @Test func joiningWaitsForAReadableParticipantsFile() throws {
        let family = try Family()
        let manifest = family.sarah.layout!.participantsFile
        let good = try family.fileSystem.read(manifest, limit: 1 << 20)
        try family.fileSystem.writeInPlace(manifest, Array(good.prefix(40)))  // half-synced
        let ana = Device(home: "/homes/ana", fileSystem: family.fileSystem, clock: family.clock)
        _ = try ana.initialize(name: "Ana", email: nil)
        let code = try family.sarah.invite(readOnly: false).code
        #expect(throws: OursError.self) { try ana.join(code: code, folder: "/shared") }
        try family.fileSystem.writeInPlace(manifest, good)
        let joined = try ana.join(code: code, folder: "/shared").zone
        #expect(try joined.manifest().participants.count == 4, "Ana knows the owner and everyone else")
        try family.sarah.put(type: "item", id: "milk", fields: ["name": "Milk"])
        try joined.sync()
        #expect(try joined.get(Self.milk)?.values["name"] == "Milk")
    }

    @Test func aBrokenParticipantsFileDoesNotStopRecordsSyncing() throws {
        let family = try Family()
        let manifest = family.sarah.layout!.participantsFile
        try family.fileSystem.writeInPlace(manifest, Array("{ broken".utf8))
        family.clock.advance(by: 2 * 3_600_000)  // a lastSeen update is due, and cannot be written
        try family.sarah.put(type: "item", id: "milk", fields: ["name": "Milk"])
        let report = try family.mike.sync()
        #expect(report.problems.contains { $0.kind == .brokenFile })
        #expect(try family.mike.get(Self.milk)?.values["name"] == "Milk")
        #expect(try family.fileSystem.read(manifest, limit: 1 << 20) == Array("{ broken".utf8), "never overwritten")
    }
}

/// More stories the simulator found (seeds 9118 and 8503).
extension MembershipEndTests {
    @Test func leavingWhileARecordsFileIsBrokenDeliversOnceItIsFixed() throws {
        let family = try Family()
        try family.sarah.put(type: "item", id: "milk", fields: ["name": "Milk"])
        try family.mike.sync()
        let older = try family.fileSystem.read(family.path(Self.milk), limit: 1 << 20)
        family.tick()
        try family.mike.put(type: "item", id: "milk", fields: ["qty": 2])  // written through at once
        try family.fileSystem.writeInPlace(family.path(Self.milk), Array(older.prefix(30)))  // a tool half-writes the older file
        try family.mike.leave()  // its sync cannot deliver: the file is broken, and never overwritten
        try family.fileSystem.writeInPlace(family.path(Self.milk), older)  // the download completes
        #expect(throws: OursError.self) { try family.mike.sync() }  // "you left": but what waited goes out
        try family.sarah.sync()
        #expect(try family.sarah.get(Self.milk)?.values == ["name": "Milk", "qty": 2])
    }

    @Test func aRemovalFiltersChangesAlreadyMergedEvenIfTheirFileNeverChangesAgain() throws {
        let family = try Family()
        try family.sarah.put(type: "item", id: "milk", fields: ["name": "Milk"])
        try family.mike.sync()
        let now = family.clock.nowMillis()
        family.clock.set(now + 2 * 3_600_000)  // Mike's clock is two hours ahead
        try family.mike.put(type: "item", id: "milk", fields: ["name": "Mike's milk"])
        family.clock.set(now + 1000)
        for household in [family.sarah, family.tom] { try household.sync() }  // merged; too far ahead to absorb
        #expect(try family.sarah.get(Self.milk)?.values["name"] == "Mike's milk")
        try family.sarah.removeMember(try family.participant(family.mike))  // stamped before Mike's change
        family.tick()
        for household in [family.sarah, family.tom] { try household.sync() }
        for household in [family.sarah, family.tom] {
            #expect(try household.get(Self.milk)?.values["name"] == "Milk", "ignored from the removal on")
        }
        let file = try family.fileSystem.read(family.path(Self.milk), limit: 1 << 20)
        #expect(file == (try family.sarah.replica.bytes(of: Self.milk)), "the folder lost it too")
    }
}
