/// A hybrid logical clock (Kulkarni et al., "Logical Physical Clocks", 2014): stamps follow
/// wall time when it moves forward, never go backward, and are always later than every stamp
/// this device has seen, so a write made after reading another wins over it.
///
/// A value type: the device keeps it in its state directory and saves it after use, so it is
/// monotonic across restarts and across processes that take turns under the device lock.
package struct HybridLogicalClock: Sendable, Equatable {
    /// How far ahead of this device's wall clock a received stamp may be and still move the
    /// clock forward. Stamps further ahead come from a device with a wrong clock: they are
    /// merged, reported, but never absorbed, so one bad clock cannot drag every device forward.
    package static let maximumDriftMillis: Int64 = 5 * 60 * 1000

    package let device: DeviceID
    package private(set) var millis: Int64
    package private(set) var counter: UInt16

    package init(device: DeviceID, millis: Int64 = 0, counter: UInt16 = 0) {
        self.device = device
        self.millis = millis
        self.counter = counter
    }

    /// The last stamp issued (or absorbed).
    package var last: Stamp { Stamp(millis: millis, counter: counter, device: device) }

    /// The last instant a stamp can name: its year has four digits.
    package static let latestMillis: Int64 = 253_402_300_799_999  // 9999-12-31T23:59:59.999Z

    /// How many of the stamps of the last instant ordinary writes leave unused: a device whose
    /// clock reached the end still has these to hand its writes over to a new id with
    /// (`Device.handoverStamp`), one per household.
    package static let reservedForHandover: UInt16 = 1024

    /// A new stamp, later than every stamp issued or absorbed before; `nil`, leaving the clock
    /// as it was, when the clock stands at the last instant a stamp can name with every counter
    /// but the `reserve` last ones used: no stamp is made past the last one there can be, which
    /// would be written with a five-digit year no device can read back.
    package mutating func tick(now: Int64, reserve: UInt16 = 0) -> Stamp? {
        let now = min(now, HybridLogicalClock.latestMillis)
        if now > millis {
            millis = now
            counter = 0
        } else if millis >= HybridLogicalClock.latestMillis {
            guard counter < UInt16.max - reserve else { return nil }
            counter += 1
        } else if counter == UInt16.max {
            millis += 1
            counter = 0
        } else {
            counter += 1
        }
        return last
    }

    /// Moves the clock up to a stamp received from elsewhere.
    /// - Returns: `false` when the stamp is too far ahead of `now` to be absorbed.
    @discardableResult
    package mutating func receive(_ stamp: Stamp, now: Int64) -> Bool {
        if stamp.millis > now + HybridLogicalClock.maximumDriftMillis { return false }
        if (stamp.millis, stamp.counter) > (millis, counter) {
            millis = stamp.millis
            counter = stamp.counter
        }
        return true
    }

    /// How far this clock runs ahead of the wall clock, in milliseconds (0 when behind).
    package func lead(now: Int64) -> Int64 { max(0, millis - now) }
}
