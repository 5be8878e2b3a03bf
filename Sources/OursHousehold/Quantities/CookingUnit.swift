/// A unit in a recipe or on a shopping list, under one canonical symbol however it was
/// written: `cups`, `cup` and `c` are all `cup`; `tablespoon`, `Tbsp` and `T` are `tbsp`.
public struct CookingUnit: Sendable, Hashable, CustomStringConvertible {
    /// The canonical symbol, stored in records: `cup`, `tbsp`, `g`, `fl oz`, `clove`.
    public let symbol: String
    /// How more than one is written: `cups`, `cloves`; the same as `symbol` for abbreviations.
    public let plural: String
    /// What it measures and how many of its system's base unit one is; `nil` for units that
    /// only add to themselves (`can`, `clove`, `bag`).
    let measure: Measure?

    /// A measure of volume or mass in US customary or metric units. Each kind and system has
    /// a base unit (teaspoon, millilitre, ounce, gram) in which amounts add exactly.
    struct Measure: Sendable, Hashable {
        var kind: Kind
        var system: System
        /// How many base units one of this unit is.
        var factor: Rational
    }

    enum Kind: String, Sendable, Hashable { case volume, mass }
    enum System: Sendable, Hashable { case us, metric }

    /// The symbol: `cup`, `tbsp`.
    public var description: String { symbol }

    /// The word for `amount` of this unit: `1 cup`, `2 cups`, `1/2 cup`.
    public func name(for amount: Rational) -> String { amount > .one ? plural : symbol }

    /// Metric units and weights read best as decimals (`1.5 kg`, `1.5 lb`); cups and spoons
    /// as fractions (`2 1/4 cups`).
    var prefersDecimals: Bool { measure.map { $0.system == .metric || $0.kind == .mass } ?? false }

