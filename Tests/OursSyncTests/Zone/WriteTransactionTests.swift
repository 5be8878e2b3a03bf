import Testing

@testable import OursSync

/// `Zone.write`: one change of the household, saved whole or not at all.
@Suite("Zone.write: a transaction")
struct WriteTransactionTests {
    static let names = ["flour": "Flour", "sugar": "Sugar", "butter": "Butter"]

    /// An item's key (the ids here are valid ones).
    func key(_ id: String) -> RecordKey {
        guard let key = try? RecordKey(type: "item", id: id) else { preconditionFailure("not an id: \(id)") }
        return key
    }

    @Test func readsInsideSeeTheWriteAndOthersSeeItOnlyOnceItEnds() throws {
        let folder = try InMemoryFolder()
        let device = try folder.device("Sarah")
        let home = try device.createZone(name: "Home", folder: "/shared")
        try home.put(type: "item", id: "flour", fields: ["name": "Flour"])
        let other = Zone(
            device: Device(home: device.home, fileSystem: folder.fileSystem, clock: folder.clock), membership: home.membership)

        let seen = try home.write { () throws(OursError) -> (RecordSnapshot?, [String], RecordSnapshot?, [RecordKey]) in
            try home.put(type: "item", id: "flour", fields: ["qty": "1 kg"])
            try home.put(type: "item", id: "sugar", fields: ["name": "Sugar"])
            try home.put(type: "item", id: "sugar", fields: ["qty": "500 g"])
            return (
                try home.get(key("flour")), try home.list(type: "item").map(\.key.id), try other.get(key("sugar")),
                try home.replica.pendingKeys()
            )
        }
        #expect(seen.0?.values == ["name": "Flour", "qty": "1 kg"])
        #expect(seen.1 == ["flour", "sugar"])
        #expect(seen.2 == nil, "another device object reads the replica as it was")
        #expect(seen.3.allSatisfy { $0 == key("flour") }, "nothing of the write is marked for the folder before it ends")
        #expect(try other.get(key("sugar"))?.values == ["name": "Sugar", "qty": "500 g"])
        #expect(try folder.fileSystem.stat(try #require(home.layout).path(of: key("sugar"))) != nil, "written through")
    }

    @Test func summariesInsideTheWriteShowWhatItStaged() throws {
        let folder = try InMemoryFolder()
        let home = try folder.device("Sarah").createZone(name: "Home", folder: "/shared")
        try home.put(type: "item", id: "flour", fields: ["name": "Flour", "list": "groceries"])
        try home.put(type: "item", id: "nails", fields: ["name": "Nails", "list": "hardware"])
        let seen = try home.write { () throws(OursError) -> ([String: String], [String], [[JSONValue?]: Int], Set<String>) in
            try home.put(type: "item", id: "flour", fields: ["list": "hardware"])
            try home.put(type: "item", id: "sugar", fields: ["name": "Sugar", "list": "groceries"])
            try home.remove(key("nails"))
            var lists: [String: String] = [:]
            for summary in try home.summaries(ofType: "item") where !summary.isDeleted {
                lists[summary.key.id] = summary.values["list"]?.stringValue
            }
            let hardware = try home.summaryKeys(ofType: "item", where: "list", isAnyOf: ["hardware"], orLacking: "name")
            let groups = try home.summaryGroups(ofType: "item", by: ["list"], requiring: "name")
            return (lists, hardware.map(\.id), groups.counts, Set(groups.unsettled.map(\.id)))
        }
        #expect(seen.0 == ["flour": "hardware", "sugar": "groceries"])
        #expect(seen.1 == ["flour"])
        #expect(seen.2.isEmpty, "every record of the type was staged: all read whole")
        #expect(seen.3 == ["flour", "sugar", "nails"])
        #expect(try home.summaries(ofType: "item").filter { !$0.isDeleted }.map(\.key.id).sorted() == ["flour", "sugar"])
    }

