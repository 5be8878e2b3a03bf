import Foundation
import OursSync

// The household's value types are `Identifiable` (SwiftUI's `ForEach`, diffing) and `Codable`
// (an app's cache, handing a value to another process), declared with each type so their
// coding is synthesized. Their Codable form is the library's own, for apps — neither the
// record files' format (docs/FORMAT.md) nor the command's `--json` documents (docs/JSON.md),
// which stay as they are. Here: the raw-valued enums, and the values written as they are
// shown.

extension ItemEvent.Kind: Codable {}
extension PlannedMeal.Slot: Codable {}
extension Recurrence.Unit: Codable {}
extension RecordKind: Codable {}

/// A day is written as it is shown, `2025-03-14`.
extension CalendarDay: Codable {
    /// Reads `yyyy-MM-dd`.
    /// - Throws: `DecodingError.dataCorrupted` for a text that is not a day.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let day = CalendarDay(text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "\"\(text)\" is not a day (yyyy-MM-dd)"))
        }
        self = day
    }

    /// Writes `yyyy-MM-dd`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// A fraction is written as it is shown, `3/4` or `2`.
extension Rational: Codable {
    /// Reads `3/4` or `2`.
    /// - Throws: `DecodingError.dataCorrupted` for a text that is not a fraction.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let top = Int(parts[0]), let bottom = parts.count == 2 ? Int(parts[1]) : 1,
            bottom != 0
        else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "\"\(text)\" is not a fraction (3/4, 2)"))
        }
        self.init(top, bottom)
    }

    /// Writes `3/4`, or `2` for a whole number.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// A unit is written as its symbol, `tbsp`; any symbol reads back (an unknown one is a unit of
/// its own, as in a record).
extension CookingUnit: Codable {
    /// Reads a symbol, as `init(symbol:)` does.
    public init(from decoder: any Decoder) throws {
        self.init(symbol: try decoder.singleValueContainer().decode(String.self))
    }

    /// Writes the symbol.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(symbol)
    }
}
