import Testing

@testable import OursHousehold

@Suite struct NameKeyTests {
    @Test(arguments: [
        ("Produce", "produce"), ("  PRODUCE  ", "produce"), ("oat   milk", "oat milk"), ("Oat\tMilk\n", "oat milk"),
        ("Jalapeño", "jalapeno"), ("Jalapen\u{0303}o", "jalapeno"), ("Ｍｉｌｋ", "milk"), ("Crème  Brûlée", "creme brulee"),
        ("ĞÜŞİÖÇ", "gusioc"), ("Straße", "straße"), ("牛奶", "牛奶"), ("Mom's list", "mom's list"),
    ])
    func normalize(_ input: String, _ expected: String) {
        #expect(NameKey.normalize(input) == expected)
    }

    /// Ids are made from normalized names on every device: the ASCII shortcut must give
    /// exactly what the general path gives, on every byte below 0x80.
    @Test func theASCIIPathIsTheGeneralOne() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = (0..<0x80).map { Character(Unicode.Scalar(UInt8($0))) } + Array("  \t\r\nAaZz")
        for _ in 0..<2_000 {
            let text = String(
                (0..<Int.random(in: 0...12, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            #expect(NameKey.normalizeASCII(text) == NameKey.collapseWhitespace(text.lowercased()), "\(Array(text.utf8))")
        }
        #expect(NameKey.normalizeASCII(" \r\n Oat \u{0B}\u{0C} MILK\t") == "oat milk")
    }

    @Test func displayKeepsCaseAndPrecomposes() {
        #expect(NameKey.display("  Jalapen\u{0303}o   Peppers ") == "Jalape\u{00F1}o Peppers")
        #expect(Array(NameKey.display("Jalapen\u{0303}o").unicodeScalars).count == 8)
    }

    @Test func matchesIgnoresCaseAccentsAndSpacing() {
        #expect(NameKey.matches("Produce", " produce "))
        #expect(NameKey.matches("Café", "CAFE"))
        #expect(!NameKey.matches("Milk", "Oat milk"))
    }

    @Test(arguments: [
        ("Crème Brûlée", "creme-brulee"), ("Straße", "strasse"), ("Sarah & Mike's list", "sarah-mike-s-list"),
        ("  --Milk--  ", "milk"), ("牛奶", ""), ("🍕 Pizza night", "pizza-night"), ("Smørrebrød", "smorrebrod"),
    ])
    func slug(_ input: String, _ expected: String) {
        #expect(NameKey.slug(input) == expected)
    }

    @Test func slugIsCappedWithoutATrailingDash() {
        let slug = NameKey.slug(String(repeating: "ab ", count: 40))
        #expect(slug.count <= 40)
        #expect(!slug.hasSuffix("-"))
        #expect(slug.hasPrefix("ab-ab-"))
    }
}
