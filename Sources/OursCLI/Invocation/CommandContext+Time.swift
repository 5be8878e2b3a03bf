import Foundation

extension CommandContext {
    /// Time phrases for this run: the device's clock (with `OURS_CLOCK_OFFSET`) and the time
    /// zone `TZ` names, else the system's.
    var time: TimeText {
        let zone = environment["TZ"].flatMap { TimeZone(identifier: $0.hasPrefix(":") ? String($0.dropFirst()) : $0) }
        return TimeText(now: device.clock.nowMillis(), timeZone: zone ?? .current)
    }
}
