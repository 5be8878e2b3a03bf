/// A unit in a recipe or on a shopping list, under one canonical symbol however it was
/// written: `cups`, `cup` and `c` are all `cup`; `tablespoon`, `Tbsp` and `T` are `tbsp`.
public struct CookingUnit: Sendable, Hashable, CustomStringConvertible {
    /// The canonical symbol, stored in records: `cup`, `tbsp`, `g`, `fl oz`, `clove`.
    public let symbol: String
    /// How more than one is written: `cups`, `cloves`; the same as `symbol` for abbreviations.
    public let plural: String
    /// Units of one family add up after conversion (`g` and `kg`); `nil` for units that only
    /// add to themselves.
    let family: Family?
    /// How many of the family's base unit one of this is.
    let factor: Int

    enum Family: Sendable, Hashable {
        case metricMass, metricVolume
    }

    public var description: String { symbol }

    /// The word for `amount` of this unit: `1 cup`, `2 cups`, `1/2 cup`.
    public func name(for amount: Rational) -> String { amount > .one ? plural : symbol }

    /// Metric amounts read best as decimals (`1.5 kg`); cups and spoons as fractions.
    var prefersDecimals: Bool { family != nil }

    private init(unit symbol: String, plural: String? = nil, family: Family? = nil, factor: Int = 1) {
        self.symbol = symbol
        self.plural = plural ?? symbol
        self.family = family
        self.factor = factor
    }

    /// The unit a word names, or `nil` when it is not a unit.
    /// - Parameter word: one word (or `fl oz`), any case; a trailing `.` is ignored.
    public init?(_ word: String) {
        var word = word
        while word.hasSuffix(".") { word.removeLast() }
        // Capital T is the cook's tablespoon, small t the teaspoon.
        if word == "T" || word == "Tb" { self = .tablespoon; return }
        if word == "t" { self = .teaspoon; return }
        guard let unit = CookingUnit.byName[word.lowercased().replacingDots()] else { return nil }
        self = unit
    }

    /// The unit a stored symbol names; an unknown symbol (another app's) is kept as it is.
    public init(symbol: String) {
        self = CookingUnit(symbol) ?? CookingUnit(unit: symbol)
    }

    public static let teaspoon = CookingUnit(unit: "tsp")
    public static let tablespoon = CookingUnit(unit: "tbsp")
    public static let cup = CookingUnit(unit: "cup", plural: "cups")
    public static let gram = CookingUnit(unit: "g", family: .metricMass)
    public static let kilogram = CookingUnit(unit: "kg", family: .metricMass, factor: 1000)
    public static let milliliter = CookingUnit(unit: "ml", family: .metricVolume)
    public static let liter = CookingUnit(unit: "l", family: .metricVolume, factor: 1000)

    static let all: [(CookingUnit, [String])] = [
        (.teaspoon, ["tsp", "tsps", "teaspoon", "teaspoons"]),
        (.tablespoon, ["tbsp", "tbsps", "tbs", "tbl", "tblsp", "tablespoon", "tablespoons"]),
        (.cup, ["cup", "cups", "c"]),
        (CookingUnit(unit: "fl oz"), ["fl oz", "floz", "fluid ounce", "fluid ounces"]),
        (CookingUnit(unit: "pint", plural: "pints"), ["pint", "pints", "pt"]),
        (CookingUnit(unit: "quart", plural: "quarts"), ["quart", "quarts", "qt"]),
        (CookingUnit(unit: "gallon", plural: "gallons"), ["gallon", "gallons", "gal"]),
        (.milliliter, ["ml", "milliliter", "milliliters", "millilitre", "millilitres"]),
        (
            CookingUnit(unit: "cl", family: .metricVolume, factor: 10),
            ["cl", "centiliter", "centiliters", "centilitre", "centilitres"]
        ),
        (
            CookingUnit(unit: "dl", family: .metricVolume, factor: 100),
            ["dl", "deciliter", "deciliters", "decilitre", "decilitres"]
        ),
        (.liter, ["l", "liter", "liters", "litre", "litres", "ltr"]),
        (.gram, ["g", "gr", "gram", "grams", "gramme", "grammes"]),
        (.kilogram, ["kg", "kgs", "kilo", "kilos", "kilogram", "kilograms", "kilogramme", "kilogrammes"]),
        (CookingUnit(unit: "oz"), ["oz", "ounce", "ounces"]),
        (CookingUnit(unit: "lb"), ["lb", "lbs", "pound", "pounds"]),
        (CookingUnit(unit: "pinch", plural: "pinches"), ["pinch", "pinches"]),
        (CookingUnit(unit: "dash", plural: "dashes"), ["dash", "dashes"]),
        (CookingUnit(unit: "clove", plural: "cloves"), ["clove", "cloves"]),
        (CookingUnit(unit: "can", plural: "cans"), ["can", "cans", "tin", "tins"]),
        (CookingUnit(unit: "jar", plural: "jars"), ["jar", "jars"]),
        (CookingUnit(unit: "bottle", plural: "bottles"), ["bottle", "bottles"]),
        (CookingUnit(unit: "package", plural: "packages"), ["package", "packages", "pack", "packs", "pkg", "packet", "packets"]),
        (CookingUnit(unit: "slice", plural: "slices"), ["slice", "slices"]),
        (CookingUnit(unit: "bunch", plural: "bunches"), ["bunch", "bunches"]),
        (CookingUnit(unit: "stick", plural: "sticks"), ["stick", "sticks"]),
        (CookingUnit(unit: "sprig", plural: "sprigs"), ["sprig", "sprigs"]),
        (CookingUnit(unit: "stalk", plural: "stalks"), ["stalk", "stalks"]),
        (CookingUnit(unit: "head", plural: "heads"), ["head", "heads"]),
        (CookingUnit(unit: "handful", plural: "handfuls"), ["handful", "handfuls"]),
        (CookingUnit(unit: "piece", plural: "pieces"), ["piece", "pieces", "pc", "pcs"]),
    ]

    private static let byName: [String: CookingUnit] = {
        var table: [String: CookingUnit] = [:]
        for (unit, names) in all { for name in names { table[name] = unit } }
        return table
    }()
}

extension String {
    /// `fl. oz` → `fl oz`: abbreviation dots do not change a unit.
    fileprivate func replacingDots() -> String { split(separator: ".").joined().split(separator: " ").joined(separator: " ") }
}
