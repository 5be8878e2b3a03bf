import OursSync
import Testing

@testable import OursHousehold

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
        Case(line: "1-1/2 cups sugar", amount: Rational(3, 2), unit: "cup", name: "sugar"),
        Case(line: "1 1/2 cups / 187 g flour", amount: Rational(3, 2), unit: "cup", name: "flour", note: "187 g"),
        Case(line: "227g (1 cup) butter", amount: Rational(227), unit: "g", name: "butter", note: "1 cup"),
        Case(line: "1 cup (125 g) flour, sifted", amount: Rational(1), unit: "cup", name: "flour", note: "125 g; sifted"),
        Case(line: "1 14-ounce can coconut milk", amount: Rational(1), unit: "can", name: "coconut milk", note: "14 oz"),
        Case(line: "2 x 400g tins chopped tomatoes", amount: Rational(2), unit: "can", name: "chopped tomatoes", note: "400 g"),
        Case(line: "2 x 250g butter", amount: Rational(500), unit: "g", name: "butter"),
        Case(line: "3 bags ice", amount: Rational(3), unit: "bag", name: "ice"),
        Case(line: "2 dozen eggs", amount: Rational(24), name: "eggs"),
        Case(line: "a dozen oysters", amount: Rational(12), name: "oysters"),
        Case(line: "½ tsp. salt", amount: Rational(1, 2), unit: "tsp", name: "salt"),
        Case(line: "1⅓ cups milk", amount: Rational(4, 3), unit: "cup", name: "milk"),
        Case(line: "2 EL Olivenöl", amount: Rational(2), unit: "tbsp", name: "Olivenöl"),
        Case(line: "▢ 2 cloves garlic, minced", amount: Rational(2), unit: "clove", name: "garlic", note: "minced"),
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
