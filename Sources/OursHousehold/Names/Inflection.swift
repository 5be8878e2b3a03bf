/// Singular and plural of the words on a shopping list, by simple rules: enough to tell that
/// "tomatoes" and "tomato", "berries" and "berry", "bags" and "bag" are the same thing.
///
/// Identity depends on `singular` (ingredient ids are made from it), so its rules are part of
/// the record format: changing one splits records made before the change from those made after.
/// The rules are English ones; a final `s` also folds the plurals of French, Spanish,
/// Portuguese, Dutch and Italian words that take one ("tomates", "oignons", "wortels").
enum Inflection {
    /// The singular of one lowercase word: `tomatoes` → `tomato`, `berries` → `berry`,
    /// `leaves` → `leaf`, `peaches` → `peach`, `eggs` → `egg`; words that only look plural
    /// (`asparagus`, `hummus`, `swiss`, `molasses`) and short words are kept.
    static func singular(_ word: String) -> String {
        if let irregular = irregularSingulars[word] { return irregular }
        if word.count > 4, word.hasSuffix("eaux") { return String(word.dropLast()) }
        guard word.count > 3, word.hasSuffix("s"), !invariant.contains(word) else { return word }
        if word.hasSuffix("ss") || word.hasSuffix("us") { return word }
        if word.hasSuffix("ies") {
            return ieNouns.contains(String(word.dropLast())) ? String(word.dropLast()) : String(word.dropLast(3)) + "y"
        }
        if word.hasSuffix("oes") { return String(word.dropLast(2)) }
        for ending in ["ches", "shes", "xes", "zzes", "sses"] where word.hasSuffix(ending) { return String(word.dropLast(2)) }
        return String(word.dropLast())
    }

    /// The plural of a singular lowercase word, for showing a count: `bag` → `bags`,
    /// `box` → `boxes`, `berry` → `berries`, `leaf` → `leaves`.
    static func plural(_ word: String) -> String {
        if let irregular = irregularPlurals[word] { return irregular }
        guard let last = word.last, last.isLetter, !invariant.contains(word) else { return word }
        if ["ch", "sh", "x", "s", "z"].contains(where: { word.hasSuffix($0) }) { return word + "es" }
        if last == "y", let before = word.dropLast().last, !"aeiou".contains(before) { return word.dropLast() + "ies" }
        if word.hasSuffix("o"), potatoLike.contains(word) { return word + "es" }
        return word + "s"
    }

    /// The last word of a phrase in its singular: `cherry tomatoes` → `cherry tomato`.
    static func singularPhrase(_ phrase: String) -> String {
        guard let space = phrase.lastIndex(of: " ") else { return singular(phrase) }
        return String(phrase[...space]) + singular(String(phrase[phrase.index(after: space)...]))
    }

    /// The last word of a phrase in the plural: `cherry tomato` → `cherry tomatoes`.
    static func pluralPhrase(_ phrase: String) -> String {
        guard let space = phrase.lastIndex(of: " ") else { return plural(phrase) }
        return String(phrase[...space]) + plural(String(phrase[phrase.index(after: space)...]))
    }

    /// Words that end in `s` in the singular.
    static let invariant: Set<String> = [
        "molasses", "series", "species", "haggis", "anis", "gras", "ananas", "mais", "radis", "anchois", "pois", "grits",
        "oats", "swiss", "brussels",
    ]

    /// Nouns whose singular ends in `ie`, so their plural is not a `y` word: `cookies` → `cookie`.
    static let ieNouns: Set<String> = [
        "cookie", "pie", "brownie", "veggie", "smoothie", "calorie", "birdie", "genie", "goalie", "prairie", "rookie",
        "zombie", "movie", "beanie", "hippie", "auntie", "sweetie", "bootie", "lassie", "junkie", "pinkie",
    ]

    /// Words whose plural takes `es` after `o`.
    static let potatoLike: Set<String> = ["potato", "tomato", "mango", "hero", "echo"]

    static let irregularSingulars: [String: String] = [
        "leaves": "leaf", "loaves": "loaf", "halves": "half", "calves": "calf", "people": "person", "geese": "goose",
    ]

    static let irregularPlurals: [String: String] = Dictionary(
        irregularSingulars.map { ($0.value, $0.key) }, uniquingKeysWith: { first, _ in first })
}
