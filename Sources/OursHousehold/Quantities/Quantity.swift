import Foundation

/// An amount of something, with or without a unit: `2 cups`, `500 g`, `3`.
public struct Quantity: Sendable, Hashable, CustomStringConvertible {
    public var amount: Rational
    /// `nil` for a plain count ("3 eggs").
    public var unit: CookingUnit?

    public init(_ amount: Rational, _ unit: CookingUnit? = nil) {
        self.amount = amount
        self.unit = unit
    }

    /// Reads a whole quantity such as `2`, `1 1/2 cups`, `500g`, `½ tsp` or `3 bags` (an
    /// unknown word after a number is taken as the unit); `nil` when the text is more than that.
    public init?(parsing text: String) {
        let text = Substring(NameKey.display(text))
        guard let (amount, rest) = QuantityParser.leadingAmount(text) else { return nil }
        let words = rest.drop(while: { $0 == " " })
        if words.isEmpty {
            self.init(amount)
        } else if let (unit, after) = QuantityParser.leadingUnit(words), after.allSatisfy({ $0 == " " }) {
            self.init(amount, unit)
        } else if !words.contains(" "), words.allSatisfy(\.isLetter) {
            self.init(amount, CookingUnit(symbol: words.lowercased()))
        } else {
            return nil
        }
    }

    public func scaled(by factor: Rational) -> Quantity { Quantity(amount * factor, unit) }

    /// `2 cups`, `1.5 kg`, `3`.
    public var description: String {
        guard let unit else { return amount.kitchenText }
        let number = unit.prefersDecimals ? amount.decimalText(places: 2) : amount.kitchenText
        return number + " " + unit.name(for: amount)
    }
}

/// A sum of quantities, as a shopping list needs it: `2 cups` + `1 cup` is `3 cups`,
/// `500 g` + `1 kg` is `1.5 kg`, and what cannot be added is listed: `3 cups + 1 tbsp`.
public struct QuantityTotal: Sendable, Hashable, CustomStringConvertible {
    /// One quantity per unit (or per metric family), in the order first seen.
    public private(set) var quantities: [Quantity] = []
    /// Texts that are not a number and a unit ("a big bag"), kept as written, without repeats.
    public private(set) var notes: [String] = []

    public init() {}

    /// Reads a quantity as typed; text that does not parse is kept as a note.
    public init(parsing text: String) {
        for part in NameKey.display(text).components(separatedBy: " + ") where !part.isEmpty {
            if let quantity = Quantity(parsing: part) { add(quantity) } else { add(note: part) }
        }
    }

    public init(_ quantity: Quantity) { add(quantity) }

    public var isEmpty: Bool { quantities.isEmpty && notes.isEmpty }

    public mutating func add(_ quantity: Quantity) {
        guard let index = quantities.firstIndex(where: { QuantityTotal.key($0.unit) == QuantityTotal.key(quantity.unit) }) else {
            quantities.append(quantity)
            return
        }
        let existing = quantities[index]
        guard let a = existing.unit, let b = quantity.unit, let family = a.family else {
            quantities[index].amount = existing.amount + quantity.amount
            return
        }
        // Metric: add in grams or millilitres; a total of 1000 or more reads as kilograms or
        // litres ("1.5 kg"), a smaller one stays in the unit written ("3 dl") or, when the
        // units differ, the smaller of them ("500 ml").
        let base = existing.amount * Rational(a.factor) + quantity.amount * Rational(b.factor)
        if !(base < Rational(1000)) {
            quantities[index] = Quantity(base / Rational(1000), family == .metricMass ? .kilogram : .liter)
        } else if a == b {
            quantities[index].amount = existing.amount + quantity.amount
        } else {
            let small = a.factor <= b.factor ? a : b
            quantities[index] = Quantity(base / Rational(small.factor), small)
        }
    }

    public mutating func add(note: String) {
        let note = NameKey.display(note)
        if !note.isEmpty, !notes.contains(note) { notes.append(note) }
    }

    public mutating func add(_ other: QuantityTotal) {
        for quantity in other.quantities { add(quantity) }
        for note in other.notes { add(note: note) }
    }

    public static func + (a: QuantityTotal, b: QuantityTotal) -> QuantityTotal {
        var sum = a
        sum.add(b)
        return sum
    }

    public func scaled(by factor: Rational) -> QuantityTotal {
        var result = QuantityTotal()
        result.quantities = quantities.map { $0.scaled(by: factor) }
        result.notes = notes
        return result
    }

    /// `3 cups + 1 tbsp + a big bag`; empty when there is nothing.
    public var description: String {
        (quantities.map(\.description) + notes).joined(separator: " + ")
    }

    private static func key(_ unit: CookingUnit?) -> String {
        guard let unit else { return "" }
        switch unit.family {
        case .metricMass?: return "#mass"
        case .metricVolume?: return "#volume"
        case nil: return unit.symbol
        }
    }
}
