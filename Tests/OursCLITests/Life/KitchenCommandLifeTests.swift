import Foundation
import OursCLI
import OursSync
import Testing

/// Ingredients, recipe editing and duplicates, run in-process.
@Suite struct KitchenCommandLifeTests {
    typealias Phone = LifeCommandTests.Phone

    @Test func ingredientsAreRememberedAndShown() throws {
        let phone = Phone()
        phone.run("add", "Basil", "--category", "Produce")
        phone.run("recipe", "add", "Pesto", "-i", "2 cups Fresh Basil", "-i", "1/2 cup pine nuts", "--servings", "2")
        phone.run("add", "milk", "eggs")
        #expect(
            phone.run("ingredient", "edit", "milk", "--staple", "--category", "Dairy").out
                == "Updated milk: filed under Dairy, a staple.\n")
        #expect(
            phone.run("ingredients").out
                == """
                INGREDIENT  CATEGORY  STAPLE  USES
                basil       Produce           2
                egg                           1
                milk        Dairy     yes     1
                pine nut                      1

                """)
        let basil = try phone.json("ingredient", "show", "fresh basil")
        #expect(basil.value["name"] == "basil")
        #expect(basil.value["uses"] == 2)
        #expect(basil.value["recipes"]?.arrayValue?.map { $0["name"] } == ["Pesto"])
        #expect(try phone.json("ingredients", "--staples").value.arrayValue?.map { $0["name"] } == ["milk"])
        #expect(phone.run("suggest", "b").out == "basil\n")
        #expect(try phone.json("suggest", "e").value.arrayValue?.map { $0["name"] } == ["egg"])
        phone.run("check", "milk")
        let staples = try phone.json("staples", "to-list")
        #expect(staples.value["items"]?.arrayValue?.map { $0["outcome"] } == ["restored"])
        #expect(phone.run("staples").out.contains("milk        Dairy     yes"))
        #expect(try phone.json("ingredient", "rm", "basil").value["deleted"] == true)
        #expect(phone.run("ingredient", "show", "basil").code == 4)
        // A new item of a remembered ingredient is filed where it was last filed.
        phone.run("ingredient", "edit", "egg", "--category", "Dairy")
        #expect(try phone.json("add", "eggs", "--list", "Picnic").value["items"]?.arrayValue?.first?["category"] == "Dairy")
    }

    @Test func theListAddsCountsAndMergesOneIngredient() throws {
        let phone = Phone()
        phone.run("add", "eggs", "--qty", "2 eggs")
        phone.run("recipe", "add", "Omelette", "-i", "1 egg", "-i", "1 tbsp butter", "-i", "3 tsp butter")
        phone.run("recipe", "to-list", "omelette")
        let shown = phone.run("list", "show").out
        #expect(shown.contains("[ ] eggs    3 (Omelette)"), "\(shown)")
        #expect(shown.contains("[ ] butter  2 tbsp (Omelette)"), "\(shown)")
        phone.run("add", "Fresh basil", "--list", "Market")
        phone.run("recipe", "add", "Pesto", "-i", "2 cups basil")
        phone.run("recipe", "to-list", "pesto")
        let lines = try phone.json("list", "show", "--consolidated").value["lines"]?.arrayValue ?? []
        let basil = lines.filter { $0["ingredient"]?.stringValue?.hasPrefix("basil-") == true }
        #expect(basil.count == 1)
        #expect(basil.first?["lists"] == ["Groceries", "Market"])
    }

    @Test func duplicateTitlesEditingAndShowing() throws {
        let phone = Phone()
        #expect(phone.run("recipe", "add", "Banana Bread", "-i", "3 bananas").code == 0)
        let refused = phone.run("recipe", "add", "banana bread!", "-i", "2 bananas")
        #expect(refused.code == 1)
        #expect(refused.err.contains("there is already a recipe called Banana Bread (id "))
        #expect(phone.run("recipe", "add", "banana bread!", "-i", "2 bananas", "--as-new").code == 0)
        let duplicates = try phone.json("recipes", "--duplicates").value.arrayValue ?? []
        #expect(duplicates.count == 2)
        #expect(duplicates.map { $0["title"] } == ["Banana Bread", "Banana Bread"])
        #expect(duplicates.first?["addedBy"] == "Sarah")
        #expect(phone.run("recipes", "--duplicates").out.hasPrefix("Banana Bread\n  ID "))
        let ambiguous = phone.run("recipe", "show", "banana bread")
        #expect(ambiguous.code == 2)
        let ids = duplicates.compactMap { $0["id"]?.stringValue }
        #expect(ids.count == 2)
        let renamed = phone.run("recipe", "edit", ids[1], "--name", "Quick banana bread", "--prep", "15m", "--cook", "1h5m")
        #expect(renamed.code == 0)
        #expect(try phone.json("recipes", "--duplicates").value == [])
        phone.run(
            "recipe", "edit", "quick banana", "--add-step", "Mash", "--add-step", "Bake", "--insert-step", "1=Heat the oven",
            "--tag", "Baking")
        let shown = phone.run("recipe", "show", "quick banana")
        #expect(shown.out.contains("Prep 15 min · Cook 1 h 5 min"), "\(shown.out)")
        #expect(shown.out.contains("Steps\n  1. Heat the oven\n  2. Mash\n  3. Bake\n"), "\(shown.out)")
        #expect(shown.out.contains("Tags: Baking"))
        let json = try phone.json("recipe", "show", "quick banana").value
        #expect(json["prepTime"] == "PT15M")
        #expect(json["steps"] == ["Heat the oven", "Mash", "Bake"])
        #expect(json["tags"] == ["Baking"])
        #expect(phone.run("recipe", "edit", "quick banana", "--remove-step", "7").code == 2)
        #expect(phone.run("recipe", "edit", "quick banana", "--name", "banana bread").code == 1)
    }
}
