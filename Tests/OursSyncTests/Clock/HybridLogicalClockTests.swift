import Testing

@testable import OursSync

/// The clock is what makes "a write made after reading another wins over it" true, so it must
/// never repeat or go back, whatever the wall clock does, and must not be dragged forward by
/// one device with a wrong clock.
@Suite struct HybridLogicalClockTests {
    static let me = DeviceID("mmmmmmmm")!
    static let other = DeviceID("0ther000")!
    let t0 = Fixture.t0

    @Test func followsTheWallClockWhenItMovesForward() {
        var clock = HybridLogicalClock(device: Self.me)
        let first = clock.tick(now: t0)!
        let second = clock.tick(now: t0 + 5)!
        #expect(first == Stamp(millis: t0, counter: 0, device: Self.me))
        #expect(second == Stamp(millis: t0 + 5, counter: 0, device: Self.me))
        #expect(clock.last == Stamp(millis: t0 + 5, counter: 0, device: Self.me))
    }

    @Test func countsWhenTheWallClockStandsStill() {
        var clock = HybridLogicalClock(device: Self.me)
        let stamps = (0..<4).map { _ in clock.tick(now: t0)! }
        #expect(stamps.map(\.counter) == [0, 1, 2, 3])
        #expect(stamps.allSatisfy { $0.millis == t0 })
    }

    @Test func neverGoesBackWhenTheWallClockDoes() {
        var clock = HybridLogicalClock(device: Self.me)
        let a = clock.tick(now: t0)!
        let b = clock.tick(now: t0 - Fixture.day)!
        let c = clock.tick(now: t0 - 1)!
        #expect(a < b && b < c)
        #expect(c == Stamp(millis: t0, counter: 2, device: Self.me))
        let d = clock.tick(now: t0 + 1)!
        #expect(d == Stamp(millis: t0 + 1, counter: 0, device: Self.me))
    }

    @Test func counterOverflowAdvancesMillis() {
        var clock = HybridLogicalClock(device: Self.me, millis: t0, counter: .max)
        let first = clock.tick(now: t0)!
        let second = clock.tick(now: t0)!
        #expect(first == Stamp(millis: t0 + 1, counter: 0, device: Self.me))
        #expect(second == Stamp(millis: t0 + 1, counter: 1, device: Self.me))
        var behind = HybridLogicalClock(device: Self.me, millis: t0, counter: .max)
        let third = behind.tick(now: t0 - 500)!
        #expect(third == Stamp(millis: t0 + 1, counter: 0, device: Self.me))
    }

    /// Issue 32, case 6: a stamp past the last instant would be written with a five-digit
    /// year, which no device reads back. The clock refuses instead, and stays where it was.
    @Test func noStampIsMadePastTheLastInstant() {
        let end = HybridLogicalClock.latestMillis
        var clock = HybridLogicalClock(device: Self.me, millis: end, counter: .max - 1)
        let last = clock.tick(now: .max)
        #expect(last == Stamp(millis: end, counter: .max, device: Self.me))
        let spent = clock
        let refused = [clock.tick(now: end), clock.tick(now: end - 1)]
        #expect(refused == [nil, nil])
        #expect(clock == spent, "a refused tick leaves the clock as it was")
        let absorbed = clock.receive(Stamp(millis: end, counter: 3, device: Self.other), now: end)
        #expect(absorbed)
        #expect(clock == spent)
    }

    @Test func ordinaryStampsLeaveTheLastCountersForTheHandover() {
        let end = HybridLogicalClock.latestMillis
        let reserve = HybridLogicalClock.reservedForHandover
        var clock = HybridLogicalClock(device: Self.me, millis: end, counter: .max - reserve - 1)
        let ordinary = [clock.tick(now: end, reserve: reserve), clock.tick(now: end, reserve: reserve)]
        #expect(ordinary.map { $0?.counter } == [.max - reserve, nil])
        let handover = clock.tick(now: end)
        #expect(handover?.counter == .max - reserve + 1, "the handover may use what is kept back")
    }

