import Testing

@testable import OursSync

/// `Zone.importRecords` run again, whole or after it was stopped: each object one record.
@Suite("Importing records again")
struct RepeatableImportTests {
    let clock = ManualWallClock(millis: 1_800_000_000_000)
    let fileSystem: InMemoryFileSystem
    let zone: Zone

    init() throws {
        fileSystem = InMemoryFileSystem(clock: clock)
        try fileSystem.createDirectory("/shared")
        let device = Device(home: "/homes/sarah", fileSystem: fileSystem, clock: clock)
        _ = try device.initialize(name: "Sarah", email: nil)
        zone = try device.createZone(name: "Home", folder: "/shared")
    }

    /// Twelve objects; the last two are the same as the first (kept as records of their own).
    let objects: [[String: JSONValue]] = (0..<12).map { ["name": .string("item \($0 % 10)")] }

    @Test func aSecondImportFindsTheRecordsTheFirstMade() throws {
        let first = try zone.importRecords(type: "item", objects: objects)
        #expect(first == ImportOutcome(total: 12, written: 12))
        let second = try zone.importRecords(type: "item", objects: objects)
        #expect(second == ImportOutcome(total: 12, written: 0, unchanged: 12))
        #expect(try zone.list(type: "item").count == 12)
    }

    @Test func anImportStoppedBetweenChunksIsFinishedByTheNextRun() throws {
        var asked = 0
        let stopped = try zone.importRecords(
            type: "item", objects: objects, chunkSize: 5,
            shouldStop: {
                asked += 1
                return asked > 1
            })
        #expect(stopped.interrupted && stopped.done == 5 && stopped.total == 12)
        #expect(try zone.list(type: "item").count == 5)
        let finished = try zone.importRecords(type: "item", objects: objects, chunkSize: 5)
        #expect(finished == ImportOutcome(total: 12, written: 7, unchanged: 5))
        #expect(try zone.list(type: "item").count == 12)
    }

    @Test func aChangedLineOrAnExplicitIDIsWritten() throws {
        try zone.importRecords(type: "item", objects: objects)
        var changed = objects
        changed[3]["qty"] = .string("2")  // a different line: a record of its own
        changed.append(["_ours": ["id": "chosen"], "name": "x"])
        let outcome = try zone.importRecords(type: "item", objects: changed)
        #expect(outcome == ImportOutcome(total: 13, written: 2, unchanged: 11))
        #expect(try zone.list(type: "item").count == 14)
    }

    @Test func derivedIDsAreStableValidAndTellOccurrencesApart() throws {
        let fields: [String: JSONValue] = ["name": "milk", "qty": 1]
        let id = Zone.importID(type: "item", fields: fields, occurrence: 0)
        #expect(id == Zone.importID(type: "item", fields: ["qty": 1, "name": "milk"], occurrence: 0), "key order")
        #expect(id != Zone.importID(type: "item", fields: fields, occurrence: 1))
        #expect(id != Zone.importID(type: "recipe", fields: fields, occurrence: 0))
        #expect(id.count == 16 && RecordKey.isValidID(id))
    }
}
