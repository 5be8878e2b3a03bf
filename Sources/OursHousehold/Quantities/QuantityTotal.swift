import Foundation

/// A sum of quantities, as a shopping list needs it: `2 cups` + `1 cup` is `3 cups`,
/// `1 tbsp` + `3 tsp` is `2 tbsp`, `500 g` + `1 kg` is `1.5 kg`, `2 eggs` + `1 egg` is
/// `3 eggs`, and what cannot be added is listed: `3 cups + 200 g`.
public struct QuantityTotal: Sendable, Hashable, CustomStringConvertible {
    /// Volumes and weights by kind; counts and other units by unit, in the order first seen.
    private var parts: [Part] = []
    /// Texts that are not a number and a unit ("a big bag"), kept as written, without repeats.
    public private(set) var notes: [String] = []

    private enum Part: Sendable, Hashable {
        case measured(MeasuredAmount)
        case counted(Quantity)

        var key: String {
            switch self {
            case .measured(let amount): "#" + amount.kind.rawValue
            case .counted(let quantity): quantity.unit?.symbol ?? ""
            }
        }
    }

    /// Nothing yet.
    public init() {}

    /// Reads a quantity as typed; text that does not parse is kept as a note.
    /// - Parameter item: what is counted, when known: `2 eggs` of the item `eggs` is a count.
    public init(parsing text: String, of item: String? = nil) {
        let counted = item.map { Inflection.singular(NameKey.normalize($0).split(separator: " ").last.map(String.init) ?? "") }
        for part in NameKey.display(text).components(separatedBy: " + ") where !part.isEmpty {
            guard var quantity = Quantity(parsing: part) else {
                add(note: part)
                continue
            }
            if let unit = quantity.unit, unit.measure == nil, unit.symbol == counted { quantity.unit = nil }
            add(quantity)
        }
    }

    /// One quantity.
    public init(_ quantity: Quantity) { add(quantity) }

    /// One quantity per kind of measure or unit, each as a cook would say it (which may take
    /// two: `1 cup`, `2 tbsp`).
    public var quantities: [Quantity] {
        parts.flatMap { part -> [Quantity] in
            switch part {
            case .measured(let amount): amount.spoken
            case .counted(let quantity): [quantity]
            }
        }
    }

    /// Whether it holds neither a quantity nor a note.
    public var isEmpty: Bool { parts.isEmpty && notes.isEmpty }

    /// Adds a quantity: to the part of its kind (volume, weight, or its own unit), or as a new
    /// part.
    public mutating func add(_ quantity: Quantity) {
        let part: Part
        if let unit = quantity.unit, unit.measure != nil {
            part = .measured(MeasuredAmount(quantity.amount, unit))
        } else {
            part = .counted(quantity)
        }
        add(part)
    }

    private mutating func add(_ part: Part) {
        guard let index = parts.firstIndex(where: { $0.key == part.key }) else { return parts.append(part) }
        switch (parts[index], part) {
        case (.measured(var total), .measured(let more)):
            total.add(more)
            parts[index] = .measured(total)
        case (.counted(var total), .counted(let more)):
            total.amount = total.amount + more.amount
            parts[index] = .counted(total)
        default:
            parts.append(part)
        }
    }

    /// Adds a text kept as written, unless the same text is there already.
    public mutating func add(note: String) {
        let note = NameKey.display(note)
        if !note.isEmpty, !notes.contains(note) { notes.append(note) }
    }

    /// Adds every quantity and note of another total.
    public mutating func add(_ other: QuantityTotal) {
        for part in other.parts { add(part) }
        for note in other.notes { add(note: note) }
    }

    /// Both totals together.
    public static func + (a: QuantityTotal, b: QuantityTotal) -> QuantityTotal {
        var sum = a
        sum.add(b)
        return sum
    }

    /// Every quantity times `factor`; the notes as they are.
    public func scaled(by factor: Rational) -> QuantityTotal {
        var result = QuantityTotal()
        result.parts = parts.map { part in
            switch part {
            case .measured(let amount): .measured(amount.scaled(by: factor))
            case .counted(let quantity): .counted(quantity.scaled(by: factor))
            }
        }
        result.notes = notes
        return result
    }

    /// `3 cups + 1 tbsp + a big bag`; empty when there is nothing.
    public var description: String {
        (quantities.map(\.text) + notes).joined(separator: " + ")
    }
}
