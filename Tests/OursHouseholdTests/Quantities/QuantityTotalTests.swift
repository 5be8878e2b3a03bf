import Testing

@testable import OursHousehold

@Suite struct QuantityTotalTests {
    /// Sums, each shown in the unit a cook would say.
    @Test(arguments: [
        (["2 cups", "1 cup"], "3 cups"), (["500 g", "1 kg"], "1.5 kg"), (["200 g", "300g"], "500 g"),
        (["1 cup", "2 tbsp"], "1 cup + 2 tbsp"), (["2", "1"], "3"), (["1/2 cup", "1/4 cup"], "3/4 cup"),
        (["250 ml", "1 l"], "1.25 l"), (["300 ml", "2 dl"], "500 ml"), (["2 dl", "1 dl"], "3 dl"),
        (["a big bag", "2", "a big bag"], "2 + a big bag"), (["2 cans", "1 can"], "3 cans"), ([], ""),
        (["1 cup + 2 tbsp", "1 tbsp"], "1 cup + 3 tbsp"),
        // Spoons and cups.
        (["1 tbsp", "3 tsp"], "2 tbsp"), (["1 tbsp", "1 tsp"], "1 tbsp + 1 tsp"), (["4 tsp"], "4 tsp"),
        (["8 tbsp", "8 tbsp"], "1 cup"), (["1/4 cup", "2 tbsp"], "6 tbsp"), (["1/3 cup", "1/3 cup"], "2/3 cup"),
        (["1 cup", "1 fl oz"], "1 cup + 2 tbsp"), (["2 fl oz", "2 fl oz"], "4 fl oz"), (["1 pint", "1 cup"], "1 1/2 pints"),
        (["1 quart", "1 pint"], "1 1/2 quarts"), (["1 gallon", "2 quarts"], "1 1/2 gallons"),
        (["1/2 tsp", "1/4 tsp"], "3/4 tsp"),
        // Weights.
        (["1 lb", "8 oz"], "1.5 lb"), (["12 oz", "8 oz"], "1.25 lb"), (["8 oz"], "8 oz"), (["1 lb", "5 oz"], "1 lb + 5 oz"),
        (["2 lb", "1 lb"], "3 lb"), (["4 oz", "4 oz"], "8 oz"),
        // Metric with US: the first system given, the other converted.
        (["1 cup", "250 ml"], "2 cups + 1 tbsp"), (["500 ml", "1 cup"], "737 ml"), (["1 lb", "500 g"], "2 lb + 2 oz"),
        (["100 g", "1 oz"], "128 g"), (["1 kg", "1 lb"], "1.45 kg"),
        // Counts and words.
        (["2 eggs", "1 egg"], "3 eggs"), (["1 bag", "2 bags"], "3 bags"), (["2 dozen", "6"], "30"),
        (["1 box", "1 boxes"], "2 boxes"), (["1 cup", "200 g"], "1 cup + 200 g"),
    ])
    func adding(_ parts: [String], _ expected: String) {
        var total = QuantityTotal()
        for part in parts { total.add(QuantityTotal(parsing: part)) }
        #expect(total.description == expected)
    }

    /// Scaled amounts stay in a cook's unit: never `0.17 cup`.
    @Test(arguments: [
        ("1 1/2 cups", Rational(3, 2), "2 1/4 cups"), ("500 g + a sprinkle", Rational(1, 2), "250 g + a sprinkle"),
        ("1/3 cup", Rational(1, 2), "1/6 cup"), ("1/4 cup", Rational(1, 2), "2 tbsp"),
        ("1/3 cup", Rational(1, 4), "1 tbsp + 1 tsp"),
        ("1 tbsp", Rational(1, 3), "1 tsp"), ("2 cups", Rational(1, 3), "2/3 cup"), ("1 tsp", Rational(1, 8), "1/8 tsp"),
        ("1 kg", Rational(1, 3), "333 g"), ("1 lb", Rational(1, 2), "0.5 lb"), ("1 lb", Rational(1, 8), "2 oz"),
        ("3 eggs", Rational(1, 2), "1 1/2 eggs"),
        ("1 l", Rational(3, 2), "1.5 l"), ("3/4 cup", Rational(2), "1 1/2 cups"), ("1 cup", Rational(1, 16), "1 tbsp"),
    ])
    func scaling(_ text: String, _ factor: Rational, _ expected: String) {
        #expect(QuantityTotal(parsing: text).scaled(by: factor).description == expected)
    }

