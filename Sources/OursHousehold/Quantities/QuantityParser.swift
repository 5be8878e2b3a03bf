/// Reads the number and the unit at the start of a quantity or an ingredient line.
enum QuantityParser {
    static let vulgarFractions: [Character: Rational] = [
        "½": Rational(1, 2), "⅓": Rational(1, 3), "⅔": Rational(2, 3), "¼": Rational(1, 4), "¾": Rational(3, 4),
        "⅕": Rational(1, 5), "⅖": Rational(2, 5), "⅗": Rational(3, 5), "⅘": Rational(4, 5), "⅙": Rational(1, 6),
        "⅚": Rational(5, 6), "⅐": Rational(1, 7), "⅛": Rational(1, 8), "⅜": Rational(3, 8), "⅝": Rational(5, 8),
        "⅞": Rational(7, 8), "⅑": Rational(1, 9), "⅒": Rational(1, 10),
    ]

    /// The amount at the start of `text` — `2`, `1.5`, `1,5`, `3/4`, `1 1/2`, `½`, `1½`, `1 ½` —
    /// and what follows it. A range (`2-3`, `2 to 3`) reads as its upper end: enough to shop for.
    static func leadingAmount(_ text: Substring) -> (Rational, Substring)? {
        guard var (value, rest) = singleAmount(text) else { return nil }
        let spaced = rest.drop(while: { $0 == " " })
        for separator in ["-", "–", "—", "to "] where spaced.hasPrefix(separator) {
            let candidate = spaced.dropFirst(separator.count).drop(while: { $0 == " " })
            if let (upper, after) = singleAmount(candidate), value < upper {
                value = upper
                rest = after
            }
            break
        }
        return (value, rest)
    }

    static func singleAmount(_ text: Substring) -> (Rational, Substring)? {
        if let first = text.first, let fraction = vulgarFractions[first] { return (fraction, text.dropFirst()) }
        var token = text.prefix { $0.isASCIIDigit || $0 == "." || $0 == "," || $0 == "/" || $0 == "⁄" }
        while let last = token.last, !last.isASCIIDigit { token = token.dropLast() }
        guard !token.isEmpty, token.first!.isASCIIDigit || token.first == ".",
            let value = Rational(decimal: Substring(token.map { $0 == "⁄" ? "/" : $0 }))
        else { return nil }
        let rest = text.dropFirst(token.count)
        guard value.isWhole, !token.contains("/") else { return (value, rest) }
        // "1-1/2": a whole number joined to its fraction by a hyphen, as US recipes write it.
        if rest.first == "-" {
            let next = rest.dropFirst().prefix { $0.isASCIIDigit || $0 == "/" || $0 == "⁄" }
            if next.contains(where: { $0 == "/" || $0 == "⁄" }),
                let fraction = Rational(decimal: Substring(next.map { $0 == "⁄" ? "/" : $0 })), fraction < .one
            {
                return (value + fraction, rest.dropFirst(1 + next.count))
            }
        }
        // A whole number followed by a fraction: "1½", "1 ½", "1 1/2".
        if let first = rest.first, let fraction = vulgarFractions[first] { return (value + fraction, rest.dropFirst()) }
        let spaced = rest.drop(while: { $0 == " " })
        guard spaced.startIndex != rest.startIndex else { return (value, rest) }
        if let first = spaced.first, let fraction = vulgarFractions[first] { return (value + fraction, spaced.dropFirst()) }
        let next = spaced.prefix { $0.isASCIIDigit || $0 == "/" || $0 == "⁄" }
        if next.contains(where: { $0 == "/" || $0 == "⁄" }),
            let fraction = Rational(decimal: Substring(next.map { $0 == "⁄" ? "/" : $0 })), fraction < .one
        {
            return (value + fraction, spaced.dropFirst(next.count))
        }
        return (value, rest)
    }

    /// The unit at the start of `text` (`cups`, `tbsp.`, `fl oz`, `g`) and what follows it.
    static func leadingUnit(_ text: Substring) -> (CookingUnit, Substring)? {
        let first = word(text)
        guard !first.isEmpty else { return nil }
        let afterFirst = text.dropFirst(first.count)
        let second = word(afterFirst.drop(while: { $0 == " " }))
        if !second.isEmpty, afterFirst.first == " ", let unit = CookingUnit("\(first) \(second)") {
            return (unit, afterFirst.drop(while: { $0 == " " }).dropFirst(second.count))
        }
        // "3 T-bone steaks" is three steaks, not tablespoons: a unit ends at a space or a comma.
        guard afterFirst.isEmpty || afterFirst.first == " " || afterFirst.first == ",",
            let unit = CookingUnit(String(first))
        else { return nil }
        return (unit, afterFirst)
    }

    /// Letters, then any dots: `tbsp.`, `oz`, `fl.`.
    private static func word(_ text: Substring) -> Substring {
        let letters = text.prefix(while: \.isLetter)
        let dots = text.dropFirst(letters.count).prefix(while: { $0 == "." })
        return letters.isEmpty ? "" : text.prefix(letters.count + dots.count)
    }
}

extension QuantityParser {
    /// `dozen` (or `doz`) at the start of `text`: twelve, and what follows it.
    static func leadingDozen(_ text: Substring) -> (Rational, Substring)? {
        for word in ["dozen", "doz.", "doz"] where text.lowercased().hasPrefix(word) {
            let after = text.dropFirst(word.count)
            if after.isEmpty || after.first == " " { return (Rational(12), after) }
        }
        return nil
    }

    /// A size such as `400g`, `14-ounce`, `14- ounce`, `14 oz`, `10-13 oz`, `8-inch`,
    /// `1½-inch-thick` at the start of `text`: the quantity when it is a measure (`nil` for a
    /// length), the text as a note shows it, and what follows.
    static func leadingSize(_ text: Substring) -> (Quantity?, String, Substring)? {
        guard let (amount, rest) = leadingAmount(text) else { return nil }
        var words = rest
        if words.first == "-" { words = words.dropFirst() }
        words = words.drop(while: { $0 == " " })
        if let (unit, after) = leadingUnit(words), unit.measure != nil {
            let quantity = Quantity(amount, unit)
            return (quantity, quantity.text, after)
        }
        let word = words.prefix(while: { $0.isLetter || $0 == "." })
        guard let length = lengths[word.lowercased()] else { return nil }
        var after = words.dropFirst(word.count)
        // "-thick", "-long", "-wide" belong to the size.
        var text = amount.kitchenText + "-" + length
        if after.first == "-" {
            let adjective = after.dropFirst().prefix(while: \.isLetter)
            if !adjective.isEmpty {
                text += "-" + adjective
                after = after.dropFirst(1 + adjective.count)
            }
        }
        return (nil, text, after)
    }

    /// Lengths that give a size: `8-inch`, `2 cm`.
    private static let lengths: [String: String] = [
        "inch": "inch", "inches": "inch", "in": "inch", "in.": "inch", "cm": "cm", "mm": "mm", "centimeter": "cm",
        "centimeters": "cm", "centimetre": "cm", "centimetres": "cm",
    ]

    /// The first whole number in a text ("Serves 4" → 4), for counts of servings.
    static func leadingNumber(in text: String) -> Int? {
        let digits = text.drop(while: { !$0.isASCIIDigit }).prefix(while: \.isASCIIDigit)
        guard let number = Int(digits), number > 0 else { return nil }
        return number
    }
}
