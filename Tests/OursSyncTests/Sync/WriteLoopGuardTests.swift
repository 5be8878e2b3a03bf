import Testing

@testable import OursSync

/// A device that finds itself putting the same bytes over the same bytes again and again stops,
/// and tries again later; anything new on either side lets it write at once.
@Suite("Write loops: stopped, reported, tried again later")
struct WriteLoopGuardTests {
    let ours = Array("ours".utf8)
    let theirs = Array("theirs".utf8)
    let path = "home/participants.json"

    @Test func theSameExchangeRepeatedStopsAfterTwoRoundsAndIsTriedAgainLater() {
        var loops = WriteLoopGuard()
        func replace(found: [UInt8], writing: [UInt8], now: Int64) -> Bool {
            loops.mayReplace(path, found: found, writing: writing, now: now)
        }
        var now: Int64 = 1_000
        #expect(replace(found: theirs, writing: ours, now: now))
        #expect(replace(found: theirs, writing: ours, now: now), "once put back is no loop yet")
        #expect(!replace(found: theirs, writing: ours, now: now), "the third time it stops")
        now += WriteLoopGuard.firstPause - 1
        #expect(!replace(found: theirs, writing: ours, now: now))
        now += 1
        #expect(replace(found: theirs, writing: ours, now: now), "tried again after the pause")
        #expect(!replace(found: theirs, writing: ours, now: now), "the exchange resumed: stopped at once")
        now += WriteLoopGuard.firstPause
        #expect(!replace(found: theirs, writing: ours, now: now), "for twice as long")
        now += WriteLoopGuard.firstPause
        #expect(replace(found: theirs, writing: ours, now: now))
    }

    @Test func anythingNewOnEitherSideWritesAtOnce() {
        var loops = WriteLoopGuard()
        func replace(_ at: String? = nil, found: [UInt8], writing: [UInt8], now: Int64) -> Bool {
            loops.mayReplace(at ?? path, found: found, writing: writing, now: now)
        }
        for _ in 0..<3 { _ = loops.mayReplace(path, found: theirs, writing: ours, now: 0) }
        #expect(!replace(found: theirs, writing: ours, now: 0))
        #expect(replace(found: Array("theirs, changed".utf8), writing: ours, now: 0), "their side changed")
        for _ in 0..<3 { _ = loops.mayReplace(path, found: theirs, writing: ours, now: 0) }
        #expect(replace(found: theirs, writing: Array("ours, changed".utf8), now: 0), "our side changed")
        for _ in 0..<3 { _ = loops.mayReplace(path, found: theirs, writing: ours, now: 0) }
        loops.settled(path, now: WriteLoopGuard.settleDelay)
        #expect(replace(found: theirs, writing: ours, now: 0), "the file held ours meanwhile")
        #expect(replace("home/zone.json", found: theirs, writing: ours, now: 0), "each file on its own")
    }

    /// A pass woken the moment after this device wrote sees its own bytes, before the other
    /// side puts its version back: that glimpse does not end the exchange.
    @Test func aGlimpseOfItsOwnBytesBetweenRoundsIsNoSettlement() {
        var loops = WriteLoopGuard()
        var now: Int64 = 1_000
        func replace() -> Bool { loops.mayReplace(path, found: theirs, writing: ours, now: now) }
        #expect(replace())
        now += 30
        loops.settled(path, now: now)
        #expect(replace())
        now += 30
        loops.settled(path, now: now)
        #expect(!replace(), "still the third round")
        now += WriteLoopGuard.settleDelay - 1
        loops.settled(path, now: now)
        #expect(loops.exchanges[path] == nil, "stopped, and the file holds ours: the other side yielded")
        var running = WriteLoopGuard()
        _ = running.mayReplace(path, found: theirs, writing: ours, now: 0)
        running.settled(path, now: WriteLoopGuard.settleDelay - 1)
        #expect(running.exchanges[path] != nil)
        running.settled(path, now: WriteLoopGuard.settleDelay)
        #expect(running.exchanges[path] == nil, "held ours for the whole delay: over")
    }

    @Test func whatItLearntIsKeptBetweenCommands() throws {
        var loops = WriteLoopGuard()
        for _ in 0..<3 { _ = loops.mayReplace(path, found: theirs, writing: ours, now: 5_000) }
        let reader = try JSONObjectReader(stateFileBytes(loops.document), path: "write-loops.json")
        var again = WriteLoopGuard(reading: reader)
        #expect(again.exchanges == loops.exchanges)
        let allowed = again.mayReplace(path, found: theirs, writing: ours, now: 5_000)
        #expect(!allowed)
    }
}