    @Test func aUnitThatIsTheItemsOwnNameIsACount() {
        #expect(QuantityTotal(parsing: "2 eggs", of: "eggs").description == "2")
        var total = QuantityTotal(parsing: "2 eggs", of: "Large Eggs")
        total.add(QuantityTotal(parsing: "1", of: "Large Eggs"))
        #expect(total.description == "3")
        #expect(QuantityTotal(parsing: "2 bags", of: "ice").description == "2 bags")
        let item = GroceryItem(
            id: "x", listID: "g", name: "eggs", quantity: "2 eggs",
            sources: [.init(key: "a", recipe: "Pancakes", recipeID: "a", quantity: "1")])
        #expect(item.total.description == "3")
    }

    @Test func consolidationMergesAcrossListsAndPlurals() {
        let groceries = GroceryList(id: "g", name: "Groceries")
        let party = GroceryList(id: "p", name: "Party")
        let entries: [(item: GroceryItem, list: GroceryList)] = [
            (GroceryItem(id: "1", listID: "g", name: "Flour", quantity: "1 cup"), groceries),
            (
                GroceryItem(
                    id: "2", listID: "p", name: "flour",
                    sources: [.init(key: "r", recipe: "Pancakes", recipeID: "r", quantity: "2 cups")]), party
            ),
            (GroceryItem(id: "3", listID: "g", name: "Egg", quantity: "1"), groceries),
            (GroceryItem(id: "4", listID: "p", name: "eggs", quantity: "6"), party),
            (GroceryItem(id: "5", listID: "g", name: "Milk", checked: true, quantity: "1 l"), groceries),
            (GroceryItem(id: "6", listID: "g", name: "Butter", quantity: "250 g", category: "Dairy"), groceries),
            (GroceryItem(id: "7", listID: "g", name: "basil", quantity: "1 bunch"), groceries),
            (
                GroceryItem(
                    id: "8", listID: "p", name: "Fresh Basil",
                    sources: [.init(key: "r", recipe: "Pesto", recipeID: "r", quantity: "2 cups")]), party
            ),
            (GroceryItem(id: "9", listID: "p", name: "basil", quantity: "2 bunches"), party),
        ]
        let lines = Consolidation.lines(entries)
        #expect(lines.map(\.name) == ["Butter", "basil", "Egg", "Flour"])
        #expect(lines.map(\.total.description) == ["250 g", "3 bunches + 2 cups", "7", "3 cups"])
        #expect(lines[1].ingredientID == SemanticID.ingredient(named: "basil"))
        #expect(lines[1].itemIDs == ["7", "8", "9"])
        #expect(lines[2].ingredientID == SemanticID.ingredient(named: "eggs"))
        #expect(lines[2].lists == ["Groceries", "Party"])
        #expect(lines[3].recipes == ["Pancakes"])
        #expect(lines[3].itemIDs == ["1", "2"])
    }

    @Test func itemTotalsAddItsOwnQuantityAndItsSources() {
        let item = GroceryItem(
            id: "x", listID: "g", name: "milk", quantity: "1 l",
            sources: [
                .init(key: "a", recipe: "Pancakes", recipeID: "a", quantity: "250 ml"),
                .init(key: "b", recipe: "Soup", recipeID: "b", quantity: nil),
            ])
        #expect(item.total.description == "1.25 l")
        #expect(item.quantityParts == ["1 l", "250 ml (Pancakes)", "(Soup)"])
    }
}
