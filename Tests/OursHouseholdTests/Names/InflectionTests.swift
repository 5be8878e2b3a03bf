import Testing

@testable import OursHousehold

@Suite struct InflectionTests {
    /// Plural → singular; singulars map to themselves.
    @Test(arguments: [
        ("eggs", "egg"), ("tomatoes", "tomato"), ("potatoes", "potato"), ("berries", "berry"), ("cookies", "cookie"),
        ("pies", "pie"), ("peaches", "peach"), ("radishes", "radish"), ("boxes", "box"), ("leaves", "leaf"),
        ("loaves", "loaf"), ("halves", "half"), ("cloves", "clove"), ("olives", "olive"), ("cheeses", "cheese"),
        ("glasses", "glass"), ("avocados", "avocado"), ("kiwis", "kiwi"), ("anchovies", "anchovy"), ("bags", "bag"),
        ("asparagus", "asparagus"), ("hummus", "hummus"), ("couscous", "couscous"), ("molasses", "molasses"),
        ("swiss", "swiss"), ("bass", "bass"), ("egg", "egg"), ("peas", "pea"), ("gas", "gas"), ("oats", "oats"),
        ("tomates", "tomate"), ("oignons", "oignon"), ("poireaux", "poireau"), ("wortels", "wortel"), ("radis", "radis"),
    ])
    func singular(_ word: String, _ expected: String) {
        #expect(Inflection.singular(word) == expected)
        #expect(Inflection.singular(expected) == expected, "a singular stays as it is")
    }

    @Test(arguments: [
        ("bag", "bags"), ("box", "boxes"), ("bunch", "bunches"), ("berry", "berries"), ("leaf", "leaves"),
        ("potato", "potatoes"), ("day", "days"), ("egg", "eggs"), ("avocado", "avocados"), ("loaf", "loaves"),
    ])
    func plural(_ word: String, _ expected: String) {
        #expect(Inflection.plural(word) == expected)
        #expect(Inflection.singular(expected) == word, "the plural folds back")
    }

    @Test func onlyTheLastWordOfAPhrase() {
        #expect(Inflection.singularPhrase("cherry tomatoes") == "cherry tomato")
        #expect(Inflection.singularPhrase("peas and carrots") == "peas and carrot")
        #expect(Inflection.singularPhrase("eggs") == "egg")
    }
}
