import Foundation
import Testing

@testable import OursSync

/// A first sync saves each record as the scan reads it (`SyncPass.saveOnRead`). Whatever the
/// folder holds — a hand edit, a conflict copy, a writer the manifest does not know, a stamp a
/// day ahead, a record laid out by another tool, a large record, a tombstone — the replica,
/// the summary index, the report and the folder come out as they do when the pass reads
/// everything first and merges after.
@Suite("Saving records as they are read")
struct SaveOnReadTests {
    /// Sarah's household with one of everything; Ben joined before any of it, so his replica
    /// holds no record type yet, and Ana joins last.
    struct Household {
        let world = SharedFolderWorld()
        let sarah: Zone
        let ben: Zone
        let anaDevice: Device
        let code: String
        /// The records folder as it stands before anyone merges it.
        let records: String
        let snapshot: String
        /// Keys of the special cases.
        let handEdited: RecordKey
        let conflicted: RecordKey
        let unknownWriter: RecordKey
        let compact: RecordKey
        let large: RecordKey
        let ahead: RecordKey

        init() throws {
            let sarahDevice = try world.device("Sarah")
            sarah = try sarahDevice.createZone(name: "Home", folder: world.shared)
            ben = try world.device("Ben").join(code: try sarah.invite(readOnly: false).code, folder: world.shared).zone
            let later = SystemWallClock().nowMillis() + 86_400_000
            let mike = try world.device("Mike", clock: ManualWallClock(millis: later))
                .join(code: try sarah.invite(readOnly: false).code, folder: world.shared).zone
            try sarah.sync()
            anaDevice = try world.device("Ana")
            code = try sarah.invite(readOnly: false).code
            records = sarah.layout!.records

            for index in 0..<40 { try sarah.put(type: "item", fields: ["name": .string("thing \(index)"), "qty": 1]) }
            try sarah.put(type: "recipe", fields: ["name": "Soup", "servings": 4])
            let gone = try sarah.put(type: "item", fields: ["name": "Gone"])
            try sarah.remove(gone)
            ahead = try mike.put(type: "item", fields: ["name": "From tomorrow"])
            large = try sarah.put(
                type: "item", fields: ["name": "Long", "note": .string(String(repeating: "words ", count: 3_000))])

            // A conflict copy: Mike's later version beside Sarah's, which the sync tool kept
            // as the record's own file.
            conflicted = try sarah.put(type: "item", fields: ["name": "Bread"])
            try mike.sync()
            let sarahsVersion = try Household.file(of: conflicted, in: sarah)
            try mike.put(type: "item", id: conflicted.id, fields: ["qty": 2])
            let path = sarah.layout!.path(of: conflicted)
            try FileManager.default.moveItem(
                atPath: path, toPath: String(path.dropLast(5)) + ".sync-conflict-20260101-000000-ABCDEFG.json")
            try Data(sarahsVersion).write(to: URL(fileURLWithPath: path))

            // A hand edit: a value changed without its stamp (after Mike's last sync, which would
            // have stamped it).
            handEdited = try sarah.put(type: "item", fields: ["name": "Tea"])
            try Household.edit(handEdited, in: sarah) { $0.replacingOccurrences(of: "\"Tea\"", with: "\"Green tea\"") }

            // A writer no manifest lists: the file waits.
            unknownWriter = try sarah.put(type: "item", fields: ["name": "Stranger's"])
            let me = try sarahDevice.requireIdentity().deviceID.rawValue
            try Household.edit(unknownWriter, in: sarah) { $0.replacingOccurrences(of: "-" + me + "\"", with: "-qqqqqqqq\"") }

            // The same record laid out by another tool, on one line.
            compact = try sarah.put(type: "item", fields: ["name": "Compact", "qty": 3])
            let parsed = try JSONParser.parse(try Household.file(of: compact, in: sarah))
            try Data(JSONWriter.compact(parsed)).write(to: URL(fileURLWithPath: sarah.layout!.path(of: compact)))

            snapshot = world.temp.sub("records-snapshot")
            try Household.copy(records, to: snapshot)
        }

        /// Copies a folder with its files' times: a hand edit is stamped from its file's time.
        /// File by file with plain reads and writes: `FileManager.copyItem` once failed here
        /// with "Invalid argument" from the kernel's copy call on a loaded machine.
        static func copy(_ source: String, to destination: String) throws {
            let files = FileManager.default
            try files.createDirectory(atPath: destination, withIntermediateDirectories: true)
            for relative in try files.subpathsOfDirectory(atPath: source) {
                let (from, to) = (joinPath(source, relative), joinPath(destination, relative))
                let attributes = try files.attributesOfItem(atPath: from)
                if attributes[.type] as? FileAttributeType == .typeDirectory {
                    try files.createDirectory(atPath: to, withIntermediateDirectories: true)
                } else {
                    try Data(contentsOf: URL(fileURLWithPath: from)).write(to: URL(fileURLWithPath: to))
                }
            }
            // Times last: writing a file into a folder would move the folder's.
            for relative in try files.subpathsOfDirectory(atPath: source) {
                let time = try files.attributesOfItem(atPath: joinPath(source, relative))[.modificationDate]
                try files.setAttributes([.modificationDate: time as Any], ofItemAtPath: joinPath(destination, relative))
            }
        }

        static func file(of key: RecordKey, in zone: Zone) throws -> [UInt8] {
            Array(try Data(contentsOf: URL(fileURLWithPath: zone.layout!.path(of: key))))
        }