    private init(unit symbol: String, plural: String? = nil, _ kind: Kind? = nil, _ system: System = .us, factor: Int = 1) {
        self.symbol = symbol
        self.plural = plural ?? symbol
        self.measure = kind.map { Measure(kind: $0, system: system, factor: Rational(factor)) }
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

    /// The unit a stored symbol names. An unknown word (`bags`, another app's symbol) is a unit
    /// of its own, kept in the singular so `2 bags` and `1 bag` add up.
    public init(symbol: String) {
        if let known = CookingUnit(symbol) {
            self = known
            return
        }
        let word = NameKey.display(symbol).lowercased()
        let singular = Inflection.singular(word)
        self.init(unit: singular, plural: word != singular ? word : Inflection.plural(singular))
    }

    /// US teaspoon, `tsp`: the base of US volumes.
    public static let teaspoon = CookingUnit(unit: "tsp", .volume)
    /// US tablespoon, `tbsp`: 3 teaspoons.
    public static let tablespoon = CookingUnit(unit: "tbsp", .volume, factor: 3)
    /// US fluid ounce, `fl oz`: 2 tablespoons.
    public static let fluidOunce = CookingUnit(unit: "fl oz", .volume, factor: 6)
    /// US cup, `cup`: 16 tablespoons.
    public static let cup = CookingUnit(unit: "cup", plural: "cups", .volume, factor: 48)
    /// US pint, `pint`: 2 cups.
    public static let pint = CookingUnit(unit: "pint", plural: "pints", .volume, factor: 96)
    /// US quart, `quart`: 2 pints.
    public static let quart = CookingUnit(unit: "quart", plural: "quarts", .volume, factor: 192)
    /// US gallon, `gallon`: 4 quarts.
    public static let gallon = CookingUnit(unit: "gallon", plural: "gallons", .volume, factor: 768)
    /// Millilitre, `ml`: the base of metric volumes.
    public static let milliliter = CookingUnit(unit: "ml", .volume, .metric)
    /// Centilitre, `cl`: 10 ml.
    public static let centiliter = CookingUnit(unit: "cl", .volume, .metric, factor: 10)
    /// Decilitre, `dl`: 100 ml.
    public static let deciliter = CookingUnit(unit: "dl", .volume, .metric, factor: 100)
    /// Litre, `l`: 1000 ml.
    public static let liter = CookingUnit(unit: "l", .volume, .metric, factor: 1000)
    /// Ounce of weight, `oz`: the base of US weights.
    public static let ounce = CookingUnit(unit: "oz", .mass)
    /// Pound, `lb`: 16 ounces.
    public static let pound = CookingUnit(unit: "lb", .mass, factor: 16)
    /// Gram, `g`: the base of metric weights.
    public static let gram = CookingUnit(unit: "g", .mass, .metric)
    /// Kilogram, `kg`: 1000 g.
    public static let kilogram = CookingUnit(unit: "kg", .mass, .metric, factor: 1000)
    /// A can (or tin): counted, never converted.
    public static let can = CookingUnit(unit: "can", plural: "cans")

    static let all: [(CookingUnit, [String])] = measured + counted

    private static let measured: [(CookingUnit, [String])] = [
        (.teaspoon, ["tsp", "tsps", "teaspoon", "teaspoons", "tl", "cc", "cdta", "cdtas", "cucharadita", "cucharaditas"]),
        (
            .tablespoon,
            [
                "tbsp", "tbsps", "tbs", "tbl", "tblsp", "tablespoon", "tablespoons", "el", "cs", "cda", "cdas", "cucharada",
                "cucharadas",
            ]
        ),
        (.cup, ["cup", "cups", "c"]),
        (.fluidOunce, ["fl oz", "floz", "fluid ounce", "fluid ounces"]),
        (.pint, ["pint", "pints", "pt"]),
        (.quart, ["quart", "quarts", "qt"]),
        (.gallon, ["gallon", "gallons", "gal"]),
        (.milliliter, ["ml", "milliliter", "milliliters", "millilitre", "millilitres", "mls"]),
        (.centiliter, ["cl", "centiliter", "centiliters", "centilitre", "centilitres"]),
        (.deciliter, ["dl", "deciliter", "deciliters", "decilitre", "decilitres"]),
        (.liter, ["l", "liter", "liters", "litre", "litres", "ltr"]),
        (.gram, ["g", "gr", "grs", "gram", "grams", "gramme", "grammes", "gramm", "grammi", "gramos"]),
        (.kilogram, ["kg", "kgs", "kilo", "kilos", "kilogram", "kilograms", "kilogramme", "kilogrammes"]),
        (.ounce, ["oz", "ounce", "ounces"]),
        (.pound, ["lb", "lbs", "pound", "pounds"]),
    ]

    private static func counted(_ singular: String, _ plural: String, _ more: [String] = []) -> (CookingUnit, [String]) {
        (CookingUnit(unit: singular, plural: plural), [singular, plural] + more)
    }

    private static let counted: [(CookingUnit, [String])] = [
        counted("pinch", "pinches"), counted("dash", "dashes"), counted("clove", "cloves"),
        (.can, ["can", "cans", "tin", "tins"]), counted("jar", "jars"), counted("bottle", "bottles"),
        counted("package", "packages", ["pack", "packs", "pkg", "pkgs", "packet", "packets"]), counted("slice", "slices"),
        counted("bunch", "bunches"), counted("stick", "sticks"), counted("sprig", "sprigs"), counted("stalk", "stalks"),
        counted("head", "heads"), counted("handful", "handfuls"), counted("piece", "pieces", ["pc", "pcs"]),
        counted("bag", "bags"), counted("box", "boxes"), counted("carton", "cartons"), counted("tub", "tubs"),
        counted("block", "blocks"), counted("bar", "bars"), counted("sachet", "sachets"), counted("envelope", "envelopes"),
        counted("container", "containers"), counted("punnet", "punnets"), counted("bulb", "bulbs"), counted("drop", "drops"),
        counted("loaf", "loaves"), counted("pot", "pots"),
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
