import Foundation
import OursSync

/// One line of a recipe, as written and as understood: `"1 1/2 cups flour, sifted"` is
/// 3/2 `cup` of `flour`, note `sifted`.
public struct Ingredient: Sendable, Hashable, Codable {
    /// The line as written (or, after scaling, as rewritten).
    public var text: String
    /// How much, when the line says: `3/2` for `1 1/2 cups`.
    public var amount: Rational?
    /// The unit of `amount`; `nil` for a plain count (`3 eggs`) or a line without an amount.
    public var unit: CookingUnit?
    /// What to buy: `flour`, `eggs`.
    public var name: String
    /// Preparation and remarks: `sifted`, `14 oz`, `to taste`.
    public var note: String?

    /// An ingredient understood already; `Ingredient(parsing:)` reads one from a line.
    public init(text: String, amount: Rational?, unit: CookingUnit?, name: String, note: String?) {
        self.text = text
        self.amount = amount
        self.unit = unit
        self.name = name
        self.note = note
    }

    /// Understands a line such as `2 cups flour`, `1 1/2 tsp salt`, `½ cup milk`, `500g
    /// butter, softened`, `1 (14 oz) can tomatoes`, `1 14-ounce can coconut milk`, `2 x 400g
    /// tins tomatoes`, `1 1/2 cups / 187 g flour`, `2 dozen eggs`, `3 bags ice`, `a pinch of
    /// salt` or `salt and pepper`.
    public init(parsing line: String) {
        let text = NameKey.display(line)
        var reading = LineReading(Substring(text))
        reading.readQuantity()
        reading.readName()
        guard !reading.name.isEmpty else {
            self.init(text: text, amount: nil, unit: nil, name: text, note: nil)
            return
        }
        let notes = reading.notes.map(NameKey.display).filter { !$0.isEmpty }
        self.init(
            text: text, amount: reading.amount, unit: reading.unit, name: reading.name,
            note: notes.isEmpty ? nil : notes.joined(separator: "; "))
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
    ///
    /// The form a recipe record holds each ingredient in (with the ingredient's id added), for
    /// writing recipe records through the engine directly; also the command's `--json` form.
    public var json: JSONValue {
        var object: [String: JSONValue] = ["text": .string(text), "name": .string(name)]
        if let amount { object["quantity"] = amount.exactDecimalText.map { .number($0) } ?? .string(amount.description) }
        if let unit { object["unit"] = .string(unit.symbol) }
        if let note { object["note"] = .string(note) }
        return .object(object)
    }

    /// Reads a stored ingredient: an object as `json` writes it, or a plain string (a line).
    init?(json: JSONValue) {
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

/// Reading one ingredient line from the left: bullets, the amount, a size, the unit, a second
/// measure, then the name and its notes.
private struct LineReading {
    var rest: Substring
    var amount: Rational?
    var unit: CookingUnit?
    var name = ""
    var notes: [String] = []

    init(_ line: Substring) {
        rest = line
        while let first = rest.first, "-•*·▢□".contains(first) { rest = rest.dropFirst().drop(while: { $0 == " " }) }
    }

    mutating func readQuantity() {
        if let (value, after) = QuantityParser.leadingAmount(rest) {
            amount = value
            rest = after.drop(while: { $0 == " " })
        } else if let article = ["a ", "an ", "A ", "An "].first(where: { rest.hasPrefix($0) }) {
            let after = rest.dropFirst(article.count)
            if let (dozen, more) = QuantityParser.leadingDozen(after) {
                amount = dozen
                rest = more.drop(while: { $0 == " " })
            } else if let (found, more) = QuantityParser.leadingUnit(after) {
                amount = .one
                unit = found
                rest = more.drop(while: { $0 == " " })
            }
        }
        guard amount != nil else { return }
        if let (dozen, after) = QuantityParser.leadingDozen(rest) {
            amount = amount! * dozen
            rest = after.drop(while: { $0 == " " })
        }
        readSize()
        if unit == nil, let (found, after) = QuantityParser.leadingUnit(rest) {
            let remainder = after.drop(while: { $0 == " " || $0 == "," })
            if !remainder.isEmpty {
                unit = found
                rest = remainder
            }
        }
        readSecondMeasure()
    }

    /// `(14 oz)`, `14-ounce can`, `x 400g tins`, `8-inch`: the size of each can, pack or piece,
    /// kept as a note; `2 x 400g` without a container is 800 g.
    private mutating func readSize() {
        if rest.hasPrefix("("), let close = rest.firstIndex(of: ")") {
            notes.append(String(rest[rest.index(after: rest.startIndex)..<close]))
            rest = rest[rest.index(after: close)...].drop(while: { $0 == " " })
            return
        }
        // "4 (6 to 8-ounce fillets, …": a parenthesis never closed.
        if rest.hasPrefix("(") { rest = rest.dropFirst() }
        var candidate = rest
        // "1, 14 oz can": a comma between the count and the size.
        if candidate.hasPrefix(", "), candidate.dropFirst(2).first?.isASCIIDigit == true { candidate = candidate.dropFirst(2) }
        let multiplied = ["x ", "× ", "x", "×"].first {
            candidate.hasPrefix($0) && candidate.dropFirst($0.count).first?.isASCIIDigit == true
        }
        if let multiplied { candidate = candidate.dropFirst(multiplied.count) }
        guard let (size, text, after) = QuantityParser.leadingSize(candidate) else { return }
        let spaced = after.drop(while: { $0 == " " })
        if let (container, more) = QuantityParser.leadingUnit(spaced), container.measure == nil {
            notes.append(text)
            unit = container
            rest = more.drop(while: { $0 == " " })
        } else if multiplied != nil, let size, let count = amount {
            amount = count * size.amount
            unit = size.unit
            rest = spaced
        } else {
            // "4 6oz. swordfish steaks", "8 8-inch tortillas": four steaks of six ounces each.
            notes.append(text)
            rest = spaced
        }
    }

    /// `/ 187 g`, `| 1 cup` or just `4 oz` after the first measure: the same amount in other
    /// units, kept as a note.
    private mutating func readSecondMeasure() {
        guard unit != nil else { return }
        var after = rest
        if let separator = after.first, separator == "/" || separator == "|" {
            after = after.dropFirst().drop(while: { $0 == " " })
        }
        guard let (value, more) = QuantityParser.leadingAmount(after) else { return }
        let words = more.drop(while: { $0 == " " })
        guard let (other, remainder) = QuantityParser.leadingUnit(words) else { return }
        notes.append(Quantity(value, other).text)
        rest = remainder.drop(while: { $0 == " " || $0 == "," })
    }

    mutating func readName() {
        if rest.lowercased().hasPrefix("of ") { rest = rest.dropFirst(3) }
        var name = String(rest)
        var afterComma: String?
        var depth = 0
        for index in name.indices {
            switch name[index] {
            case "(": depth += 1
            case ")": depth = max(0, depth - 1)
            case "," where depth == 0:
                afterComma = String(name[name.index(after: index)...])
                name = String(name[..<index])
            default: continue
            }
            if afterComma != nil { break }
        }
        var inParentheses: [String] = []
        while let open = name.firstIndex(of: "(") {
            // The matching parenthesis, however deep ("((see recipe))"); one never closed is dropped.
            var depth = 0
            var close: String.Index?
            for index in name[open...].indices {
                if name[index] == "(" { depth += 1 } else if name[index] == ")" { depth -= 1 }
                if depth == 0 {
                    close = index
                    break
                }
            }
            guard let close else {
                name.remove(at: open)
                continue
            }
            inParentheses.append(name[name.index(after: open)..<close].trimmingCharacters(in: .whitespaces))
            name.removeSubrange(open...close)
        }
        // "((4 tbsp) butter)": the whole name in parentheses.
        if NameKey.display(name).isEmpty, let last = inParentheses.popLast() {
            var inner = LineReading(Substring(last))
            inner.readName()
            name = inner.name
            inParentheses += inner.notes
        }
        notes += inParentheses.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "() ")) }
        if let afterComma { notes.append(afterComma) }
        self.name = NameKey.display(name)
    }
}
