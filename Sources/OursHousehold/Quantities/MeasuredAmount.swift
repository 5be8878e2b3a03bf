/// An amount of one kind of measure (volume or mass), added up exactly within each system —
/// teaspoons for US volumes, ounces for US weights, millilitres and grams for metric — and
/// said the way a cook would say it: `1 tbsp + 3 tsp` is `2 tbsp`, `1 lb + 8 oz` is `1.5 lb`,
/// half of `1/3 cup` is `1/6 cup`, never `0.17 cup`.
struct MeasuredAmount: Sendable, Hashable {
    let kind: CookingUnit.Kind
    /// In teaspoons or ounces.
    private(set) var us: Rational = .zero
    /// In millilitres or grams.
    private(set) var metric: Rational = .zero
    /// The system of the first amount added: a total of both is said in it.
    private(set) var system: CookingUnit.System
    /// The units the amounts were given in, in the order first seen.
    private(set) var units: [CookingUnit] = []

    init(_ amount: Rational, _ unit: CookingUnit) {
        let measure = unit.measure!
        kind = measure.kind
        system = measure.system
        add(amount, unit)
    }

    /// - Precondition: `unit` measures the same kind.
    mutating func add(_ amount: Rational, _ unit: CookingUnit) {
        guard let measure = unit.measure, measure.kind == kind else { return }
        if measure.system == .us { us = us + amount * measure.factor } else { metric = metric + amount * measure.factor }
        if !units.contains(unit) { units.append(unit) }
    }

    mutating func add(_ other: MeasuredAmount) {
        us = us + other.us
        metric = metric + other.metric
        for unit in other.units where !units.contains(unit) { units.append(unit) }
    }

    func scaled(by factor: Rational) -> MeasuredAmount {
        var copy = self
        copy.us = us * factor
        copy.metric = metric * factor
        return copy
    }

    /// The amount in base units of `system`, the other system's part converted and rounded to
    /// what can be measured (1/8 tsp, 1/16 oz, 1 ml or 1 g).
    private var base: Rational {
        let perUS = kind == .volume ? MeasuredAmount.millilitresPerTeaspoon : MeasuredAmount.gramsPerOunce
        switch system {
        case .us:
            guard metric != .zero else { return us }
            let converted = Rational(approximating: metric.doubleValue / perUS)
            return us + converted.rounded(toMultipleOf: MeasuredAmount.roundingStep(converted, kind))
        case .metric:
            guard us != .zero else { return metric }
            return metric + Rational(approximating: us.doubleValue * perUS).rounded(toMultipleOf: .one)
        }
    }

    /// How finely an amount converted from metric is kept: to a measurable fraction of the
    /// nearest spoon, or ounce, for its size — a conversion is never exact anyway.
    private static func roundingStep(_ amount: Rational, _ kind: CookingUnit.Kind) -> Rational {
        switch kind {
        case .volume: amount < Rational(3) ? Rational(1, 8) : amount < Rational(12) ? Rational(1, 2) : Rational(3)
        case .mass: amount < .one ? Rational(1, 8) : amount < Rational(16) ? Rational(1, 4) : .one
        }
    }

    /// A US teaspoon is 1/768 of a gallon of 231 cubic inches: 4.92892159375 ml exactly.
    static let millilitresPerTeaspoon = 4.92892159375
    /// The international avoirdupois ounce: 28.349523125 g exactly.
    static let gramsPerOunce = 28.349523125

    /// How a cook says it: one quantity, or a whole number of a larger unit and the rest.
    var spoken: [Quantity] {
        let used = units.filter { $0.measure?.system == system }
        let units = used.isEmpty ? [system == .us ? (kind == .volume ? CookingUnit.cup : .ounce) : ladder.last!] : used
        return system == .us ? spokenUS(base, used: units) : spokenMetric(base, used: units)
    }

