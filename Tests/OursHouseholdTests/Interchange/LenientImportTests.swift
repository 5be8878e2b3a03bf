import OursHousehold
import OursSync
import Testing

@testable import OursHousehold

/// JSON-LD as pages publish it: what a browser forgives, the importer reads; record files
/// stay strict.
@Suite struct LenientImportTests {
    func recipe(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Recipe {
        try #require(try SchemaOrgRecipe.parse(Array(text.utf8), source: "t").first, sourceLocation: sourceLocation)
    }

    @Test(arguments: [
        ("raw line breaks in a string", "{\"@type\": \"Recipe\", \"name\": \"Soup\nof the day\"}", "Soup of the day"),
        ("a raw tab", "{\"@type\": \"Recipe\", \"name\": \"Soup\tnow\"}", "Soup now"),
        ("escaped quote marks", #"{"@type": "Recipe", "name": "Mum\'s soup"}"#, "Mum's soup"),
        ("a CDATA wrapper", "//<![CDATA[\n{\"@type\": \"Recipe\", \"name\": \"Soup\"}\n//]]>", "Soup"),
        ("a block comment", "/* recipe */ {\"@type\": \"Recipe\", \"name\": \"Soup\"}", "Soup"),
        ("a trailing comma", #"{"@type": "Recipe", "name": "Soup", "recipeIngredient": ["salt",],}"#, "Soup"),
        ("a semicolon after the object", #"{"@type": "Recipe", "name": "Soup"};"#, "Soup"),
        ("two objects one after another", #"{"@type": "WebSite", "name": "x"} {"@type": "Recipe", "name": "Soup"}"#, "Soup"),
        ("a key twice, the last one counts", #"{"@type": "Recipe", "name": "First", "name": "Soup"}"#, "Soup"),
        ("a missing comma between blocks", #"[{"@type": "WebSite"} {"@type": "Recipe", "name": "Soup"}]"#, "Soup"),
        (
            "an @graph object of numbered entries",
            #"{"@graph": {"0": {"@type": "WebPage"}, "1": {"@type": "Recipe", "name": "Soup"}}}"#, "Soup"
        ),
        ("an HTML comment wrapper", "<!-- {\"@type\": \"Recipe\", \"name\": \"Soup\"} -->", "Soup"),
        ("invalid UTF-8", "{\"@type\": \"Recipe\", \"name\": \"Soup \u{FFFD}\"}", "Soup \u{FFFD}"),
    ])
    func readsWhatBrowsersForgive(_ what: String, _ text: String, _ name: String) throws {
        #expect(try recipe(text).name == name, Comment(rawValue: what))
    }

    @Test func aStrictDocumentIsLeftAsItIs() throws {
        let text = #"{"a": [1, 2.5, -3e2, true, null, "x\"y\\z\u00e9"], "b": {"c": "d"}}"#
        #expect(LenientJSONLD.repaired(Array(text.utf8)) == Array(text.utf8))
    }

    @Test func recordFilesStayStrict() {
        #expect(throws: JSONParseError.self) { try JSONParser.parse(Array("{\"a\": \"x\ny\"}".utf8)) }
        #expect(throws: JSONParseError.self) { try JSONParser.parse(Array("{\"a\": 1,}".utf8)) }
    }

    @Test func severalRecipesAndTheSameOneTwice() throws {
        let text = #"""
            [{"@type": "Recipe", "name": "Soup", "recipeIngredient": ["stock"]},
             {"@type": "Recipe", "name": "Soup", "recipeIngredient": ["stock"]},
             {"@type": "Recipe", "name": "Bread", "recipeIngredient": ["flour"]},
             {"@type": "Recipe", "recipeIngredient": ["nameless"]}]
            """#
        #expect(try SchemaOrgRecipe.parse(Array(text.utf8), source: "t").map(\.name) == ["Soup", "Bread"])
    }

    @Test(arguments: [
        ("Salt &amp; pepper", "Salt & pepper"), ("B&#339;uf", "Bœuf"), ("caf&eacute; &ndash; cr&egrave;me", "café – crème"),
        ("&#x2013;", "–"), ("&amp;#39;", "'"), ("&frac12; cup", "½ cup"), ("&hellip;", "…"), ("AT&T", "AT&T"),
        ("salt & pepper", "salt & pepper"), ("&unknown; x", "&unknown; x"), ("&#150;", "–"), ("&#0;", "&#0;"),
        ("&nbsp;a&nbsp;", "a"),
    ])
    func decodesEveryReference(_ text: String, _ expected: String) {
        #expect(HTMLText.plain(text) == expected)
    }

    @Test(arguments: [
        ("Bake at <b>180 °C</b> until done", "Bake at 180 °C until done"),
        ("Cook until it is < 2 cm thick", "Cook until it is < 2 cm thick"), ("I <3 cake", "I <3 cake"),
        ("1<span>/</span>2 cup", "1/2 cup"), ("a<!-- note -->b", "ab"), ("&lt;p&gt;Mix&lt;/p&gt;", "Mix"),
    ])
    func keepsTextAroundALiteralLessThan(_ html: String, _ expected: String) {
        #expect(HTMLText.plain(html) == expected)
    }

    @Test func instructionsAsOneHTMLString() throws {
        let text = #"""
            {"@type": "Recipe", "name": "Cake",
             "recipeInstructions": "<p>Mix the flour.</p><p>Add eggs.<br>Stir.</p>\n<ol><li>Bake.</li><li>Cool.</li></ol>"}
            """#
        #expect(try recipe(text).steps.map(\.text) == ["Mix the flour.", "Add eggs.", "Stir.", "Bake.", "Cool."])
    }

    @Test func numberedAndRunTogetherInstructions() throws {
        let numbered = #"{"@type": "Recipe", "name": "A", "recipeInstructions": "1. Mix it. 2. Bake it at 180. 3. Eat it."}"#
        #expect(try recipe(numbered).steps.map(\.text) == ["Mix it.", "Bake it at 180.", "Eat it."])
        let joined =
            #"{"@type": "Recipe", "name": "B", "recipeInstructions": "Line the tin.Snap the chocolate. Stir in the U.S. way."}"#
        #expect(try recipe(joined).steps.map(\.text) == ["Line the tin.", "Snap the chocolate. Stir in the U.S. way."])
    }

    @Test func ingredientsPackedInOneString() throws {
        let text = #"{"@type": "Recipe", "name": "A", "recipeIngredient": ["2 cups flour\n1 egg<br/>1 cup milk", "salt"]}"#
        #expect(try recipe(text).ingredients.map(\.text) == ["2 cups flour", "1 egg", "1 cup milk", "salt"])
    }

    @Test func sectionsAndNamedSteps() throws {
        let text = #"""
            {"@type": "Recipe", "name": "Pie", "recipeInstructions": [
              {"@type": "HowToSection", "name": "Crust", "itemListElement": [
                {"@type": "HowToStep", "name": "Step 1", "text": "Rub the butter in."},
                {"@type": "HowToStep", "name": "Rest the dough", "text": "Chill for an hour."}]},
              {"@type": "HowToStep", "name": "Bake the pie until golden…", "text": "Bake the pie until golden, 40 minutes."}]}
            """#
        #expect(
            try recipe(text).steps == [
                RecipeStep("Crust", isSection: true), "Rub the butter in.", RecipeStep("Rest the dough", isSection: true),
                "Chill for an hour.", "Bake the pie until golden, 40 minutes.",
            ])
    }

    @Test func keywordsCategoryCuisineNutritionAndEveryAuthor() throws {
        let text = #"""
            {"@type": "Recipe", "name": "Curry", "keywords": "quick, vegan,Quick , dinner",
             "recipeCategory": ["Main", "Dinner"], "recipeCuisine": "Indian",
             "nutrition": {"@type": "NutritionInformation", "calories": "250 kcal", "fatContent": 10},
             "author": [{"@type": "Person", "name": "Ana"}, {"@type": "Organization", "name": "Kitchen &amp; Co"}, "Ana"],
             "RecipeYield": "4 servings", "TotalTime": "PT45M"}
            """#
        let curry = try recipe(text)
        #expect(curry.tags == ["quick", "vegan", "dinner"])
        #expect(curry.category == "Main, Dinner")
        #expect(curry.cuisine == "Indian")
        #expect(curry.nutrition == ["calories": "250 kcal", "fatContent": "10"])
        #expect(curry.authors == ["Ana", "Kitchen & Co"])
        #expect(curry.servings == 4)
        let exported = SchemaOrgRecipe.export(curry)
        #expect(exported["keywords"] == "quick, vegan, dinner")
        #expect(exported["author"]?.arrayValue?.count == 2)
        #expect(exported["nutrition"]?["calories"] == "250 kcal")
        let again = try #require(try SchemaOrgRecipe.parse(JSONWriter.pretty(exported), source: "again").first)
        #expect(SchemaOrgRecipe.export(again) == exported)
    }

    @Test func shapesOtherImportersMet() throws {
        let text = #"""
            {"@graph": [
              {"@type": "Person", "@id": "#/person/ana", "name": "Ana"},
              {"@type": "Recipe", "name": "Rice", "author": {"@id": "#/person/ana"},
               "recipeIngredient": [{"@type": "PropertyValue", "value": 2, "unitText": "cups", "name": "rice"}],
               "recipeInstructions": "[{\"@type\": \"HowToStep\", \"text\": \"Rinse.\"}, {\"text\": \"Boil.\"}]",
               "prepTime": {"@type": "QuantitativeValue", "maxValue": "PT5M"}},
              {"@type": "Recipe", "name": "Tea", "recipeInstructions": {"0": {"text": "Boil."}, "1": {"text": "Steep."}}}]}
            """#
        let recipes = try SchemaOrgRecipe.parse(Array(text.utf8), source: "t")
        #expect(recipes.map(\.name) == ["Rice", "Tea"])
        #expect(recipes[0].authors == ["Ana"])
        #expect(recipes[0].ingredients.map(\.text) == ["2 cups rice"])
        #expect(recipes[0].steps.map(\.text) == ["Rinse.", "Boil."])
        #expect(recipes[0].prepTime == "PT5M")
        #expect(recipes[1].steps.map(\.text) == ["Boil.", "Steep."])
    }

    @Test func whatIsNotJSONEvenLenientlyIsRefusedNamingTheFile() {
        let error = OursError.caught { _ = try SchemaOrgRecipe.parse(Array("<html><body>no".utf8), source: "page.html") }
        #expect(error?.kind == .usage)
        #expect(error?.message.hasPrefix("page.html is not valid JSON") == true)
    }
}
