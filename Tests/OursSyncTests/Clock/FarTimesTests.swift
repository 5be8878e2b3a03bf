import Foundation
import Testing

@testable import OursSync

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Times read from outside — a file's times, the system clock, an offset — are clamped to what
/// the engine can hold, never trapped on.
@Suite struct FarTimesTests {
    @Test(
        arguments: [
            (Int64(0), Int64(0), Int64(0)),
            (1_795_342_500, 123_000_000, 1_795_342_500_123_000_000),
            (-1, 999_999_999, -1),
            (9_223_372_036, 854_775_807, Int64.max),
            (9_223_372_037, 0, Int64.max),  // 2262-04-11: the first second past the end
            (10_413_792_000, 0, Int64.max),  // 2300-01-01
            (253_402_300_800, 0, Int64.max),  // 10000-01-01
            (-9_223_372_037, 0, Int64.min),
            (Int64.max, 999_999_999, Int64.max),
            (Int64.min, 0, Int64.min),
        ] as [(Int64, Int64, Int64)])
    func fileTimesAreClampedToSixtyFourBitsOfNanoseconds(seconds: Int64, nanos: Int64, expected: Int64) {
        #expect(LocalFileSystem.nanoseconds(seconds: seconds, nanoseconds: nanos) == expected)
    }

    @Test func aFileDatedPastTheYear2262IsStatedNotTrappedOn() throws {
        let directory = TemporaryDirectory("far-times")
        let path = joinPath(directory.path, "milk.json")
        #expect(FileManager.default.createFile(atPath: path, contents: Data("{}".utf8)))
        var times = [timespec(tv_sec: 10_413_792_000, tv_nsec: 0), timespec(tv_sec: 10_413_792_000, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        let fileSystem = LocalFileSystem()
        let stat = try #require(try fileSystem.stat(path))
        #expect(stat.modifiedNanos == Int64.max)
        #expect(stat.modifiedMillis > 9_000_000_000_000)
        let listed = fileSystem.stat(["milk.json"], in: directory.path)
        #expect((try? listed.first?.get())??.modifiedNanos == Int64.max)
    }

    @Test(
        arguments: [
            (Int64(1_795_342_500), Int64(123_456_789), Int64(0), Int64(1_795_342_500_123)),
            (1_795_342_500, 0, -1_795_342_500_001, 0),  // before 1970: 1970
            (1_795_342_500, 0, Int64.max, HybridLogicalClock.latestMillis),
            (1_795_342_500, 0, Int64.min, 0),
            (253_402_300_800, 0, 0, HybridLogicalClock.latestMillis),  // a clock in the year 10000
            (Int64.max, 999_999_999, Int64.max, HybridLogicalClock.latestMillis),
            (Int64.min, 0, Int64.min, 0),
        ] as [(Int64, Int64, Int64, Int64)])
    func clockReadingsAreClampedToWhatAStampCanName(seconds: Int64, nanos: Int64, offset: Int64, expected: Int64) {
        #expect(SystemWallClock.reading(seconds: seconds, nanoseconds: nanos, offset: offset) == expected)
    }

    @Test func theSystemClockShiftedToEitherEndStillReads() {
        #expect(SystemWallClock(offsetMillis: .max).nowMillis() == HybridLogicalClock.latestMillis)
        #expect(SystemWallClock(offsetMillis: .min).nowMillis() == 0)
        let now = SystemWallClock().nowMillis()
        #expect(now > 1_700_000_000_000 && now < HybridLogicalClock.latestMillis)
    }

    @Test(arguments: [Int64.min, Int64.min + 1, -(Int64(1) << 62) - 1, Int64.max, Int64.max - 1])
    func anyMillisecondCountFormatsWithoutTrapping(_ millis: Int64) {
        let text = UTCTime.iso8601(millis: millis)
        #expect(text.hasSuffix("Z"), "\(text)")
        let stamp = Stamp(millis: millis, device: DeviceID("k3j9x2qf")!)
        #expect(stamp.description.utf8.count == Stamp.textLength)
    }

    @Test(arguments: [
        (Int64.min, Int64(1000), Int64(-9_223_372_036_854_776)), (Int64.min + 1, 86_400_000, -106_751_991_168),
        (-1, 1000, -1), (-1000, 1000, -1), (-1001, 1000, -2), (0, 7, 0), (Int64.max, 86_400_000, 106_751_991_167),
    ])
    func floorDivisionRoundsDownForEveryDividend(_ a: Int64, _ b: Int64, _ expected: Int64) {
        #expect(UTCTime.floorDiv(a, b) == expected)
    }
}
