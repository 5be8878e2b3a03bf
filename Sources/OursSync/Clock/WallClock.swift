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
    public var offsetMillis: Int64

    public init(offsetMillis: Int64 = 0) { self.offsetMillis = offsetMillis }

    public func nowMillis() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Int64(spec.tv_sec) * 1000 + Int64(spec.tv_nsec) / 1_000_000 + offsetMillis
    }
}

/// A clock that only moves when told to.
public final class ManualWallClock: WallClock, @unchecked Sendable {
    private let lock = Lock()
    private var millis: Int64

    public init(millis: Int64) { self.millis = millis }

    public func nowMillis() -> Int64 { lock.withLock { millis } }

    public func advance(by delta: Int64) { lock.withLock { millis += delta } }

    public func set(_ value: Int64) { lock.withLock { millis = value } }
}
