import Foundation

/// How long a recipe takes: stored as an ISO 8601 duration (`PT1H30M`, as schema.org writes
/// it), typed as people write it (`25m`, `1h30m`, `90 min`, `1 h 30`), shown as people say it
/// (`25 min`, `1 h 30 min`).
public struct RecipeDuration: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The length in whole minutes; never negative.
    public let minutes: Int

    /// A duration of `minutes` minutes (a negative count is zero).
    public init(minutes: Int) { self.minutes = max(0, minutes) }

    /// Reads an ISO 8601 duration (`PT25M`, `PT1H30M`, `P1DT2H`, `PT0H25M0S`, `PT1.5H`) or a
    /// typed one (`25m`, `25 min`, `1h30m`, `1 h 30 min`, `2 hours`, `90`: minutes).
    /// - Returns: `nil` for anything else, and for durations over a year.
    public init?(_ text: String) {
        let text = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard !text.isEmpty, let minutes = text.hasPrefix("p") ? Self.iso(text) : Self.typed(text), minutes <= 525_600 else {
            return nil
        }
        self.minutes = minutes
    }

    /// `PT25M`, `PT1H30M`, `P1DT2H`.
    public var iso8601: String {
        let days = minutes / 1440, hours = minutes % 1440 / 60, rest = minutes % 60
        var text = "P" + (days > 0 ? "\(days)D" : "")
        if hours > 0 || rest > 0 || days == 0 { text += "T" }
        if hours > 0 { text += "\(hours)H" }
        if rest > 0 || (hours == 0 && days == 0) { text += "\(rest)M" }
        return text
    }

    /// `25 min`, `1 h`, `1 h 30 min`, `2 days 3 h`.
    public var description: String {
        let days = minutes / 1440, hours = minutes % 1440 / 60, rest = minutes % 60
        var parts: [String] = []
        if days > 0 { parts.append(days == 1 ? "1 day" : "\(days) days") }
        if hours > 0 { parts.append("\(hours) h") }
        if rest > 0 || parts.isEmpty { parts.append("\(rest) min") }
        return parts.joined(separator: " ")
    }

    /// A stored duration as people say it, or the text as it is when it does not read as one.
    public static func spoken(_ stored: String) -> String { RecipeDuration(stored)?.description ?? stored }

    private static func iso(_ text: String) -> Int? {
        var total = 0.0
        var number = ""
        var inTime = false
        var parts = 0
        for character in text.dropFirst() {
            switch character {
            case "t": inTime = true
            case "0"..."9", ".", ",": number.append(character == "," ? "." : character)
            case "y", "w", "d", "h", "m", "s":
                guard let value = Double(number) else { return nil }
                let scale: Double
                switch (character, inTime) {
                case ("y", false): scale = 525_600
                case ("m", false): scale = 43_200
                case ("w", false): scale = 10_080
                case ("d", false): scale = 1440
                case ("h", true): scale = 60
                case ("m", true): scale = 1
                case ("s", true): scale = 1.0 / 60
                default: return nil
                }
                total += value * scale
                number = ""
                parts += 1
            default: return nil
            }
        }
        guard number.isEmpty, parts > 0, total.isFinite, total < 1e9 else { return nil }
        return Int(total.rounded())
    }

    private static let typedUnits: [(String, Int)] = [
        ("days", 1440), ("day", 1440), ("d", 1440), ("hours", 60), ("hour", 60), ("hrs", 60), ("hr", 60), ("h", 60),
        ("minutes", 1), ("minute", 1), ("mins", 1), ("min", 1), ("m", 1),
    ]

    private static func typed(_ text: String) -> Int? {
        var rest = Substring(text)
        var total = 0
        var lastScale: Int?
        while !rest.isEmpty {
            rest = rest.drop(while: { $0 == " " })
            let digits = rest.prefix(while: \.isASCIIDigit)
            guard let value = Int(digits), digits.count <= 6 else { return nil }
            rest = rest.dropFirst(digits.count).drop(while: { $0 == " " })
            let unit = typedUnits.first { rest.hasPrefix($0.0) && !(rest.dropFirst($0.0.count).first?.isLetter ?? false) }
            // A bare number is minutes, or after hours the minutes of "1 h 30".
            let scale = unit?.1 ?? (lastScale == 60 ? 1 : lastScale == nil ? 1 : 0)
            guard scale > 0 else { return nil }
            rest = rest.dropFirst(unit?.0.count ?? 0)
            total += value * scale
            lastScale = scale
        }
        return lastScale == nil ? nil : total
    }
}
