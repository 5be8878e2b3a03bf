import Foundation
import Testing

@testable import OursSync

/// A record whose every write is ignored (its writers were removed, or are read-only) does not
/// exist for readers on any device, and a later honest write of it is a normal create.
@Suite("Ignored writes leave no record behind")
struct IgnoredWriteTests {
    /// Sarah (owner), Mike and Tom on one in-memory folder; Mike's device has a clock of its own.
    struct Family {
        let clock = ManualWallClock(millis: 1_800_000_000_000)
        let mikeClock: ManualWallClock
        let fileSystem: InMemoryFileSystem
        let sarah: Zone
        let mike: Zone
        let tom: Zone

        init() throws {
            let (clock, fileSystem) = (clock, InMemoryFileSystem(clock: clock))
            let mikeClock = ManualWallClock(millis: clock.nowMillis())
            try fileSystem.createDirectory("/shared")
            func device(_ name: String, _ clock: ManualWallClock) throws -> Device {
                let device = Device(home: "/homes/" + name, fileSystem: fileSystem, clock: clock)
                _ = try device.initialize(name: name, email: nil)
                return device
            }
            let sarah = try device("Sarah", clock).createZone(name: "Home", folder: "/shared")
            let mike = try device("Mike", mikeClock).join(code: try sarah.invite(readOnly: false).code, folder: "/shared").zone
            let tom = try device("Tom", clock).join(code: try sarah.invite(readOnly: false).code, folder: "/shared").zone
            for household in [sarah, mike, tom] { try household.sync() }
            (self.mikeClock, self.fileSystem, self.sarah, self.mike, self.tom) = (mikeClock, fileSystem, sarah, mike, tom)
        }

        func tick() {
            clock.advance(by: 1000)
            mikeClock.advance(by: 1000)
        }

        func removeMike() throws {
            try sarah.removeMember(try mike.device.requireIdentity().participantID)
        }
    }

    static let late = RecordKey(unchecked: "item", id: "late")

    @Test func aRecordOnlyAnIgnoredWriterMadeIsNeitherStoredNorListed() throws {
        let family = try Family()
        family.tick()
        try family.removeMike()
        family.tick()
        try family.mike.put(type: "item", id: "late", fields: ["name": "Late"])  // it has not learnt it yet

        let report = try family.sarah.sync()
        #expect(report.problems.contains { $0.kind == .ignoredChange }, "\(report.problems)")
        #expect(report.changes.isEmpty && report.recordsMerged == 0, "nothing to tell: \(report.changes)")
        for household in [family.sarah, family.tom] {
            try household.sync()
            #expect(try household.get(Self.late) == nil)
            #expect(try household.list(type: "item").isEmpty)
            #expect(try household.replica.loadStored(Self.late) == nil, "not kept in the replica")
        }
        let file = try family.fileSystem.read(family.sarah.layout!.path(of: Self.late), limit: 1 << 20)
        let folder = try RecordFile.decode(file, fallbackType: nil, fallbackID: nil, modifiedMillis: 0).state
        #expect(folder.isEmpty, "the ignored write left the folder: it is not reported again")
        #expect(try family.tom.sync().problems.isEmpty)

        family.tick()
        try family.sarah.put(type: "item", id: "late", fields: ["name": "Late"])
        let seen = try family.tom.sync()
        #expect(seen.changes.map(\.kind) == [.inserted])
        #expect(try family.tom.get(Self.late)?.name == "Late")
    }

    /// Tom merged Mike's write before he knew Sarah had removed Mike, with a stamp before it
    /// (Mike's clock runs ahead): once Tom knows, the record leaves his replica, and watchers
    /// hear that it is gone.
    @Test func aRecordThatBecomesEmptyLeavesTheReplica() throws {
        let family = try Family()
        family.mikeClock.advance(by: 120_000)  // two minutes ahead: far enough, not far-future
        try family.mike.put(type: "item", id: "late", fields: ["name": "Late"])
        try family.tom.sync()
        #expect(try family.tom.get(Self.late)?.name == "Late")

        family.tick()
        try family.removeMike()  // stamped by Sarah's clock: before Mike's write
        let report = try family.tom.sync()
        #expect(report.changes.contains { $0.key == Self.late && $0.kind == .deleted }, "\(report.changes)")
        #expect(try family.tom.get(Self.late) == nil)
        #expect(try family.tom.replica.loadStored(Self.late) == nil)
        #expect(try family.tom.list(type: "item").isEmpty)
        #expect(try family.sarah.sync().changes.isEmpty, "Sarah never shows it")
        #expect(try family.sarah.get(Self.late) == nil)
    }

    /// An earlier version kept such records in the replica: readers skip them, and
    /// `ours doctor --fix` removes them.
    @Test func doctorRemovesEmptyRecordsAnEarlierVersionKept() throws {
        let family = try Family()
        try family.tom.replica.save(RecordState(key: Self.late))
        #expect(try family.tom.get(Self.late) == nil && family.tom.list(type: "item").isEmpty)
        #expect(try family.tom.replica.keys().count == 1, "still a file in the replica")
        #expect(try family.tom.status().recordCount == 0, "not a record for `ours status` either")
        let report = try family.tom.doctor(fix: true)
        #expect(report.fixed.contains { $0.contains("1 empty record") }, "\(report.fixed)")
        #expect(try family.tom.replica.keys().isEmpty)
    }

    @Test func aWriteWithNothingInItIsRefused() throws {
        let family = try Family()
        #expect(throws: OursError.self) { try family.sarah.put(type: "item", id: "blank", fields: [:]) }
        #expect(try family.sarah.replica.pendingKeys().isEmpty)
        try family.sarah.put(type: "item", id: "milk", fields: ["name": "Milk"])
        try family.sarah.put(type: "item", id: "milk", fields: [:])  // an existing record: nothing changes
        #expect(try family.sarah.get(RecordKey(unchecked: "item", id: "milk"))?.name == "Milk")
    }

    @Test func anEmptyRecordIsNeitherInsertedNorDeleted() {
        let empty = RecordState(key: Self.late)
        var written = empty
        written.write(["name": "Late"], at: Stamp(millis: 1, device: DeviceID("k3j9x2qf")!))
        #expect(RecordChange.between(nil, empty, manifest: ParticipantManifest()) == nil)
        #expect(RecordChange.between(empty, written, manifest: ParticipantManifest())?.kind == .inserted)
        #expect(RecordChange.between(written, empty, manifest: ParticipantManifest())?.kind == .deleted)
    }
}
