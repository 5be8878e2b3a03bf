import OursHousehold
import OursSync
import Testing

@Suite struct IngredientTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var line: String
        var amount: Rational?
        var unit: String?
        var name: String
        var note: String?
        var testDescription: String { line }
    }

    @Test(arguments: [
        Case(line: "2 cups flour", amount: Rational(2), unit: "cup", name: "flour"),
        Case(line: "1 1/2 cups sugar", amount: Rational(3, 2), unit: "cup", name: "sugar"),
        Case(line: "½ tsp salt", amount: Rational(1, 2), unit: "tsp", name: "salt"),
        Case(line: "500g butter, softened", amount: Rational(500), unit: "g", name: "butter", note: "softened"),
        Case(line: "3 eggs", amount: Rational(3), name: "eggs"),
        Case(line: "2 large eggs", amount: Rational(2), name: "large eggs"),
        Case(line: "1 (14 oz) can chopped tomatoes", amount: Rational(1), unit: "can", name: "chopped tomatoes", note: "14 oz"),
        Case(line: "a pinch of salt", amount: Rational(1), unit: "pinch", name: "salt"),
        Case(line: "2 cups of milk", amount: Rational(2), unit: "cup", name: "milk"),
        Case(line: "Salt and pepper, to taste", name: "Salt and pepper", note: "to taste"),
        Case(line: "2 T-bone steaks", amount: Rational(2), name: "T-bone steaks"),
        Case(line: "2 cloves", amount: Rational(2), name: "cloves"),
        Case(line: "- 1 onion (red)", amount: Rational(1), name: "onion", note: "red"),
        Case(line: "2-3 fl oz cream", amount: Rational(3), unit: "fl oz", name: "cream"),
    ])
    func parse(_ c: Case) {
        let ingredient = Ingredient(parsing: c.line)
        #expect(ingredient.amount == c.amount)
        #expect(ingredient.unit?.symbol == c.unit)
        #expect(ingredient.name == c.name)
        #expect(ingredient.note == c.note)
        #expect(ingredient.text == c.line)
    }

    @Test func scalingRewritesTheLine() {
        let scaled = Ingredient(parsing: "1 1/2 cups milk, warm").scaled(by: Rational(3, 2))
        #expect(scaled.amount == Rational(9, 4))
        #expect(scaled.text == "2 1/4 cups milk, warm")
        let unscaled = Ingredient(parsing: "salt").scaled(by: Rational(2))
        #expect(unscaled.text == "salt")
        #expect(unscaled.amount == nil)
    }

    @Test func jsonRoundTrip() throws {
        for line in ["1/3 cup oil", "1.5 kg potatoes", "salt, to taste", "2 eggs"] {
            let ingredient = Ingredient(parsing: line)
            #expect(Ingredient(json: ingredient.json) == ingredient)
        }
        #expect(Ingredient(parsing: "1/3 cup oil").json["quantity"] == .string("1/3"))
        #expect(Ingredient(parsing: "1.5 kg potatoes").json["quantity"] == .number("1.5"))
        #expect(Ingredient(json: .string("2 cups flour"))?.unit?.symbol == "cup")
        #expect(Ingredient(json: ["name": "milk", "quantity": 2, "unit": "l"])?.text == "2 l milk")
        #expect(Ingredient(json: ["quantity": 2]) == nil)
    }
}
