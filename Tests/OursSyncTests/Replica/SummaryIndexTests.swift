import Foundation
import Testing

@testable import OursSync

/// The replica's summary index answers listings without reading records; it must always agree
/// with the records themselves, whatever happened to it: a writer killed between its two
/// lines, a log from before a reboot or a format change, a line broken by hand, growth.
@Suite("Replica: the summary index")
struct SummaryIndexTests {
    let temp = TemporaryDirectory("summaries")
    let fileSystem = LocalFileSystem()

    var replica: Replica { Replica(fileSystem: fileSystem, directory: joinPath(temp.path, "replicas", "h1")) }
    var logPath: String { replica.summaryIndex.path(of: "item") }

    func item(_ id: String, _ fields: [String: JSONValue?], at millis: Int64 = 1_700_000_000_000) -> RecordState {
        var state = RecordState(key: try! RecordKey(type: "item", id: id))
        state.write(fields, at: Stamp(millis: millis, device: DeviceID("aaaaaaaa")!))
        return state
    }

    /// What the records say, read one by one: the answer the index must give.
    func truth() throws -> [RecordKey: RecordSummary] {
        var result: [RecordKey: RecordSummary] = [:]
        for key in try replica.keys(ofType: "item") {
            if let state = try replica.loadIfReadable(key) { result[key] = RecordSummary(state) }
        }
        return result
    }

    func indexed() throws -> [RecordKey: RecordSummary]? {
        try replica.summaries(ofType: "item").map { Dictionary(uniqueKeysWithValues: $0.map { ($0.key, $0) }) }
    }

    func log() throws -> String { String(decoding: try fileSystem.read(logPath, limit: 1 << 26), as: UTF8.self) }

