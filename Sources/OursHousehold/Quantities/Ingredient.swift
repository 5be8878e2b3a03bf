import OursSync

/// One line of a recipe, as written and as understood: `"1 1/2 cups flour, sifted"` is
/// 3/2 `cup` of `flour`, note `sifted`.
public struct Ingredient: Sendable, Hashable {
    /// The line as written (or, after scaling, as rewritten).
    public var text: String
    public var amount: Rational?
    public var unit: CookingUnit?
    /// What to buy: `flour`, `eggs`.
    public var name: String
    /// Preparation and remarks: `sifted`, `14 oz`, `to taste`.
    public var note: String?

    public init(text: String, amount: Rational?, unit: CookingUnit?, name: String, note: String?) {
        self.text = text
        self.amount = amount
        self.unit = unit
        self.name = name
        self.note = note
    }

    /// Understands a line such as `2 cups flour`, `1 1/2 tsp salt`, `½ cup milk`, `500g
    /// butter, softened`, `1 (14 oz) can tomatoes`, `a pinch of salt` or `salt and pepper`.
    public init(parsing line: String) {
        let text = NameKey.display(line)
        var rest = Substring(text)
        while let first = rest.first, "-•*·".contains(first) { rest = rest.dropFirst().drop(while: { $0 == " " }) }
        var notes: [String] = []
        var amount: Rational?
        var unit: CookingUnit?
        if let (value, after) = QuantityParser.leadingAmount(rest) {
            amount = value
            rest = after.drop(while: { $0 == " " })
        } else if let article = ["a ", "an ", "A ", "An "].first(where: { rest.hasPrefix($0) }),
            let (found, after) = QuantityParser.leadingUnit(rest.dropFirst(article.count))
        {
            amount = .one
            unit = found
            rest = after.drop(while: { $0 == " " })
        }
        if amount != nil, rest.hasPrefix("("), let close = rest.firstIndex(of: ")") {
            notes.append(String(rest[rest.index(after: rest.startIndex)..<close]))
            rest = rest[rest.index(after: close)...].drop(while: { $0 == " " })
        }
        if amount != nil, unit == nil, let (found, after) = QuantityParser.leadingUnit(rest) {
            let remainder = after.drop(while: { $0 == " " || $0 == "," })
            if !remainder.isEmpty {
                unit = found
                rest = remainder
            }
        }
        if rest.lowercased().hasPrefix("of ") { rest = rest.dropFirst(3) }
        var name = String(rest)
        if let comma = name.firstIndex(of: ",") {
            notes.append(String(name[name.index(after: comma)...]))
            name = String(name[..<comma])
        }
        while let open = name.firstIndex(of: "("), let close = name[open...].firstIndex(of: ")") {
            notes.append(String(name[name.index(after: open)..<close]))
            name.removeSubrange(open...close)
        }
        name = NameKey.display(name)
        notes = notes.map(NameKey.display).filter { !$0.isEmpty }
        if name.isEmpty {
            name = text
            amount = nil
            unit = nil
            notes = []
        }
        self.init(text: text, amount: amount, unit: unit, name: name, note: notes.isEmpty ? nil : notes.joined(separator: "; "))
    }

    /// The amount and unit, when the line has an amount.
    public var quantity: Quantity? { amount.map { Quantity($0, unit) } }

    /// The same ingredient for `factor` times as much; the text is rewritten to match.
    public func scaled(by factor: Rational) -> Ingredient {
        guard factor != .one, let quantity else { return self }
        let scaled = quantity.scaled(by: factor)
        let text = "\(scaled) \(name)" + (note.map { ", \($0)" } ?? "")
        return Ingredient(text: text, amount: scaled.amount, unit: unit, name: name, note: note)
    }
}

extension Ingredient {
    /// `{"text", "quantity"?, "unit"?, "name", "note"?}`; the quantity is a number when a
    /// short decimal is exact (`1.5`), else a fraction in a string (`"1/3"`).
    public var json: JSONValue {
        var object: [String: JSONValue] = ["text": .string(text), "name": .string(name)]
        if let amount { object["quantity"] = amount.exactDecimalText.map { .number($0) } ?? .string(amount.description) }
        if let unit { object["unit"] = .string(unit.symbol) }
        if let note { object["note"] = .string(note) }
        return .object(object)
    }

    /// Reads a stored ingredient: an object as `json` writes it, or a plain string (a line).
    public init?(json: JSONValue) {
        if let line = json.stringValue {
            guard !NameKey.display(line).isEmpty else { return nil }
            self.init(parsing: line)
            return
        }
        guard let object = json.objectValue else { return nil }
        let text = object["text"]?.stringValue ?? ""
        guard let name = object["name"]?.stringValue, !name.isEmpty else {
            guard !text.isEmpty else { return nil }
            self.init(parsing: text)
            return
        }
        var amount: Rational?
        switch object["quantity"] {
        case .number(let number)?: amount = Rational(decimal: Substring(number))
        case .string(let fraction)?: amount = QuantityParser.leadingAmount(Substring(fraction))?.0
        default: amount = nil
        }
        let unit = object["unit"]?.stringValue.map(CookingUnit.init(symbol:))
        self.init(
            text: text.isEmpty
                ? ([amount.map { Quantity($0, unit).description }, name].compactMap { $0 }.joined(separator: " ")) : text,
            amount: amount, unit: unit, name: name, note: object["note"]?.stringValue)
    }
}
