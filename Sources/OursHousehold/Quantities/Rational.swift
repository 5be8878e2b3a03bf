import Foundation

/// An exact fraction, so "1/3 cup" scaled by 3 is exactly one cup, and "1/2" + "1/4" is "3/4".
///
/// Always in lowest terms. Arithmetic that would overflow `Int` (amounts a hostile file made
/// huge) falls back to the closest fraction with a denominator of at most a million.
public struct Rational: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The numerator in lowest terms; negative for a negative fraction.
    public let numerator: Int
    /// The denominator in lowest terms; always positive.
    public let denominator: Int

    /// The fraction `numerator/denominator`, reduced: `Rational(6, 4)` is `3/2`.
    /// - Precondition: `denominator` is not zero.
    public init(_ numerator: Int, _ denominator: Int = 1) {
        precondition(denominator != 0, "a fraction needs a denominator other than zero")
        let divisor = Rational.gcd(abs(numerator), abs(denominator))
        let sign = denominator < 0 ? -1 : 1
        self.numerator = sign * numerator / max(divisor, 1)
        self.denominator = sign * denominator / max(divisor, 1)
    }

    /// 0.
    public static let zero = Rational(0)
    /// 1.
    public static let one = Rational(1)

    /// Reads `2`, `1.5`, `1,5` (a decimal comma), `3/4` or `.5`; `nil` for anything else.
    init?(decimal text: Substring) {
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

    /// Whether it is a whole number.
    public var isWhole: Bool { denominator == 1 }
    /// The nearest `Double`, for computing with it or formatting it another way.
    public var doubleValue: Double { Double(numerator) / Double(denominator) }

    /// The exact sum.
    public static func + (a: Rational, b: Rational) -> Rational {
        guard let left = checked(a.numerator, b.denominator), let right = checked(b.numerator, a.denominator),
            let denominator = checked(a.denominator, b.denominator)
        else { return Rational(approximating: a.doubleValue + b.doubleValue) }
        let (sum, overflow) = left.addingReportingOverflow(right)
        return overflow ? Rational(approximating: a.doubleValue + b.doubleValue) : Rational(sum, denominator)
    }

    /// The exact difference.
    public static func - (a: Rational, b: Rational) -> Rational { a + Rational(-b.numerator, b.denominator) }

    /// The exact product.
    public static func * (a: Rational, b: Rational) -> Rational {
        // Cross-cancelling first keeps the products small.
        let g1 = max(gcd(abs(a.numerator), b.denominator), 1), g2 = max(gcd(abs(b.numerator), a.denominator), 1)
        guard let top = checked(a.numerator / g1, b.numerator / g2), let bottom = checked(a.denominator / g2, b.denominator / g1)
        else { return Rational(approximating: a.doubleValue * b.doubleValue) }
        return Rational(top, bottom)
    }

    /// The exact quotient.
    /// - Precondition: `b` is not zero.
    public static func / (a: Rational, b: Rational) -> Rational {
        a * Rational(b.denominator * (b.numerator < 0 ? -1 : 1), abs(b.numerator))
    }

    /// By value: `1/3` < `1/2`.
    public static func < (a: Rational, b: Rational) -> Bool {
        guard let left = checked(a.numerator, b.denominator), let right = checked(b.numerator, a.denominator) else {
            return a.doubleValue < b.doubleValue
        }
        return left < right
    }

    /// The whole part, rounded down: `7/2` → 3.
    var floor: Int {
        numerator >= 0 ? numerator / denominator : -((-numerator + denominator - 1) / denominator)
    }

    /// The nearest multiple of `1/denominator`.
    func rounded(toMultipleOf step: Rational) -> Rational {
        let steps = (self / step).doubleValue.rounded()
        return Rational(Int(steps)) * step
    }

    /// The closest fraction with a denominator of at most a million, for a result too big to
    /// keep exactly (amounts a hostile file made huge) or a conversion between systems.
    init(approximating value: Double) {
        guard value.isFinite, abs(value) < 9e12 else {
            self.init(value.isFinite && value < 0 ? -9_000_000_000_000 : (value.isFinite ? 9_000_000_000_000 : 0))
            return
        }
        self.init(Int((value * 1_000_000).rounded()), 1_000_000)
    }

    private static func checked(_ a: Int, _ b: Int) -> Int? {
        let (product, overflow) = a.multipliedReportingOverflow(by: b)
        return overflow ? nil : product
    }

    /// `3/2` — exact and short, for storage when no short decimal is exact.
    public var description: String { isWhole ? String(numerator) : "\(numerator)/\(denominator)" }

    /// How a cook reads it: `2`, `1 1/2`, `3/4`, `1/6`; an awkward fraction as a decimal (`0.23`).
    public var kitchenText: String {
        if isWhole { return String(numerator) }
        guard Rational.kitchenDenominators.contains(denominator) else { return decimalText(places: 2) }
        let whole = numerator / denominator
        let rest = abs(numerator % denominator)
        return whole == 0 ? "\(numerator < 0 ? "-" : "")\(rest)/\(denominator)" : "\(whole) \(rest)/\(denominator)"
    }

    /// A decimal rounded to `places` digits, without trailing zeros: `1.5`, `0.33`.
    func decimalText(places: Int) -> String {
        var scale = 1
        for _ in 0..<places { scale *= 10 }
        guard abs(numerator) < Int.max / (scale * 4), denominator < Int.max / 4 else {
            return String(format: "%.\(places)f", doubleValue)
        }
        let scaled = (abs(numerator) * scale * 2 + denominator) / (2 * denominator)
        let sign = numerator < 0 && scaled != 0 ? "-" : ""
        let whole = scaled / scale
        var fraction = places == 0 ? "" : String(scaled % scale)
        fraction = String(repeating: "0", count: max(0, places - fraction.count)) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return sign + String(whole) + (fraction.isEmpty ? "" : "." + fraction)
    }

    /// The exact decimal text when one with at most four places exists (`1.25`), else `nil`.
    var exactDecimalText: String? {
        var scale = 1
        for places in 0...4 {
            let (product, overflow) = numerator.multipliedReportingOverflow(by: scale)
            if !overflow, product % denominator == 0 { return decimalText(places: places) }
            scale *= 10
        }
        return nil
    }

    /// The denominators of the fractions measuring cups and spoons come in, and thirds halved.
    static let kitchenDenominators: Set<Int> = [2, 3, 4, 6, 8, 16]

    static func gcd(_ a: Int, _ b: Int) -> Int {
        var (a, b) = (a, b)
        while b != 0 { (a, b) = (b, a % b) }
        return a
    }
}

extension Character {
    var isASCIIDigit: Bool { self >= "0" && self <= "9" }
}
