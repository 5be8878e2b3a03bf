/// An exact fraction, so "1/3 cup" scaled by 3 is exactly one cup, and "1/2" + "1/4" is "3/4".
public struct Rational: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let numerator: Int
    /// Always positive.
    public let denominator: Int

    /// - Precondition: `denominator` is not zero.
    public init(_ numerator: Int, _ denominator: Int = 1) {
        precondition(denominator != 0, "a fraction needs a denominator other than zero")
        let divisor = Rational.gcd(abs(numerator), abs(denominator))
        let sign = denominator < 0 ? -1 : 1
        self.numerator = sign * numerator / max(divisor, 1)
        self.denominator = sign * denominator / max(divisor, 1)
    }

    public static let zero = Rational(0)
    public static let one = Rational(1)

    /// Reads `2`, `1.5`, `1,5` (a decimal comma), `3/4` or `.5`; `nil` for anything else.
    public init?(decimal text: Substring) {
        let text = String(text.map { $0 == "," ? "." : $0 })
        if let slash = text.firstIndex(of: "/") {
            guard let top = Int(text[..<slash]), top >= 0, let bottom = Int(text[text.index(after: slash)...]), bottom > 0
            else { return nil }
            self.init(top, bottom)
            return
        }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2 else { return nil }
        let whole = parts[0]
        let fraction = parts.count == 2 ? parts[1] : ""
        guard !(whole.isEmpty && fraction.isEmpty), !(parts.count == 2 && fraction.isEmpty), whole.count <= 9,
            fraction.count <= 6, (whole + fraction).allSatisfy(\.isASCIIDigit)
        else { return nil }
        var scale = 1
        for _ in fraction { scale *= 10 }
        self.init((Int(whole) ?? 0) * scale + (Int(fraction) ?? 0), scale)
    }

    public var isWhole: Bool { denominator == 1 }
    public var doubleValue: Double { Double(numerator) / Double(denominator) }

    public static func + (a: Rational, b: Rational) -> Rational {
        Rational(a.numerator * b.denominator + b.numerator * a.denominator, a.denominator * b.denominator)
    }

    public static func * (a: Rational, b: Rational) -> Rational {
        Rational(a.numerator * b.numerator, a.denominator * b.denominator)
    }

    public static func / (a: Rational, b: Rational) -> Rational {
        Rational(a.numerator * b.denominator, a.denominator * b.numerator)
    }

    public static func < (a: Rational, b: Rational) -> Bool {
        a.numerator * b.denominator < b.numerator * a.denominator
    }

    /// `3/2` — exact and short, for storage when no short decimal is exact.
    public var description: String { isWhole ? String(numerator) : "\(numerator)/\(denominator)" }

    /// How a cook reads it: `2`, `1 1/2`, `3/4`; an awkward fraction as a decimal (`0.17`).
    public var kitchenText: String {
        if isWhole { return String(numerator) }
        guard [2, 3, 4, 8].contains(denominator) else { return decimalText(places: 2) }
        let whole = numerator / denominator
        let rest = abs(numerator % denominator)
        return whole == 0 ? "\(numerator < 0 ? "-" : "")\(rest)/\(denominator)" : "\(whole) \(rest)/\(denominator)"
    }

    /// A decimal rounded to `places` digits, without trailing zeros: `1.5`, `0.33`.
    public func decimalText(places: Int) -> String {
        var scale = 1
        for _ in 0..<places { scale *= 10 }
        let scaled = (abs(numerator) * scale * 2 + denominator) / (2 * denominator)
        let sign = numerator < 0 && scaled != 0 ? "-" : ""
        let whole = scaled / scale
        var fraction = places == 0 ? "" : String(scaled % scale)
        fraction = String(repeating: "0", count: max(0, places - fraction.count)) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return sign + String(whole) + (fraction.isEmpty ? "" : "." + fraction)
    }

    /// The exact decimal text when one with at most four places exists (`1.25`), else `nil`.
    public var exactDecimalText: String? {
        var scale = 1
        for places in 0...4 {
            if (numerator * scale) % denominator == 0 { return decimalText(places: places) }
            scale *= 10
        }
        return nil
    }

    static func gcd(_ a: Int, _ b: Int) -> Int {
        var (a, b) = (a, b)
        while b != 0 { (a, b) = (b, a % b) }
        return a
    }
}

extension Character {
    var isASCIIDigit: Bool { self >= "0" && self <= "9" }
}
