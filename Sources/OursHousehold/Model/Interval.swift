/// How often a chore comes round, stored as text such as `7d` or `12h`.
public struct Interval: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The length in milliseconds; always more than zero.
    public let milliseconds: Int64

    /// - Precondition: `milliseconds` is more than zero.
    public init(milliseconds: Int64) {
        precondition(milliseconds > 0, "an interval is longer than zero")
        self.milliseconds = milliseconds
    }

    private static let units: [(String, Int64)] = [
        ("w", 604_800_000), ("d", 86_400_000), ("h", 3_600_000), ("m", 60_000), ("s", 1000), ("ms", 1),
    ]

    /// Reads `7d`, `12h`, `1h30m`, `2w` (whole numbers, each with a unit); `nil` otherwise.
    public init?(_ text: String) {
        var total: Int64 = 0
        var rest = Substring(text)
        guard !rest.isEmpty else { return nil }
        while !rest.isEmpty {
            let digits = rest.prefix(while: \.isASCIIDigit)
            rest = rest.dropFirst(digits.count)
            let unit = rest.prefix { !$0.isASCIIDigit }
            rest = rest.dropFirst(unit.count)
            guard let count = Int64(digits), let scale = Interval.units.first(where: { $0.0 == unit })?.1 else {
                return nil
            }
            let (part, overflow) = count.multipliedReportingOverflow(by: scale)
            guard !overflow, total <= Int64.max - part else { return nil }
            total += part
        }
        guard total > 0 else { return nil }
        milliseconds = total
    }

    /// `7d`, `36h`, `90m`: the largest of days, hours, minutes, seconds that divides evenly
    /// (weeks are shown in days, the way people say "every 14 days").
    public var description: String {
        for (unit, scale) in Interval.units where unit != "w" && milliseconds % scale == 0 {
            return "\(milliseconds / scale)\(unit)"
        }
        return "\(milliseconds)ms"
    }

    /// `every 7 days`, `every day`, `every 12 hours`.
    var phrase: String {
        let named: [(Int64, String)] = [(86_400_000, "day"), (3_600_000, "hour"), (60_000, "minute")]
        for (scale, name) in named where milliseconds % scale == 0 {
            let count = milliseconds / scale
            return count == 1 ? "every \(name)" : "every \(count) \(name)s"
        }
        return "every \(self)"
    }
}
