import Testing

@testable import OursHousehold

/// The one normalisation every ingredient goes through. Its output makes ingredient ids, so
/// these cases pin it: changing one splits existing households' ingredients in two.
@Suite struct IngredientNameTests {
    @Test(arguments: [
        // The same thing, however it is written.
        ("basil", "basil"), ("Basil", "basil"), ("  BASIL ", "basil"), ("2 cups Fresh Basil", "basil"),
        ("fresh basil, chopped", "basil"), ("Basil (Thai)", "basil"), ("1 bunch basil leaves", "basil leaf"),
        ("3 large Eggs", "egg"), ("eggs", "egg"), ("1 egg", "egg"), ("2 dozen eggs", "egg"),
        ("1 large onion, finely chopped", "onion"), ("2 medium onions", "onion"), ("Onions", "onion"),
        ("500 g tomatoes", "tomato"), ("2 x 400g tins chopped tomatoes", "tomato"), ("cherry tomatoes", "cherry tomato"),
        ("1 cup flour", "flour"), ("1 1/2 cups / 187 g all-purpose flour", "all-purpose flour"),
        ("salt", "salt"), ("Salt, to taste", "salt"), ("salt to taste", "salt"), ("a pinch of salt", "salt"),
        ("freshly ground black pepper", "ground black pepper"), ("2 cloves garlic, minced", "garlic"),
        ("1 14-ounce can coconut milk", "coconut milk"), ("Jalapeño", "jalapeno"), ("jalapeños", "jalapeno"),
        ("3 bags ice", "ice"), ("2 berries", "berry"), ("raspberries", "raspberry"), ("Cookies", "cookie"),
        ("boneless skinless chicken breasts", "chicken breast"), ("softened butter", "butter"), ("butter, softened", "butter"),
        ("asparagus", "asparagus"), ("hummus", "hummus"), ("oats", "oats"), ("*sugar", "sugar"), ("milk.", "milk"),
        ("crème fraîche", "creme fraiche"), ("petits pois", "petits pois"), ("chopped", "chopped"), ("", ""),
        // Other languages, where cheap.
        ("2 EL frische Petersilie", "petersilie"), ("1 große Zwiebel, gehackt", "zwiebel"), ("200 g Mehl", "mehl"),
        ("1 oignon émincé", "oignon"), ("3 carottes", "carotte"), ("poireaux", "poireau"),
        ("crème fraîche épaisse", "creme fraiche epaisse"),
        ("1 cebolla grande picada", "cebolla"), ("2 tomates", "tomate"), ("queso fresco", "queso fresco"),
        ("1 cipolla tritata", "cipolla"), ("sale q.b.", "sale"), ("2 verse uien", "uien"), ("3 wortels", "wortel"),
        ("1 cebola picada", "cebola"), ("豆腐", "豆腐"),
    ])
    func canonical(_ text: String, _ expected: String) {
        #expect(IngredientName.canonical(text) == expected)
        #expect(IngredientName.canonical(expected) == expected, "the canonical name is its own canonical name")
    }

    /// Ids computed once and kept: a change here splits every household's ingredients.
    @Test func idsArePinned() {
        #expect(SemanticID.ingredient(named: "basil") == SemanticID.ingredient(named: "2 cups Fresh Basil"))
        #expect(SemanticID.ingredient(named: "Eggs") == SemanticID.ingredient(named: "1 egg"))
        #expect(SemanticID.ingredient(named: "basil") == "basil-\(Self.hex("ingredient\u{1F}basil"))")
        #expect(SemanticID.ingredient(named: "Fresh Basil") == "basil-056400f6e364")
        #expect(SemanticID.ingredient(named: "3 large eggs") == "egg-73e48e4bf319")
        #expect(SemanticID.ingredient(named: "豆腐").hasPrefix("ingredient-"))
    }

    /// The first 12 hex digits of FNV-1a 64, computed here independently of `Digest`.
    static func hex(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        return String((String(repeating: "0", count: 16 - digits.count) + digits).prefix(12))
    }
}