        static func edit(_ key: RecordKey, in zone: Zone, _ change: (String) -> String) throws {
            let path = zone.layout!.path(of: key)
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let changed = change(text)
            #expect(changed != text, "the edit of \(key) changed nothing")
            try changed.write(toFile: path, atomically: true, encoding: .utf8)
        }

        /// Puts the records folder back as it was before anyone merged it.
        func restoreRecords() throws {
            try FileManager.default.removeItem(atPath: records)
            try Household.copy(snapshot, to: records)
        }

        func recordFiles() -> [String: [UInt8]] {
            world.files().filter { $0.key.contains("/records/") }
        }
    }

    @Test func aFirstSyncComesOutAsAPassThatReadsEverythingFirst() throws {
        let home = try Household()
        var readFirst = SyncPass(context: home.ben.context, mode: .sweep)
        readFirst.savesOnRead = false
        let before = try readFirst.run().report
        let folderBefore = home.recordFiles()
        try home.restoreRecords()
        let joined = try home.anaDevice.join(code: home.code, folder: home.world.shared)
        let ana = joined.zone
        let saved = try #require(joined.report)

        // The replicas hold the same records, in the same states.
        let keys = try home.ben.replica.keys()
        #expect(try ana.replica.keys() == keys)
        #expect(keys.count == 47)
        for key in keys { #expect(try ana.replica.stored(key) == home.ben.replica.stored(key), "\(key)") }
        #expect(try ana.replica.stored(home.unknownWriter) == Replica.Stored.none, "the stranger's record waits")

        // The summary index lists what the records say.
        for type in ["item", "recipe"] {
            let listed = try #require(try ana.replica.summaries(ofType: type)).sorted { $0.key < $1.key }
            let expected = try ana.replica.keys(ofType: type).compactMap { try ana.replica.load($0) }.map(RecordSummary.init)
            #expect(listed == expected.sorted { $0.key < $1.key })
            #expect(listed == (try #require(try home.ben.replica.summaries(ofType: type))).sorted { $0.key < $1.key })
        }

        // The same report. A conflict copy read before its record's file is one merge, after
        // it two, and the changes reported for that record differ as much.
        #expect(abs(saved.recordsMerged - before.recordsMerged) <= 1)
        #expect(saved.handEdits == 1 && before.handEdits == 1)
        #expect(Set(saved.problems) == Set(before.problems))
        #expect(saved.problems.contains { $0.kind == .unknownWriter })
        let conflicted = home.conflicted
        #expect(
            Set(saved.changes.filter { $0.key != conflicted }.map(\.json))
                == Set(before.changes.filter { $0.key != conflicted }.map(\.json)))
        #expect(saved.changes.contains { $0.key == conflicted } && before.changes.contains { $0.key == conflicted })
        #expect(saved.copiesRemoved == 1 && before.copiesRemoved == 1)
        #expect(joined.records == 46, "48 records: one waits, one is deleted")
        #expect(try ana.replica.loadSyncState().farFuture == home.ben.replica.loadSyncState().farFuture)
        #expect(try ana.replica.loadSyncState().farFuture.contains { $0.record == home.ahead.description })

        // The folders differ only there.
        let compactPath = "records/" + ZoneLayout.relativePath(of: home.compact)
        let folderAfter = home.recordFiles()
        #expect(Set(folderAfter.keys) == Set(folderBefore.keys))
        for (path, bytes) in folderAfter where !path.hasSuffix(compactPath) { #expect(bytes == folderBefore[path], "\(path)") }
        // Read first, it is written out canonically; saved as read, it is left as it is.
        let compactState = try #require(try ana.replica.load(home.compact))
        #expect(folderBefore.first { $0.key.hasSuffix(compactPath) }?.value == RecordFile.encode(compactState))
        let compactFile = try Household.file(of: home.compact, in: ana)
        #expect(compactFile.first(where: { $0 == 0x0A }) == nil, "still one line")
        #expect(try ana.replica.bytes(of: home.compact) == compactFile, "saved with the bytes it was read with")
        #expect(try ana.replica.bytes(of: home.large) == RecordFile.encode(try #require(try ana.replica.load(home.large))))
        for key in keys where key != home.compact {
            #expect(try ana.replica.bytes(of: key) == Household.file(of: key, in: ana), "\(key)")
        }
    }

    @Test func aTypeFirstSeenInALaterSweepIsSavedAsReadToo() throws {
        let home = try Household()
        try home.ben.sync()  // Ben now holds items and recipes
        let sarah = home.sarah
        let chore = try sarah.put(type: "chore", fields: ["name": "Bins", "every": "week"])
        let report = try home.ben.sync()
        #expect(report.recordsMerged == 1)
        #expect(try home.ben.replica.bytes(of: chore) == Household.file(of: chore, in: sarah))
        let listed = try #require(try home.ben.replica.summaries(ofType: "chore"))
        #expect(listed.map(\.key) == [chore])
    }

    @Test func aSweepDropsTheLogOfATypeTheReplicaHoldsNoneOf() throws {
        let home = try Household()
        let replica = home.ben.replica
        // What a pass cut short after starting the log of its first item leaves behind.
        let index = replica.summaryIndex
        try FileManager.default.createDirectory(atPath: index.directory, withIntermediateDirectories: true)
        try Data(SummaryIndex.header(type: "item", base: 0)).write(to: URL(fileURLWithPath: index.path(of: "item")))
        replica.removeSummaries(besides: ["recipe"])
        #expect(!FileManager.default.fileExists(atPath: index.path(of: "item")))
    }
}
