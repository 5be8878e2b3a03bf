import Testing

@testable import OursSync

/// Issue 32, case 5: `sync-state.json` stays small enough to read back whatever a pass meets.
/// It keeps 200 problems — as many of each kind as fit — and counts the rest by kind and
/// folder; a quick pass carries what it could not see again, counts included.
@Suite("sync-state.json within its limits")
struct SyncStateLimitTests {
    static func problems(_ kind: Problem.Kind, _ count: Int, in folder: String = "home/records/item/ab") -> [Problem] {
        (0..<count).map { Problem(kind, path: "\(folder)/f\($0).json", "problem \($0)") }
    }

    @Test func aSampleKeepsEveryKindAndTheOrderFound() {
        let all = Self.problems(.brokenFile, 5_000) + Self.problems(.writeFailed, 3) + Self.problems(.ignoredChange, 400)
        let (kept, rest) = Problem.sample(all, limit: 200)
        #expect(kept.count == 200 && rest.count == all.count - 200)
        #expect(kept.filter { $0.kind == .writeFailed }.count == 3, "a kind with few problems keeps them all")
        #expect(kept.filter { $0.kind == .brokenFile }.count == 99 && kept.filter { $0.kind == .ignoredChange }.count == 98)
        #expect(kept == all.filter { Set(kept).contains($0) }, "in the order found")
        #expect(Problem.sample(Array(all.prefix(10)), limit: 200).kept.count == 10)
    }

    @Test func twentyThousandProblemsAreCountedAndTheFileReadsBack() throws {
        var state = SyncState()
        let all = Self.problems(.brokenFile, 19_000) + Self.problems(.unknownWriter, 1_000, in: "home/records/list/cd")
        state.keep(all, carrying: [])
        #expect(state.problems.count == SyncState.keptProblems)
        #expect(state.moreProblems.map(\.count).reduce(0, +) == all.count - 200)
        #expect(state.moreProblemsByKind == [.brokenFile: 18_900, .unknownWriter: 900])
        #expect(Set(state.moreProblems.compactMap(\.folder)) == ["home/records/item/ab", "home/records/list/cd"])
        let bytes = state.encoded()
        #expect(bytes.count < 64 * 1024)
        let read = SyncState(reading: try JSONObjectReader(bytes, path: SyncState.fileName))
        #expect(read.problems == state.problems && read.moreProblems == state.moreProblems)
    }

    /// Problems with long messages: the lists are halved until the file fits in 1 MiB, and
    /// every problem is still either kept or counted.
    @Test func whateverItKeepsTheFileStaysWithinItsLimit() throws {
        var state = SyncState()
        let long = String(repeating: "m", count: 40_000)
        state.keep((0..<300).map { Problem(.ignoredChange, path: "home/records/item/ab/\($0).json", long) }, carrying: [])
        state.farFuture = (0..<200).map {
            SyncState.FarFutureStamp(record: "item/\($0)", field: long, stamp: Stamp(millis: 1, device: DeviceID("aaaaaaaa")!))
        }
        let bytes = state.encoded()
        #expect(bytes.count <= SyncState.maximumSize)
        let read = SyncState(reading: try JSONObjectReader(bytes, path: SyncState.fileName))
        #expect(read.problems.count + read.moreProblems.map(\.count).reduce(0, +) == 300)
        #expect(read.farFuture.count + read.moreFarFuture == 200)
        #expect(!read.problems.isEmpty, "what fits is still kept one by one")
    }

    @Test func tooManyFoldersAreCountedByKindAlone() {
        let all = (0..<(SyncState.countedPlaces + 500)).flatMap { Self.problems(.brokenFile, 1, in: "home/records/t\($0)/ab") }
        let counts = SyncState.counting(all, adding: [])
        #expect(counts.filter { $0.folder != nil }.count == SyncState.countedPlaces)
        #expect(counts.first { $0.folder == nil }?.count == 500)
        #expect(counts.map(\.count).reduce(0, +) == all.count)
    }

    /// A quick pass lists only folders whose stat moved: what the last pass kept and counted
    /// of the others stands, and a folder it lists is counted afresh.
    @Test func aQuickPassCarriesTheCountsOfFoldersItDidNotList() throws {
        let world = FaultWorld()
        try world.create()
        let records = try #require(world.zone).appending("/records/item")
        for (folder, count) in [("ab", 450), ("cd", 3)] {
            try world.disk.createDirectory(records + "/" + folder)
            for number in 0..<count { try world.disk.writeInPlace("\(records)/\(folder)/b\(number).json", Array("{".utf8)) }
        }
        let sarah = world.sarah!
        let sweep = try SyncPass(context: sarah.context, mode: .sweep).run()
        func total() throws -> Int {
            let state = try sarah.replica.loadSyncState()
            return state.problems.count + state.moreProblems.map(\.count).reduce(0, +)
        }
        #expect(try total() == 453)
        var quick = SyncPass(context: sarah.context, mode: .quick)
        quick.index = sweep.index
        let unchanged = try quick.run()
        #expect(try total() == 453, "nothing listed, everything stands")
        world.tick()  // a folder's time moves with the clock
        try world.disk.writeInPlace(records + "/cd/b3.json", Array("{".utf8))
        quick.index = unchanged.index
        let added = try quick.run()
        #expect(try total() == 454)
        world.tick()
        for number in 0..<450 { try world.disk.remove("\(records)/ab/b\(number).json") }
        quick.index = added.index
        _ = try quick.run()
        #expect(try total() == 4, "a folder listed again is counted afresh")
    }
}
