/// Keys that put a recipe's ingredients and steps in order without renumbering the others:
/// each element stores its key, the list is sorted by key (then element id), and a new element
/// gets a key between its neighbours'. So moving, adding or removing one element writes that
/// element alone, and two devices editing different elements never touch the same field
/// (fractional indexing, as collaborative editors order lists).
///
/// Keys are strings of `0`–`9` and `a`–`z` compared as strings; none ends in `0`, so there is
/// always room between two of them.
enum OrderKey {
    static let digits = Array("0123456789abcdefghijklmnopqrstuvwxyz")

    /// A key strictly between `lower` and `upper`; `nil` is the open end.
    /// - Precondition: `lower` sorts before `upper` when both are given (otherwise a key after
    ///   `lower` is returned).
    static func between(_ lower: String?, _ upper: String?) -> String {
        let low = (lower ?? "").map(value)
        var high = upper.map { $0.map(value) }
        if let bound = high, !(lower ?? "").lexicographicallyPrecedes(upper!) || bound.isEmpty { high = nil }
        var result: [Int] = []
        for position in 0..<64 {
            let a = position < low.count ? low[position] : 0
            let b = high.map { position < $0.count ? $0[position] : 0 } ?? digits.count
            if a == b {
                result.append(a)
                continue
            }
            let middle = (a + b) / 2
            if middle > a {
                result.append(middle)
                return String(result.map { digits[$0] })
            }
            // Neighbouring digits: keep the lower one and look for room after it.
            result.append(a)
            high = nil
        }
        return String(result.map { digits[$0] }) + "h"
    }

    /// `count` keys in order, spread out so elements can later be put between any two.
    static func spread(_ count: Int) -> [String] {
        guard count > 0 else { return [] }
        var width = 1
        var span = digits.count
        while span <= 2 * (count + 1), width < 8 {
            width += 1
            span *= digits.count
        }
        let step = span / (count + 1)
        return (1...count).map { index in
            var value = index * step
            var characters: [Character] = []
            for _ in 0..<width {
                characters.insert(digits[value % digits.count], at: 0)
                value /= digits.count
            }
            while characters.last == "0" { characters.removeLast() }
            return String(characters)
        }
    }

    private static func value(_ character: Character) -> Int {
        digits.firstIndex(of: character) ?? (character < "0" ? 0 : digits.count - 1)
    }
}
