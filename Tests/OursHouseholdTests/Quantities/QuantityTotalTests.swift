import OursHousehold
import Testing

@Suite struct QuantityTotalTests {
    @Test(arguments: [
        (["2 cups", "1 cup"], "3 cups"), (["500 g", "1 kg"], "1.5 kg"), (["200 g", "300g"], "500 g"),
        (["1 cup", "2 tbsp"], "1 cup + 2 tbsp"), (["2", "1"], "3"), (["1/2 cup", "1/4 cup"], "3/4 cup"),
        (["250 ml", "1 l"], "1.25 l"), (["300 ml", "2 dl"], "500 ml"), (["2 dl", "1 dl"], "3 dl"),
        (["a big bag", "2", "a big bag"], "2 + a big bag"), (["2 cans", "1 can"], "3 cans"), ([], ""),
        (["1 cup + 2 tbsp", "1 tbsp"], "1 cup + 3 tbsp"),
    ])
    func adding(_ parts: [String], _ expected: String) {
        var total = QuantityTotal()
        for part in parts { total.add(QuantityTotal(parsing: part)) }
        #expect(total.description == expected)
    }

    @Test func scaling() {
        #expect(QuantityTotal(parsing: "1 1/2 cups").scaled(by: Rational(3, 2)).description == "2 1/4 cups")
        #expect(QuantityTotal(parsing: "500 g + a sprinkle").scaled(by: Rational(1, 2)).description == "250 g + a sprinkle")
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
        ]
        let lines = Consolidation.lines(entries)
        #expect(lines.map(\.name) == ["Butter", "eggs", "Flour"])
        #expect(lines.map(\.total.description) == ["250 g", "7", "3 cups"])
        #expect(lines[1].lists == ["Groceries", "Party"])
        #expect(lines[2].recipes == ["Pancakes"])
        #expect(lines[2].itemIDs == ["1", "2"])
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
