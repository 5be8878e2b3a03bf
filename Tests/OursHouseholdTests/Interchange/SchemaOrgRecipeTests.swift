import Foundation
import OursHousehold
import OursSync
import Testing

/// A file under the repository's `Fixtures/` folder.
func fixture(_ relative: String) throws -> [UInt8] { try FixtureFiles.bytes(relative) }

@Suite struct SchemaOrgRecipeTests {
    @Test func importsARecipeFromAGraph() throws {
        let recipes = try SchemaOrgRecipe.parse(try fixture("recipes/lasagne.jsonld"), source: "lasagne.jsonld")
        let recipe = try #require(recipes.first)
        #expect(recipes.count == 1)
        #expect(recipe.name == "Weeknight Lasagne")
        #expect(recipe.id != SemanticID.recipe(named: "weeknight lasagne"), "a new recipe's id is random")
        #expect(recipe.servings == 6)
        #expect(recipe.yield == nil)
        #expect(recipe.description == "A lasagne for a Tuesday & leftovers for Wednesday.")
        #expect(recipe.image == "https://example.com/images/lasagne.jpg")
        #expect(recipe.author == "Sam Cook")
        #expect(recipe.totalTime == "PT1H5M")
        #expect(recipe.ingredients.count == 8)
        #expect(recipe.ingredients[0].name == "beef mince")
        #expect(recipe.ingredients[0].quantity?.description == "500 g")
        #expect(recipe.ingredients[5].text == "½ tsp salt")
        #expect(
            recipe.steps == [
                RecipeStep("Sauce", isSection: true), "Brown the mince with the onion and garlic.",
                "Add the tomatoes; simmer for 20 minutes.", "Layer sauce, sheets and ricotta; bake 45 minutes at 180 °C.",
            ])
        #expect(recipe.instructions.count == 3)
    }

    @Test func importsAnArrayWithTextInstructions() throws {
        let recipe = try #require(try SchemaOrgRecipe.parse(try fixture("recipes/pancakes-simple.json"), source: "p.json").first)
        #expect(recipe.name == "Pancakes")
        #expect(recipe.servings == 4)
        #expect(recipe.yield == nil)
        #expect(recipe.steps == ["Whisk everything together.", "Fry in a hot pan."])
        #expect(recipe.ingredients.map(\.name) == ["flour", "eggs", "milk", "salt"])
    }

    @Test func exportThenImportKeepsTheRecipe() throws {
        let original = try #require(try SchemaOrgRecipe.parse(try fixture("recipes/lasagne.jsonld"), source: "x").first)
        let exported = SchemaOrgRecipe.export(original)
        #expect(exported["@type"] == "Recipe")
        #expect(exported["@context"] == "https://schema.org")
        #expect(exported["recipeYield"] == "6 servings")
        #expect(exported["recipeInstructions"]?.arrayValue?.first?["@type"] == "HowToSection")
        let again = try #require(try SchemaOrgRecipe.parse(JSONWriter.pretty(exported), source: "exported").first)
        #expect(SchemaOrgRecipe.export(again) == exported)
        #expect(again.steps == original.steps)
        #expect(again.ingredients == original.ingredients)
    }

    @Test func keepsAYieldThatIsMoreThanACount() throws {
        let text = #"{"@type": "Recipe", "name": "Cookies", "recipeYield": "24 cookies", "recipeIngredient": "1 cup flour"}"#
        let recipe = try #require(try SchemaOrgRecipe.parse(Array(text.utf8), source: "c").first)
        #expect(recipe.servings == 24)
        #expect(recipe.yield == "24 cookies")
        #expect(recipe.ingredients.count == 1)
        #expect(SchemaOrgRecipe.export(recipe)["recipeYield"] == "24 cookies")
    }

    @Test(arguments: [
        (#"{"@type": "WebPage", "name": "x"}"#, "f.json has no schema.org Recipe (an object with \"@type\": \"Recipe\")"),
        (#"{"@type": "Recipe"}"#, "f.json: no recipe in it has a \"name\""),
    ])
    func refusesWhatIsNotARecipe(_ text: String, _ message: String) {
        let error = OursError.caught { _ = try SchemaOrgRecipe.parse(Array(text.utf8), source: "f.json") }
        #expect(error?.kind == .usage)
        #expect(error?.message == message)
    }

    @Test func refusesBrokenJSONNamingTheFile() {
        let error = OursError.caught { _ = try SchemaOrgRecipe.parse(Array("{\"name\": ".utf8), source: "broken.json") }
        #expect(error?.kind == .usage)
        #expect(error?.message.hasPrefix("broken.json is not valid JSON") == true)
    }
}