    @Test(arguments: 0..<5)
    func stampsStrictlyIncreaseUnderAnyWallClock(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed))
        var clock = HybridLogicalClock(device: Self.me)
        var now = t0
        var previous = clock.last
        for _ in 0..<5_000 {
            switch rng.int(0...9) {
            case 0: now -= rng.int64(1...Fixture.day)  // clock set back
            case 1...3: break  // standing still
            default: now += rng.int64(0...50)
            }
            let stamp = clock.tick(now: now)!
            #expect(stamp > previous)
            #expect(stamp.millis >= now)
            #expect(stamp.device == Self.me)
            previous = stamp
        }
    }

    @Test func absorbsStampsWithinTheDrift() {
        var clock = HybridLogicalClock(device: Self.me)
        _ = clock.tick(now: t0)!
        let ahead = Stamp(millis: t0 + HybridLogicalClock.maximumDriftMillis, counter: 7, device: Self.other)
        let absorbed = clock.receive(ahead, now: t0)
        #expect(absorbed)
        #expect(clock.last == Stamp(millis: ahead.millis, counter: 7, device: Self.me))
        #expect(clock.lead(now: t0) == HybridLogicalClock.maximumDriftMillis)
        let next = clock.tick(now: t0)!
        #expect(next > ahead)
        #expect(next == Stamp(millis: ahead.millis, counter: 8, device: Self.me))
    }

    @Test(arguments: [Int64(1), 60_000, 86_400_000, 34_560_000_000])
    func refusesStampsFurtherAhead(beyond: Int64) {
        var clock = HybridLogicalClock(device: Self.me)
        _ = clock.tick(now: t0)!
        let before = clock
        let far = Stamp(millis: t0 + HybridLogicalClock.maximumDriftMillis + beyond, device: Self.other)
        let absorbed = clock.receive(far, now: t0)
        #expect(!absorbed)
        #expect(clock == before)
    }

    @Test func driftIsMeasuredFromTheWallClockNotFromTheHLC() {
        // A clock that already runs ahead must not widen the window for the next stamp.
        var clock = HybridLogicalClock(device: Self.me, millis: t0 + 200_000)
        let stamp = Stamp(millis: t0 + 400_000, device: Self.other)
        let absorbed = clock.receive(stamp, now: t0)
        #expect(!absorbed)
        #expect(clock.millis == t0 + 200_000)
    }

    @Test func olderStampsAreAcceptedWithoutMovingTheClock() {
        var clock = HybridLogicalClock(device: Self.me, millis: t0, counter: 3)
        let older = clock.receive(Stamp(millis: t0 - 10, counter: 99, device: Self.other), now: t0)
        let lowerCounter = clock.receive(Stamp(millis: t0, counter: 2, device: Self.other), now: t0)
        #expect(older && lowerCounter)
        #expect(clock.last == Stamp(millis: t0, counter: 3, device: Self.me))
    }

    @Test(arguments: ["00000000", "zzzzzzzz", "_zzzzzzz"])
    func tickAfterReceiveBeatsTheReceivedStampWhateverItsDevice(device: String) {
        var clock = HybridLogicalClock(device: Self.me, millis: t0, counter: 3)
        let received = Stamp(millis: t0, counter: 3, device: DeviceID(device)!)
        let absorbed = clock.receive(received, now: t0 - 1000)
        let next = clock.tick(now: t0 - 1000)!
        #expect(absorbed)
        #expect(next > received)
    }

    @Test(arguments: 0..<3)
    func tickBeatsEveryAbsorbedStamp(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed) + 100)
        var clock = HybridLogicalClock(device: Self.me)
        var now = t0
        var absorbed: [Stamp] = []
        for _ in 0..<2_000 {
            now += rng.int64(-20...40)
            if rng.chance(0.5) {
                let stamp = Stamp(
                    millis: now + rng.int64(-1_000...HybridLogicalClock.maximumDriftMillis), counter: UInt16(rng.int(0...0xFFFF)),
                    device: rng.deviceID())
                let accepted = clock.receive(stamp, now: now)
                #expect(accepted)
                absorbed.append(stamp)
            } else {
                let stamp = clock.tick(now: now)!
                #expect(absorbed.allSatisfy { $0 < stamp })
                absorbed.removeAll()
                absorbed.append(stamp)
            }
        }
    }

    @Test func leadIsZeroWhenBehind() {
        let clock = HybridLogicalClock(device: Self.me, millis: t0)
        #expect(clock.lead(now: t0 + 10) == 0)
        #expect(clock.lead(now: t0 - 10) == 10)
    }

    @Test func manualWallClockMovesOnlyWhenTold() {
        let wall = ManualWallClock(millis: t0)
        #expect(wall.nowMillis() == t0)
        wall.advance(by: 250)
        #expect(wall.nowMillis() == t0 + 250)
        wall.set(5)
        #expect(wall.nowMillis() == 5)
    }

    @Test func systemWallClockAppliesItsOffset() {
        let plain = SystemWallClock()
        let shifted = SystemWallClock(offsetMillis: Fixture.day)
        let before = plain.nowMillis()
        let ahead = shifted.nowMillis()
        let after = plain.nowMillis()
        #expect(ahead - Fixture.day >= before && ahead - Fixture.day <= after)
        #expect(before > 1_700_000_000_000, "the real clock reads after 2023")
    }
}
