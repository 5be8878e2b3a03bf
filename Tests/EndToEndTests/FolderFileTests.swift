import Foundation
import Testing

/// What sync tools and people do to the files in the folder: conflict copies, hand edits,
/// broken files, fields the app never wrote.
@Suite("End to end: files in the shared folder")
struct FolderFileTests {
    @Test func conflictCopiesOfThreeSyncToolsAreMergedAndRemovedWithNothingLost() throws {
        let world = World()
        let (sarah, mike) = try world.sarahAndMike(milk: #"{"name": "Milk", "qty": 1, "note": "plain"}"#)
        let path = world.recordPath(type: "item", id: "milk")
        let directory = world.recordDirectory(type: "item", id: "milk")
        let original = world.text(path)

        // Syncthing: Mike's write and Sarah's write cross; Sarah's lands, Mike's becomes the copy.
        try mike.ok("record", "put", "item", "milk", "--fields", #"{"qty": 2}"#)
        let mikes = world.text(path)
        #expect(mikes.contains(#""qty": 2"#))
        world.write(path, original)
        Thread.sleep(forTimeInterval: 0.005)
        try sarah.ok("record", "put", "item", "milk", "--fields", #"{"qty": 3}"#)
        #expect(world.text(path).contains(#""qty": 3"#))
        world.write(directory + "/milk.sync-conflict-20251221-101500-ABCDEFG.json", mikes)
        // Dropbox and iCloud: copies of the original that someone edited by hand.
        world.write(
            directory + "/milk (Mike's conflicted copy 2025-12-21).json",
            original.replacingOccurrences(of: #""note": "plain""#, with: #""note": "organic""#))
        world.write(
            directory + "/milk 2.json", original.replacingOccurrences(of: #""name": "Milk""#, with: #""name": "Oat milk""#))
        #expect(world.files(under: directory).count == 4)

        let sync = try sarah.ok("sync", "--json").object
        #expect(sync["copiesRemoved"] as? Int == 3, "\(sync)")
        #expect(world.files(under: directory) == ["milk.json"], "the copies are gone once merged")
        try mike.ok("sync")
        try sarah.ok("sync")
        for device in [sarah, mike] {
            let milk = try device.get("item", "milk")
            #expect(milk["name"] as? String == "Oat milk", "\(device.name): \(milk)")
            #expect(milk["note"] as? String == "organic", "\(device.name): \(milk)")
            #expect(milk["qty"] as? Int == 3, "\(device.name): the later of the crossing writes wins")
            let conflicts = try device.conflicts()
            #expect(conflicts.count == 1, "\(device.name): \(conflicts)")
            #expect(conflicts.first?["field"] as? String == "qty")
            #expect(conflicts.first?["value"] as? Int == 2, "Mike's value is kept, not lost")
            #expect(try device.ids("item") == ["milk"])
        }
        #expect(world.bytes(path) == world.bytes(try mike.replicaPath(type: "item", id: "milk")))
    }

    @Test func aHandEditOfAFieldReachesTheOtherDevice() throws {
        let world = World()
        let (sarah, mike) = try world.sarahAndMike()
        let path = world.recordPath(type: "item", id: "milk")
        world.replace(in: path, #""qty": 1"#, with: #""qty": 6"#)

        let sync = try mike.ok("sync", "--json").object
        #expect(sync["handEdits"] as? Int == 1, "\(sync)")
        let changes = sync["changes"] as? [[String: Any]] ?? []
        #expect(changes.first?["by"] as? String == "a hand edit", "\(changes)")
        #expect(changes.first?["fields"] as? [String] == ["qty"])
        #expect(try mike.get("item", "milk")["qty"] as? Int == 6)
        try sarah.ok("sync")
        for device in [sarah, mike] {
            let milk = try device.get("item", "milk")
            #expect(milk["qty"] as? Int == 6, "\(device.name): \(milk)")
            #expect(milk["name"] as? String == "Milk")
            #expect(world.bytes(path) == world.bytes(try device.replicaPath(type: "item", id: "milk")))
        }
        #expect(try sarah.ok("sync", "--json").object["handEdits"] as? Int == 0, "picked up once, not again and again")
    }

    @Test func aBrokenFileIsReportedWithItsPositionAndNeverOverwrittenUntilFixed() throws {
        let world = World()
        let (sarah, mike) = try world.sarahAndMike()
        let path = world.recordPath(type: "item", id: "milk")
        let original = world.text(path)
        #expect(original.hasSuffix("}\n"))
        world.write(path, String(original.dropLast(2)) + "\n")  // the closing brace is gone
        let broken = world.bytes(path)
        let line = original.filter { $0 == "\n" }.count + 1  // the end of the file, after its last newline
        let shown =
            (world.zone as NSString).lastPathComponent + "/records/item/"
            + ((world.recordDirectory(type: "item", id: "milk") as NSString).lastPathComponent) + "/milk.json"

        let text = try sarah.ok("sync")
        #expect(text.stdout.contains("\(shown):\(line):1: not valid JSON at line \(line), column 1"), "\(text)")
        let json = try mike.ok("sync", "--json").object
        let problems = json["problems"] as? [[String: Any]] ?? []
        #expect(problems.count == 1, "\(json)")
        #expect(problems.first?["kind"] as? String == "brokenFile")
        #expect(problems.first?["path"] as? String == shown)
        #expect(problems.first?["line"] as? Int == line)
        #expect(problems.first?["column"] as? Int == 1)
        #expect(world.bytes(path) == broken)

        // Mike changes the record; neither his write nor either device's sync touches the file.
        try mike.ok("record", "put", "item", "milk", "--fields", #"{"qty": 2}"#)
        try mike.ok("sync")
        try sarah.ok("sync")
        #expect(world.bytes(path) == broken, "a person's bytes are never overwritten while broken")
        #expect(try mike.ok("status", "--json").object["pendingChanges"] as? Int == 1, "Mike's change waits")
        let status = try sarah.ok("status")
        #expect(status.stdout.contains("\(shown):\(line):1:"), "\(status)")

        world.write(path, original)  // fixed by hand
        let fixed = try mike.ok("sync", "--json").object
        #expect((fixed["problems"] as? [[String: Any]])?.isEmpty == true, "\(fixed)")
        try sarah.ok("sync")
        for device in [sarah, mike] {
            #expect(try device.get("item", "milk")["qty"] as? Int == 2, "\(device.name)")
            #expect(try device.ok("status", "--json").object["pendingChanges"] as? Int == 0)
        }
        #expect(world.bytes(path) == world.bytes(try sarah.replicaPath(type: "item", id: "milk")))
    }

    @Test func unknownFieldsAtTheTopAndInsideTheMetadataSurviveARoundTrip() throws {
        let world = World()
        let (sarah, mike) = try world.sarahAndMike(milk: #"{"name": "Milk", "Größe (alt) #2": "XL"}"#)
        let path = world.recordPath(type: "item", id: "milk")
        world.replace(in: path, #""format": 1,"#, with: "\"format\": 1,\n    \"zzFromTheFuture\": {\"since\": 2},")

        try mike.ok("sync")
        try mike.ok("record", "put", "item", "milk", "--fields", #"{"qty": 3}"#)
        try sarah.ok("sync")
        let copies = [path, try sarah.replicaPath(type: "item", id: "milk"), try mike.replicaPath(type: "item", id: "milk")]
        for file in copies {
            let record = world.object(file)
            #expect(record["Größe (alt) #2"] as? String == "XL", "\(file): \(world.text(file))")
            #expect(record["qty"] as? Int == 3, "\(file)")
            let meta = record["_ours"] as? [String: Any] ?? [:]
            #expect((meta["zzFromTheFuture"] as? [String: Any])?["since"] as? Int == 2, "\(file): \(world.text(file))")
        }
        let milk = try sarah.get("item", "milk")
        #expect(milk["Größe (alt) #2"] as? String == "XL")
        #expect(milk["qty"] as? Int == 3)
    }

    @Test func aRecordMadeByHandIsAdoptedAtItsCanonicalPathAndReachesTheOtherDevice() throws {
        let world = World()
        let (sarah, mike) = try world.sarahAndMike()
        let handMade = world.zone + "/records/item/cheese.json"
        world.write(handMade, #"{"name": "Cheese", "qty": 2}"# + "\n")

        let sync = try mike.ok("sync", "--json").object
        #expect(sync["handEdits"] as? Int == 1, "\(sync)")
        #expect(sync["filesRestored"] as? Int == 0, "a new record is not a restored one: \(sync)")
        #expect((sync["problems"] as? [[String: Any]])?.isEmpty == true, "\(sync)")
        #expect(!world.exists(handMade), "the person's file is replaced by the canonical one")
        #expect(world.exists(world.recordPath(type: "item", id: "cheese")))
        try sarah.ok("sync")
        for device in [sarah, mike] {
            let cheese = try device.get("item", "cheese")
            #expect(cheese["name"] as? String == "Cheese" && cheese["qty"] as? Int == 2, "\(device.name): \(cheese)")
            #expect(try device.ids("item") == ["cheese", "milk"])
        }
    }
}
