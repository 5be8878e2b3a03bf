import Testing

@testable import OursHousehold

@Suite struct QuantityParsingTests {
    @Test(arguments: [
        ("2", Rational(2)), ("1/2", Rational(1, 2)), ("1 1/2", Rational(3, 2)), ("½", Rational(1, 2)),
        ("1½", Rational(3, 2)), ("1 ½", Rational(3, 2)), ("1.5", Rational(3, 2)), ("1,5", Rational(3, 2)),
        (".25", Rational(1, 4)), ("2-3", Rational(3)), ("2 – 3", Rational(3)), ("2 to 3", Rational(3)),
        ("1⁄3", Rational(1, 3)), ("10", Rational(10)), ("0.125", Rational(1, 8)), ("1-1/2", Rational(3, 2)),
        ("2-3/4", Rational(11, 4)), ("1 ⅓", Rational(4, 3)), ("¾", Rational(3, 4)), ("1-2", Rational(2)),
    ])
    func amounts(_ text: String, _ expected: Rational) throws {
        let (value, rest) = try #require(QuantityParser.leadingAmount(Substring(text)))
        #expect(value == expected)
        #expect(rest.isEmpty)
    }

    @Test(arguments: ["", "cups", "a pinch", "/2", "1/0", "x1"])
    func notAmounts(_ text: String) {
        #expect(QuantityParser.leadingAmount(Substring(text)) == nil)
    }

    @Test func amountStopsBeforeTheRest() throws {
        let (value, rest) = try #require(QuantityParser.leadingAmount("2, chopped"))
        #expect(value == Rational(2))
        #expect(rest == ", chopped")
    }

    @Test(arguments: [
        ("cups", "cup"), ("Cup", "cup"), ("c", "cup"), ("tablespoons", "tbsp"), ("Tbsp.", "tbsp"), ("T", "tbsp"),
        ("t", "tsp"), ("teaspoon", "tsp"), ("grams", "g"), ("gr", "g"), ("kilos", "kg"), ("millilitres", "ml"),
        ("L", "l"), ("litre", "l"), ("ounces", "oz"), ("lbs", "lb"), ("fl oz", "fl oz"), ("fl. oz.", "fl oz"),
        ("pinches", "pinch"), ("cloves", "clove"), ("tins", "can"), ("pcs", "piece"), ("bags", "bag"), ("boxes", "box"),
        ("EL", "tbsp"), ("TL", "tsp"), ("pints", "pint"), ("qt", "quart"), ("gallons", "gallon"), ("loaves", "loaf"),
    ])
    func unitAliases(_ word: String, _ symbol: String) {
        #expect(CookingUnit(word)?.symbol == symbol)
    }

    @Test(arguments: ["large", "eggs", "flour", "Tb-bone", ""])
    func notUnits(_ word: String) {
        #expect(CookingUnit(word) == nil)
    }

    @Test(arguments: [
        (Rational(3, 2), "1 1/2", "1.5"), (Rational(3), "3", "3"), (Rational(3, 4), "3/4", "0.75"),
        (Rational(1, 3), "1/3", "0.33"), (Rational(1, 6), "1/6", "0.17"), (Rational(9, 4), "2 1/4", "2.25"),
        (Rational(1, 5), "0.2", "0.2"), (Rational(7, 6), "1 1/6", "1.17"),
    ])
    func formatting(_ value: Rational, _ kitchen: String, _ decimal: String) {
        #expect(value.kitchenText == kitchen)
        #expect(value.decimalText(places: 2) == decimal)
    }

    @Test func exactDecimals() {
        #expect(Rational(3, 2).exactDecimalText == "1.5")
        #expect(Rational(5).exactDecimalText == "5")
        #expect(Rational(1, 8).exactDecimalText == "0.125")
        #expect(Rational(1, 3).exactDecimalText == nil)
    }

    @Test(arguments: [
        ("2", "2"), ("500g", "500 g"), ("1 kg", "1 kg"), ("1 1/2 cups", "1 1/2 cups"), ("½ tsp", "1/2 tsp"),
        ("3 cans", "3 cans"), ("1 can", "1 can"), ("3 bags", "3 bags"), ("2 Tbsp", "2 tbsp"), ("2 dozen", "24"),
        ("1 bag", "1 bag"), ("2 punnets", "2 punnets"), ("6 tsp", "2 tbsp"), ("1-1/2 cups", "1 1/2 cups"),
        ("3 widgets", "3 widgets"), ("1 widget", "1 widget"),
    ])
    func quantities(_ text: String, _ shown: String) throws {
        #expect(try #require(Quantity(parsing: text)).description == shown)
    }

    @Test(arguments: ["a big bag", "2 packs of 6", "some"])
    func notQuantities(_ text: String) {
        #expect(Quantity(parsing: text) == nil)
    }
}

/// Rational arithmetic never traps: amounts a hostile file made huge are approximated.
@Suite struct RationalOverflowTests {
    @Test func hugeAmountsAreApproximatedNotTrapped() {
        let huge = Rational(999_999_999_999_999, 999_999_999_999_998)
        let product = huge * huge
        #expect(abs(product.doubleValue - 1) < 0.001)
        let sum = Rational(1, 999_999_937) + Rational(1, 999_999_929)
        #expect(sum.doubleValue > 0)
        #expect(Rational(Int.max / 2) < Rational(Int.max / 2 + 1) * Rational(3, 2))
        #expect(Rational(9, 2).floor == 4)
        #expect(Rational(-9, 2).floor == -5)
    }
}