    private var ladder: [CookingUnit] {
        switch (kind, system) {
        case (.volume, .us): [.gallon, .quart, .pint, .cup, .fluidOunce, .tablespoon, .teaspoon]
        case (.mass, .us): [.pound, .ounce]
        case (.volume, .metric): [.liter, .deciliter, .centiliter, .milliliter]
        case (.mass, .metric): [.kilogram, .gram]
        }
    }

    /// Units a cook reaches for whether or not the amounts used them: cups and spoons, pounds
    /// and ounces. Pints, quarts, gallons and fluid ounces only when an amount was given in them.
    private static let everyday: Set<CookingUnit> = [.cup, .tablespoon, .teaspoon, .pound, .ounce]

    private func spokenUS(_ base: Rational, used: [CookingUnit]) -> [Quantity] {
        let largest = used.map { $0.measure!.factor }.max()!
        let candidates = ladder.filter { used.contains($0) || MeasuredAmount.everyday.contains($0) }
        for (index, unit) in candidates.enumerated() {
            let factor = unit.measure!.factor
            let amount = base / factor
            if largest < factor {
                // A larger unit than any given: only when it says the amount exactly ("3 cups").
                if !(amount < .one), MeasuredAmount.isNice(amount, unit) { return [Quantity(amount, unit)] }
                continue
            }
            if MeasuredAmount.isNice(amount, unit), !(amount < MeasuredAmount.minimum(unit)) { return [Quantity(amount, unit)] }
            guard !(amount < .one) else { continue }
            let whole = Rational(amount.floor)
            let rest = base - whole * factor
            let smallerUnits = candidates.dropFirst(index + 1)
            for smaller in smallerUnits.filter(MeasuredAmount.everyday.contains)
                + smallerUnits.filter({ !MeasuredAmount.everyday.contains($0) })
            {
                let part = rest / smaller.measure!.factor
                if MeasuredAmount.isNice(part, smaller), !(part < MeasuredAmount.minimum(smaller)) {
                    return [Quantity(whole, unit), Quantity(part, smaller)]
                }
            }
        }
        let smallest = candidates.last { used.contains($0) } ?? candidates.last!
        return [Quantity(base / smallest.measure!.factor, smallest)]
    }

    private func spokenMetric(_ base: Rational, used: [CookingUnit]) -> [Quantity] {
        let big = ladder[0], unit = ladder.last!
        if !(base < Rational(1000)) { return [Quantity(base / big.measure!.factor, big)] }
        if used.count == 1, let only = used.first, only != unit {
            let amount = base / only.measure!.factor
            if !(amount < .one), (amount * Rational(10)).isWhole { return [Quantity(amount, only)] }
        }
        let smallest = used.min { $0.measure!.factor < $1.measure!.factor }!
        let amount = base / smallest.measure!.factor
        return [amount < .one ? Quantity(base, unit) : Quantity(amount, smallest)]
    }

    /// Whether an amount of `unit` is one a cook measures: cups in halves, thirds and
    /// quarters (and 1/6 below one cup), tablespoons in halves, teaspoons down to eighths.
    static func isNice(_ amount: Rational, _ unit: CookingUnit) -> Bool {
        let denominator = amount.denominator
        switch unit {
        case .cup: return [1, 2, 3, 4].contains(denominator) || (denominator == 6 && amount < .one)
        case .tablespoon, .fluidOunce, .pint: return [1, 2].contains(denominator)
        case .teaspoon: return [1, 2, 3, 4, 8].contains(denominator)
        case .quart, .gallon, .pound, .ounce: return [1, 2, 4].contains(denominator)
        default: return (amount * Rational(100)).isWhole
        }
    }

    /// The least of a unit a cook would say rather than switching to a smaller one.
    private static func minimum(_ unit: CookingUnit) -> Rational {
        switch unit {
        case .cup: Rational(1, 6)
        case .tablespoon, .fluidOunce, .pint: Rational(1, 2)
        case .quart, .gallon, .pound: Rational(1, 4)
        default: .zero
        }
    }
}