    @Test func aThrowInsideSavesNothing() throws {
        let folder = try InMemoryFolder()
        let device = try folder.device("Sarah")
        let home = try device.createZone(name: "Home", folder: "/shared")
        try home.put(type: "item", id: "flour", fields: ["name": "Flour"])
        let pending = try home.replica.pendingKeys()

        #expect(throws: OursError.self) {
            try home.write { () throws(OursError) in
                try home.put(type: "item", id: "flour", fields: ["name": "Rye flour"])
                try home.put(type: "item", id: "yeast", fields: ["name": "Yeast"])
                throw OursError.usage("changed my mind")
            }
        }
        #expect(try home.get(key("flour"))?.values["name"] == "Flour")
        #expect(try home.get(key("yeast")) == nil)
        #expect(try home.replica.pendingKeys() == pending, "nothing more waits for the folder")
        #expect(try folder.fileSystem.stat(try #require(home.layout).path(of: key("yeast"))) == nil)
    }

    @Test func aRecordPastTheLimitSavesNoneOfTheWrite() throws {
        let folder = try InMemoryFolder()
        let home = try folder.device("Sarah").createZone(name: "Home", folder: "/shared")
        let refusal = #expect(throws: OursError.self) {
            try home.write { () throws(OursError) in
                try home.put(type: "item", id: "flour", fields: ["name": "Flour"])
                try home.put(
                    type: "item", id: "essay", fields: ["text": .string(String(repeating: "a", count: RecordFile.writeLimit))])
            }
        }
        #expect(refusal?.message.contains("nothing was saved") == true)
        #expect(try home.get(key("flour")) == nil)
    }

    @Test func aWriteInsideAWriteJoinsIt() throws {
        let folder = try InMemoryFolder()
        let home = try folder.device("Sarah").createZone(name: "Home", folder: "/shared")
        #expect(throws: OursError.self) {
            try home.write { () throws(OursError) in
                try home.write { () throws(OursError) in try home.put(type: "item", id: "flour", fields: ["name": "Flour"]) }
                throw OursError.usage("the outer write fails")
            }
        }
        #expect(try home.get(key("flour")) == nil, "the inner write was part of the outer one")
    }

    /// A crash at every point of a three-record write (one record replaced, two new): the
    /// device, started again, holds all three changes or none.
    @Test func aCrashAtAnyPointLeavesAllOrNone() throws {
        var crashes = 0
        for failAt in 1...80 {
            let folder = try InMemoryFolder()
            let faulty = FaultyFileSystem(folder.fileSystem)
            let setUp = try folder.device("Sarah")
            let home = try setUp.createZone(name: "Home", folder: "/shared")
            try home.put(type: "item", id: "flour", fields: ["name": "Flour"])
            // The shared folder away: only the device's own files matter here.
            try folder.fileSystem.rename("/shared", to: "/away")

            let device = Device(home: setUp.home, fileSystem: faulty, clock: folder.clock)
            let zone = Zone(device: device, membership: home.membership)
            faulty.arm(.init(failAt: failAt, kind: .fail(.io), persistent: true, counting: .mutatingCalls))
            // A fault after the records are saved (the change journal, the clock) may pass unseen.
            _ = try? zone.write { () throws(OursError) in
                for (id, name) in Self.names { try zone.put(type: "item", id: id, fields: ["name": .string(name + " (new)")]) }
            }
            let fired = !faulty.disarm().hits.isEmpty
            guard fired else { break }  // the write ends before the fault: every point was tried
            crashes += 1

            let again = Zone(
                device: Device(home: setUp.home, fileSystem: folder.fileSystem, clock: folder.clock), membership: home.membership)
            let names = try again.device.withLock { () throws(OursError) -> [String?] in
                var names: [String?] = []
                for id in Self.names.keys.sorted() { names.append(try again.get(key(id))?.values["name"]?.stringValue) }
                return names
            }
            let all = Self.names.keys.sorted().map { Self.names[$0]! + " (new)" }
            let none: [String?] = Self.names.keys.sorted().map { $0 == "flour" ? "Flour" : nil }
            #expect(names == all || names == none, "crash at call \(failAt): \(names)")
        }
        #expect(crashes > 5, "the write made \(crashes) changes to the disk")
    }
}
