/// When two recipes have the same title: compared after lowercasing, folding accents and
/// dropping punctuation and spacing, so "Banana Bread!" is "banana bread" and "Crème brûlée"
/// is "creme brulee". Only for finding duplicates: a recipe's id never depends on its title.
enum RecipeTitle {
    /// The key two titles are compared by: letters and digits only.
    static func key(_ title: String) -> String {
        String(
            String.UnicodeScalarView(
                NameKey.normalize(title).unicodeScalars.filter { scalar in
                    scalar.properties.isAlphabetic || scalar.properties.numericType != nil
                }))
    }

    static func same(_ a: String, _ b: String) -> Bool { key(a) == key(b) && !key(a).isEmpty }
}
