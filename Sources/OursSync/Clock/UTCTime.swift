/// Calendar arithmetic for UTC instants, without Foundation's formatters: fast, and the same
/// text on every platform and locale.
public enum UTCTime {
    /// The length of `iso8601(millis:)`'s text.
    static let iso8601Length = 24

    /// `2026-11-22T10:15:00.123Z` for milliseconds since 1970.
    public static func iso8601(millis: Int64) -> String {
        let millis = formattable(millis)
        let (year, _, _) = civil(fromDays: floorDiv(millis, 86_400_000))
        guard (0...9999).contains(year) else { return iso8601Padded(millis: millis) }
        return String(unsafeUninitializedCapacity: iso8601Length) { buffer in
            writeISO8601(millis: millis, into: buffer)
            return iso8601Length
        }
    }

    /// Writes `iso8601(millis:)`'s text into the first 24 bytes of `buffer`, for a year of
    /// four digits (other years are written by the slower general form).
    static func writeISO8601(millis: Int64, into buffer: UnsafeMutableBufferPointer<UInt8>) {
        let millis = formattable(millis)
        let days = floorDiv(millis, 86_400_000)
        let msOfDay = millis - days * 86_400_000
        let (year, month, day) = civil(fromDays: days)
        guard (0...9999).contains(year) else {
            for (at, byte) in iso8601Padded(millis: millis).utf8.prefix(iso8601Length).enumerated() { buffer[at] = byte }
            return
        }
        let seconds = msOfDay / 1000
        func put(_ value: Int64, _ width: Int, at start: Int) {
            var value = value
            for at in stride(from: start + width - 1, through: start, by: -1) {
                buffer[at] = 0x30 + UInt8(value % 10)
                value /= 10
            }
        }
        put(year, 4, at: 0)
        buffer[4] = 0x2D
        put(month, 2, at: 5)
        buffer[7] = 0x2D
        put(day, 2, at: 8)
        buffer[10] = 0x54
        put(seconds / 3600, 2, at: 11)
        buffer[13] = 0x3A
        put(seconds / 60 % 60, 2, at: 14)
        buffer[16] = 0x3A
        put(seconds % 60, 2, at: 17)
        buffer[19] = 0x2E
        put(msOfDay % 1000, 3, at: 20)
        buffer[23] = 0x5A
    }

    private static func iso8601Padded(millis: Int64) -> String {
        let days = floorDiv(millis, 86_400_000)
        let msOfDay = millis - days * 86_400_000
        let (year, month, day) = civil(fromDays: days)
        let seconds = msOfDay / 1000
        return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T"
            + pad(seconds / 3600, 2) + ":" + pad(seconds / 60 % 60, 2) + ":" + pad(seconds % 60, 2)
            + "." + pad(msOfDay % 1000, 3) + "Z"
    }

    /// Parses exactly the form `iso8601(millis:)` writes.
    public static func parseISO8601(_ text: String) -> Int64? {
        var text = text
        return text.withUTF8 { parseISO8601($0) }
    }

    static func parseISO8601(_ c: UnsafeBufferPointer<UInt8>) -> Int64? {
        guard c.count == 24, c[4] == 0x2D, c[7] == 0x2D, c[10] == 0x54, c[13] == 0x3A, c[16] == 0x3A,
            c[19] == 0x2E, c[23] == 0x5A,
            let year = digits(c, 0, 4), let month = digits(c, 5, 2), let day = digits(c, 8, 2),
            let hour = digits(c, 11, 2), let minute = digits(c, 14, 2), let second = digits(c, 17, 2),
            let ms = digits(c, 20, 3),
            (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
            hour < 24, minute < 60, second < 60
        else { return nil }
        let days = days(fromCivil: year, month, day)
        return days * 86_400_000 + hour * 3_600_000 + minute * 60_000 + second * 1000 + ms
    }

    /// `2026-11-22` for a calendar day number (days since 1970-01-01).
    public static func day(_ days: Int64) -> String {
        let (y, m, d) = civil(fromDays: days)
        return pad(y, 4) + "-" + pad(m, 2) + "-" + pad(d, 2)
    }

    /// Parses `yyyy-MM-dd` into a day number.
    public static func parseDay(_ text: String) -> Int64? {
        var text = text
        return text.withUTF8 { c -> Int64? in
            guard c.count == 10, c[4] == 0x2D, c[7] == 0x2D,
                let y = digits(c, 0, 4), let m = digits(c, 5, 2), let d = digits(c, 8, 2),
                (1...12).contains(m), (1...daysIn(month: m, year: y)).contains(d)
            else { return nil }
            return days(fromCivil: y, m, d)
        }
    }

    /// `a / b` rounded down, for `b > 0`; defined for every `a`, `Int64.min` included.
    public static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
        let quotient = a / b
        return a % b < 0 ? quotient - 1 : quotient
    }

    /// The range formatting works in: about 146 million years either side of 1970, far past
    /// any date, and small enough that a day's start in milliseconds cannot overflow.
    static let formattableMillis: ClosedRange<Int64> = -(Int64(1) << 62)...(Int64(1) << 62)

    /// `millis` clamped to `formattableMillis`: a time is printed, never a trap.
    static func formattable(_ millis: Int64) -> Int64 {
        min(max(millis, formattableMillis.lowerBound), formattableMillis.upperBound)
    }

    // Howard Hinnant's days_from_civil / civil_from_days.
    static func days(fromCivil y0: Int64, _ m: Int64, _ d: Int64) -> Int64 {
        let y = m <= 2 ? y0 - 1 : y0
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    static func civil(fromDays z0: Int64) -> (Int64, Int64, Int64) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    static func digits(_ c: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int) -> Int64? {
        var value: Int64 = 0
        for i in start..<(start + count) {
            guard c[i] >= 0x30, c[i] <= 0x39 else { return nil }
            value = value * 10 + Int64(c[i] - 0x30)
        }
        return value
    }

    static func pad(_ value: Int64, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}