    @Test func writersKeepABuiltLogUpToDateWithoutRebuildingIt() throws {
        try replica.save(item("a", ["name": "Milk", "list": "groceries", "checked": false]))
        #expect(try indexed() == (try truth()), "a type's first record starts its log")
        try replica.save(item("b", ["name": "Eggs", "list": "party", "checked": true]))
        let checked = try #require(try replica.load(item("a", [:]).key)).merging(
            item("a", ["checked": true], at: 1_700_000_000_001))
        try replica.save(batch: [(checked.key, RecordFile.encode(checked), true)])
        var deleted = item("c", ["name": "Bread"])
        try replica.save(deleted)
        deleted.delete(at: Stamp(millis: 1_700_000_000_005, device: DeviceID("aaaaaaaa")!))
        try replica.save(deleted)
        try replica.save(item("d", ["name": "Gone"]))
        try replica.remove(item("d", [:]).key)
        #expect(try indexed() == (try truth()))
        #expect(try indexed()?[item("a", [:]).key]?.values["checked"] == true)
        #expect(try indexed()?[deleted.key]?.isDeleted == true)
        #expect(try indexed()?[item("d", [:]).key] == nil)
        let lines = try log().split(separator: "\n")
        #expect(lines.count == 1 + 2 * 7, "the header, then two lines a write: appended, never rebuilt")
        #expect(lines.filter { $0.hasPrefix("?") }.count == 7)
    }

    @Test func writersLeaveATypeWithoutALogAloneOnceItHasRecords() throws {
        try replica.save(item("a", ["name": "Milk"]))
        try replica.dropSummaries()
        try replica.save(item("b", ["name": "Eggs"]))
        #expect(try indexed() == nil, "a log started now would miss \"a\": the next reader rebuilds it")
        #expect(try replica.rebuildSummaries(ofType: "item").count == 2)
        #expect(try indexed() == (try truth()))
    }

    @Test func aWriteCutShortBetweenItsTwoLinesIsReadFromTheFile() throws {
        try replica.save(item("a", ["name": "Milk", "list": "groceries"]))
        _ = try replica.rebuildSummaries(ofType: "item")
        // A writer killed after the record was replaced, before its summary line.
        let changed = item("a", ["list": "party"], at: 1_700_000_000_009).merging(try replica.load(item("a", [:]).key)!)
        try fileSystem.append(logPath, Array("?a\n".utf8))
        try fileSystem.writeAtomically(replica.path(of: changed.key), RecordFile.encode(changed), durability: .deferred)
        #expect(try indexed()?[changed.key]?.values["list"] == "party")
        #expect(try replica.summaryCount(ofType: "item", includingDeleted: true) == 1)
        // And a half-appended last line is left out until it is whole.
        try fileSystem.append(logPath, Array("=a\t0\t\"Milk\"\t\"gro".utf8))
        #expect(try indexed()?[changed.key]?.values["list"] == "party")
    }

    @Test func aLogFromAnotherBootOrFormatOrBrokenByHandIsNotTrusted() throws {
        try replica.save(item("a", ["name": "Milk", "list": "groceries"]))
        _ = try replica.rebuildSummaries(ofType: "item")
        let good = try log()
        for header in [
            good.replacingOccurrences(of: "\"boot\":\"", with: "\"boot\":\"x"),
            good.replacingOccurrences(of: "\"summaries\":1", with: "\"summaries\":2"),
            good.replacingOccurrences(of: "\"checked\"]", with: "\"checked\",\"qty\"]"),
            good.replacingOccurrences(of: "\"base\":", with: "\"base\":9"),
            "not json\n" + good,
            "",
        ] where header != good {
            try fileSystem.writeAtomically(logPath, Array(header.utf8), durability: .deferred)
            #expect(try indexed() == nil, "\(header.prefix(80))")
        }
        // A summary line garbled by hand: the record's file decides.
        let garbled = good.replacingOccurrences(of: "\"groceries\"", with: "\"grocerie\\\"")  // same length, not JSON
        try fileSystem.writeAtomically(logPath, Array(garbled.utf8), durability: .deferred)
        #expect(try indexed() == (try truth()))
    }

    @Test func groupsAndKeysComeStraightFromTheLogAndAgreeWithTheRecords() throws {
        var random = SplitMix64(seed: 12)
        let lists: [JSONValue?] = ["groceries", "party", "tab\there", "é-list", nil]
        for round in 0..<3 {
            var batch: [RecordState] = []
            for index in 0..<300 {
                var fields: [String: JSONValue?] = ["list": random.pick(lists), "checked": .bool(random.chance(0.5))]
                if random.chance(0.9) { fields["name"] = .string("thing \(index)") } else { fields["qty"] = "2" }
                var state = item("i\(index)", fields, at: 1_700_000_000_000 + Int64(round))
                if let before = try replica.load(state.key) { state = before.merging(state) }
                if random.chance(0.1) {
                    state.delete(at: Stamp(millis: 1_700_000_000_100 + Int64(round), device: DeviceID("aaaaaaaa")!))
                }
                batch.append(state)
            }
            try replica.save(batch: batch.map { ($0.key, RecordFile.encode($0), round > 0) })
            if round == 0 { _ = try replica.rebuildSummaries(ofType: "item") }
        }
        let truth = try truth().values.filter { !$0.isDeleted }
        let groups = try #require(try replica.summaryGroups(ofType: "item", by: ["list", "checked"], requiring: "name"))
        var expected: [[JSONValue?]: Int] = [:]
        for summary in truth where summary.values["name"] != nil {
            expected[[summary.values["list"], summary.values["checked"]], default: 0] += 1
        }
        #expect(groups.counts == expected)
        #expect(Set(groups.unsettled) == Set(truth.filter { $0.values["name"] == nil }.map(\.key)))
        for list in lists {
            let keys = try #require(try replica.summaryKeys(ofType: "item", where: "list", isAnyOf: [list], orLacking: "name"))
            let wanted = truth.filter { $0.values["name"] == nil || $0.values["list"] == list }.map(\.key)
            #expect(Set(keys).isSuperset(of: wanted), "\(String(describing: list))")
            #expect(keys.allSatisfy { key in truth.contains { $0.key == key } }, "only live records")
        }
        let some = Array(lists.prefix(2))
        let keys = try #require(try replica.summaryKeys(ofType: "item", where: "list", isAnyOf: some, orLacking: "name"))
        let wanted = truth.filter { $0.values["name"] == nil || some.contains($0.values["list"]) }.map(\.key)
        #expect(Set(keys).isSuperset(of: wanted) && Set(keys).count == keys.count)
        #expect(
            keys.allSatisfy { key in truth.contains { $0.key == key && !($0.values["name"] != nil && $0.values["list"] == nil) }
            },
            "not a named item on no list")
    }

    @Test func aLogMostlySupersededIsCompactedByItsWriter() throws {
        let states = (0..<2_000).map { item("item-with-a-long-id-\($0)", ["name": .string("thing \($0)"), "list": "groceries"]) }
        try replica.save(batch: states.map { ($0.key, RecordFile.encode($0), false) })
        _ = try replica.rebuildSummaries(ofType: "item")
        let built = try fileSystem.stat(logPath)!.size
        var sizes: [Int64] = []
        for round in 1...20 {
            let changed = states.map {
                $0.merging(item($0.key.id, ["checked": .bool(round % 2 == 0)], at: 1_700_000_000_000 + Int64(round)))
            }
            try replica.save(batch: changed.map { ($0.key, RecordFile.encode($0), true) })
            sizes.append(try fileSystem.stat(logPath)!.size)
        }
        let appended = sizes[1] - sizes[0]
        #expect(built + 20 * appended > 3 << 20, "without compaction it would pass 3 MiB")
        #expect(zip(sizes, sizes.dropFirst()).contains { $1 < $0 }, "compacted: \(sizes)")
        #expect(sizes.max()! < 2 << 20, "\(sizes)")
        #expect(try indexed() == (try truth()))
    }

    @Test func aFirstSyncsAppendedLinesBecomeTheBase() throws {
        let states = (0..<500).map { item("i\($0)", ["name": .string("thing \($0)"), "list": "groceries"]) }
        try replica.save(batch: states.map { ($0.key, RecordFile.encode($0), false) })
        let before = try #require(SummaryLog(try fileSystem.read(logPath, limit: 1 << 26), type: "item"))
        #expect(before.base.isEmpty && before.tail.count == 500)
        replica.compactSummaries(["item"])
        let after = try #require(SummaryLog(try fileSystem.read(logPath, limit: 1 << 26), type: "item"))
        #expect(after.tail.isEmpty && after.base.count > 0)
        #expect(try indexed() == (try truth()))
    }

    @Test func doctorsDropLetsTheNextReaderRebuild() throws {
        try replica.save(item("a", ["name": "Milk"]))
        _ = try replica.rebuildSummaries(ofType: "item")
        try replica.dropSummaries()
        #expect(try indexed() == nil)
        #expect(try fileSystem.stat(logPath) == nil)
    }
}
