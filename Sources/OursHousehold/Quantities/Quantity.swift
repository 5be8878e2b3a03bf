import Foundation

/// An amount of something, with or without a unit: `2 cups`, `500 g`, `3`.
public struct Quantity: Sendable, Hashable, Codable, CustomStringConvertible {
    /// How many of `unit` (or how many things, for a plain count), exactly.
    public var amount: Rational
    /// `nil` for a plain count ("3 eggs").
    public var unit: CookingUnit?

    /// `amount` of `unit`, or a plain count without one.
    public init(_ amount: Rational, _ unit: CookingUnit? = nil) {
        self.amount = amount
        self.unit = unit
    }

    /// Reads a whole quantity such as `2`, `1 1/2 cups`, `500g`, `½ tsp`, `2 dozen` or `3 bags`
    /// (an unknown word after a number is taken as the unit); `nil` when the text is more than that.
    public init?(parsing text: String) {
        let text = Substring(NameKey.display(text))
        guard let (first, rest) = QuantityParser.leadingAmount(text) else { return nil }
        var amount = first
        var words = rest.drop(while: { $0 == " " })
        if let (dozens, after) = QuantityParser.leadingDozen(words) {
            amount = amount * dozens
            words = after.drop(while: { $0 == " " })
        }
        if words.isEmpty {
            self.init(amount)
        } else if let (unit, after) = QuantityParser.leadingUnit(words), after.allSatisfy({ $0 == " " }) {
            self.init(amount, unit)
        } else if !words.contains(" "), words.allSatisfy(\.isLetter) {
            self.init(amount, CookingUnit(symbol: String(words)))
        } else {
            return nil
        }
    }

    /// The amount times `factor`, in the same unit.
    public func scaled(by factor: Rational) -> Quantity { Quantity(amount * factor, unit) }

    /// The quantity as a cook would say it, in one unit or two: `2 tbsp` for `6 tsp`,
    /// `1 cup + 2 tbsp`.
    public var spoken: [Quantity] {
        guard let unit, unit.measure != nil else { return [self] }
        return MeasuredAmount(amount, unit).spoken
    }

    /// `2 cups`, `1.5 kg`, `3`; as a cook would say it (`1/6 cup`, `2 tbsp` for `6 tsp`).
    public var description: String { spoken.map(\.text).joined(separator: " + ") }

    /// The amount and unit exactly as held, without choosing another unit.
    var text: String {
        guard let unit else { return amount.kitchenText }
        return number(in: unit) + " " + unit.name(for: amount)
    }

    private func number(in unit: CookingUnit) -> String {
        guard unit.prefersDecimals else { return amount.kitchenText }
        guard unit == .gram || unit == .milliliter else { return amount.decimalText(places: 2) }
        // A gram or millilitre more or less does not matter above a hundred of them.
        return amount.decimalText(places: !(amount < Rational(100)) ? 0 : !(amount < Rational(10)) ? 1 : 2)
    }
}
