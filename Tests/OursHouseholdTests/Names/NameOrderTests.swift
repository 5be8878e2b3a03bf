import Testing

@testable import OursHousehold

@Suite("Names: listing order")
struct NameOrderTests {
    struct Named {
        let name: String
        let id: String
    }

    /// Sorting by the keys' bytes gives the order comparing the keys as strings gives.
    @Test func byteOrderIsTheOrderOfTheNormalizedNames() {
        let names = [
            "Œufs", "oeufs", "Zucchini", "zucchini", "Äpfel", "Apfel", "apfel", "Ærter", "straße", "Strasse", "Crème fraîche",
            "Creme", "crème", "日本酒", "Bread 10", "Bread 2", "bread", "Ｆｕｌｌ ｗｉｄｔｈ", "", "  spaced   out ", "Éclair", "eclair",
            "ﬁg", "fig", "Ångström", "😀 emoji", "a\u{0301}b", "áb",
        ]
        let items = names.enumerated().map { Named(name: $0.element, id: "id-\(names.count - $0.offset)") }
        let expected = items.map { (NameKey.normalize($0.name), $0) }.sorted { ($0.0, $0.1.id) < ($1.0, $1.1.id) }.map(\.1.id)
        #expect(NameKey.sortedByName(items, name: \.name, id: \.id).map(\.id) == expected)
    }

    /// Any text (here lowercased, not normalized, some of it decomposed) sorts as `String`
    /// sorts it once made `sortingUTF8`.
    @Test func sortingBytesOfAnyTextGiveStringOrder() {
        let names = ["e\u{0301}clair", "éclair", "Eclair", "zebra", "Äpfel", "a\u{0308}pfel", "ﬁg", "fig", "日本", "", "Ω", "Ω"]
        let items = names.enumerated().map { Named(name: $0.element.lowercased(), id: "id-\(names.count - $0.offset)") }
        let expected = items.sorted { ($0.name, $0.id) < ($1.name, $1.id) }.map(\.id)
        #expect(NameKey.sorted(items, by: items.map { NameKey.sortingUTF8($0.name) }, id: \.id).map(\.id) == expected)
    }

    @Test func bytesCompareAsUnsignedLexicographically() {
        #expect(NameKey.compareBytes([], []) == 0)
        #expect(NameKey.compareBytes([1], [1, 0]) < 0)
        #expect(NameKey.compareBytes([0xC3], [0x7A]) > 0)
        #expect(NameKey.compareBytes([2, 1], [1, 9]) > 0)
    }
}
