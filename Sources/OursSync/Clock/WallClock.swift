#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the engine reads the time: the system clock in production, a clock the test
/// controls in tests.
public protocol WallClock: Sendable {
    /// Milliseconds since 1970-01-01 UTC.
    func nowMillis() -> Int64
}

/// The system's real-time clock, optionally shifted to simulate a device whose clock is wrong.
public struct SystemWallClock: WallClock {
    /// Milliseconds added to every reading: positive runs ahead, negative behind, 0 is the
    /// system's time.
    public var offsetMillis: Int64

    /// The system clock shifted by `offsetMillis` milliseconds.
    public init(offsetMillis: Int64 = 0) { self.offsetMillis = offsetMillis }

    /// The system's real time plus `offsetMillis`, in milliseconds since 1970-01-01 UTC,
    /// clamped to 1970 through the end of the year 9999.
    public func nowMillis() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return SystemWallClock.reading(seconds: Int64(spec.tv_sec), nanoseconds: Int64(spec.tv_nsec), offset: offsetMillis)
    }

    /// A reading in milliseconds, clamped to the instants a stamp can name (1970 to the end of
    /// the year 9999): a clock set far off, or shifted by a huge offset, must not trap, and no
    /// arithmetic on two readings may overflow.
    static func reading(seconds: Int64, nanoseconds: Int64, offset: Int64) -> Int64 {
        let (millis, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        var value = overflow ? (seconds < 0 ? Int64.min : .max) : millis
        for addend in [nanoseconds / 1_000_000, offset] {
            let (sum, carried) = value.addingReportingOverflow(addend)
            value = carried ? (addend < 0 ? Int64.min : .max) : sum
        }
        return min(max(value, 0), HybridLogicalClock.latestMillis)
    }
}

/// A clock that only moves when told to.
public final class ManualWallClock: WallClock, @unchecked Sendable {
    private let lock = Lock()
    private var millis: Int64

    /// A clock that reads `millis` (milliseconds since 1970-01-01 UTC) until it is moved.
    public init(millis: Int64) { self.millis = millis }

    /// The time it was last set or moved to, in milliseconds since 1970-01-01 UTC.
    public func nowMillis() -> Int64 { lock.withLock { millis } }

    /// Moves the clock by `delta` milliseconds; a negative `delta` moves it back.
    public func advance(by delta: Int64) { lock.withLock { millis += delta } }

    /// Sets the clock to `value` milliseconds since 1970-01-01 UTC, earlier or later.
    public func set(_ value: Int64) { lock.withLock { millis = value } }
}
