import Testing

@testable import OursSync
@testable import OursTestSupport

/// The simulated sync tool must behave like the tools it models, or the simulator's storms are
/// its own.
@Suite("Simulation: the sync tool", .tags(.simulation))
struct SimSyncToolTests {
    static func tool(copies: Int) -> SimSyncTool {
        SimSyncTool(
            copies: (0..<copies).map { index in
                let clock = ManualWallClock(millis: 1_795_000_000_000)
                return SimCopy(
                    fileSystem: InMemoryFileSystem(clock: clock), clock: clock, person: "Mike", shortID: "ABCDEF\(index)")
            })
    }

    /// Two copies that each keep the losing side of conflicts on one file, the same day, under
    /// the same person's name (two devices of one person): no name is used on both, so no copy
    /// of a copy (`x 2 2.json`) can follow.
    @Test func conflictCopiesNeverShareANameAcrossCopies() {
        let tool = Self.tool(copies: 2)
        var random = SplitMix64(seed: 7)
        for round in 0..<30 {
            for copy in 0..<2 {
                tool.writeConflictCopy(copy, "home/records/item/ab/milk.json", Array("v\(round)-\(copy)".utf8), mtime: 1, &random)
            }
        }
        let names = (0..<2).map { copy in Set(tool.copies[copy].fileSystem.files(under: SimSyncTool.root).keys) }
        #expect(names[0].count == 30)
        #expect(names[1].count == 30)
        #expect(names[0].isDisjoint(with: names[1]), "shared: \(names[0].intersection(names[1]).sorted())")
        #expect(tool.stats.conflictCopies == 60)
    }
}
