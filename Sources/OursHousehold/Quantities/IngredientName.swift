/// The one canonical name of an ingredient, however a recipe or a person wrote it:
/// "2 cups Fresh Basil", "basil" and "Basil, chopped" are all `basil`; "3 large Eggs" is `egg`.
///
/// Lowercase, accents folded (`NameKey.normalize`), the quantity, unit and notes removed (as
/// `Ingredient(parsing:)` reads them), preparation and size words removed ("fresh", "chopped",
/// "large"; a few in French, German, Spanish, Italian, Dutch and Portuguese), and the last word
/// in the singular (`Inflection`).
///
/// Ingredient ids are made from it, so it is part of the record format: the pinned cases in
/// `IngredientNameTests` keep it from changing by accident, which would make two records of
/// one ingredient.
enum IngredientName {
    /// The canonical name; empty only for an empty text.
    static func canonical(_ text: String) -> String {
        let parsed = Ingredient(parsing: text).name
        let words = NameKey.normalize(parsed).split(separator: " ").map { String($0.trimmingEdgePunctuation) }
            .filter { !$0.isEmpty }
        var kept = ArraySlice(words)
        while let first = kept.first, leading.contains(first), kept.count > 1 { kept = kept.dropFirst() }
        while let last = kept.last, trailing.contains(last), kept.count > 1 { kept = kept.dropLast() }
        while kept.count > 2, let phrase = trailingPhrases.first(where: { kept.suffix($0.count).elementsEqual($0) }) {
            kept = kept.dropLast(phrase.count)
        }
        guard !kept.isEmpty else { return NameKey.normalize(parsed) }
        return Inflection.singularPhrase(kept.joined(separator: " "))
    }

    /// The name to shop for, as the recipe wrote it but without preparation and size words:
    /// "Fresh Basil" → "Basil", "large eggs" → "eggs". Case and plural are kept.
    static func display(_ name: String) -> String {
        var words = ArraySlice(NameKey.display(name).split(separator: " "))
        func key(_ word: Substring?) -> String { word.map { NameKey.normalize(String($0)) } ?? "" }
        while words.count > 1, leading.contains(key(words.first)) { words = words.dropFirst() }
        while words.count > 1, trailing.contains(key(words.last)) { words = words.dropLast() }
        return words.joined(separator: " ")
    }

    /// Words that describe how an ingredient is prepared or how big it is, before its name.
    static let leading: Set<String> = [
        // English
        "fresh", "freshly", "chopped", "finely", "roughly", "coarsely", "thinly", "thickly", "diced", "minced", "sliced",
        "grated", "shredded", "crushed", "peeled", "large", "small", "medium", "medium-sized", "extra-large", "big",
        "jumbo", "beaten", "melted", "softened", "sifted", "halved", "quartered", "cubed", "trimmed", "rinsed", "drained",
        "ripe", "organic", "good-quality", "lightly", "packed", "heaped", "heaping", "level", "loosely", "firmly", "cold",
        "warm", "boneless", "skinless", "about", "approximately", "approx", "some", "the", "few",
        // German
        "frisch", "frische", "frischer", "frisches", "frischen", "gehackt", "gehackte", "gehackter", "gehacktes",
        "gehackten", "klein", "kleine", "kleiner", "kleines", "kleinen", "groß", "große", "großer", "großes", "großen",
        "fein", "feine", "geriebene", "geriebener", "geriebenes", "gewurfelte", "gewurfelter", "reife", "reifer",
        // Dutch
        "vers", "verse", "fijngehakt", "fijngehakte", "fijngesneden", "gesneden", "grote", "groot",
        // French, before the noun
        "gros", "grosse",
    ]

    /// The same words after the name, where French, Spanish, Italian and Portuguese put them.
    static let trailing: Set<String> = [
        // English
        "chopped", "diced", "minced", "sliced", "grated", "peeled", "halved", "quartered", "crushed", "softened", "melted",
        "beaten", "optional", "divided", "drained", "rinsed", "q.b",
        // French
        "hache", "hachee", "haches", "hachees", "emince", "emincee", "eminces", "emincees", "coupe", "coupee", "coupes",
        "coupees", "pele", "pelee", "peles", "pelees", "moyen", "moyenne", "moyens", "moyennes",
        // Spanish and Portuguese
        "picado", "picada", "picados", "picadas", "grande", "grandes", "pequeno", "pequena", "pequenos", "pequenas",
        "mediano", "mediana", "medianos", "medianas", "medio", "media", "ralado", "ralada", "rallado", "rallada",
        // Italian
        "tritato", "tritata", "tritati", "tritate", "grandi", "piccolo", "piccola", "piccoli", "piccole", "grattugiato",
        "grattugiata",
    ]

    /// Phrases after the name that say how much or what for.
    static let trailingPhrases: [[String]] = [
        ["to", "taste"], ["for", "garnish"], ["for", "serving"], ["for", "the", "pan"], ["as", "needed"],
    ]
}

extension SemanticID {
    /// The id of the ingredient a text names: the same for every way of writing it
    /// (`IngredientName.canonical`), so two devices that meet "Basil" offline make one record.
    static func ingredient(named text: String) -> String {
        let canonical = IngredientName.canonical(text)
        return make(RecordTypes.ingredient, name: canonical, key: canonical)
    }
}

extension Substring {
    /// Without the punctuation a word picks up at its edges: `basil,` → `basil`, `*salt` → `salt`.
    fileprivate var trimmingEdgePunctuation: Substring {
        guard let first = firstIndex(where: { $0.isLetter || $0.isNumber }),
            let last = lastIndex(where: { $0.isLetter || $0.isNumber })
        else { return "" }
        return self[first...last]
    }
}
