import OursHousehold
import Testing

@testable import OursCLI

/// Recipe editing and the ingredient commands, from realistic command lines.
@Suite struct KitchenCommandTests {
    static let cases: [(String, ParsedInvocation.Action)] = [
        ("recipe edit Pancakes", .run(RecipeEditCommand(name: "Pancakes", edit: RecipeEdit()))),
        (
            "recipe edit Pancakes --name 'Fluffy pancakes' --servings 6 --prep 10m --cook '1h 5m' --total=PT1H15M "
                + "--notes 'Rest the batter' --source https://example.com/p --tag breakfast --tag sweet --untag quick",
            .run(
                RecipeEditCommand(
                    name: "Pancakes",
                    edit: RecipeEdit(
                        name: "Fluffy pancakes", servings: 6, prepTime: "10m", cookTime: "1h 5m", totalTime: "PT1H15M",
                        notes: "Rest the batter", source: "https://example.com/p", addTags: ["breakfast", "sweet"],
                        removeTags: ["quick"])))
        ),
        (
            "recipe edit 3k9x2qf7 --add-step Serve --insert-step '1=Melt the butter' --replace-step '2=Whisk well' "
                + "--remove-step 4 --remove-step 5",
            .run(
                RecipeEditCommand(
                    name: "3k9x2qf7",
                    edit: RecipeEdit(
                        steps: RecipeListEdit(
                            replace: [(2, "Whisk well")], remove: [4, 5], insert: [(1, "Melt the butter")], append: ["Serve"]))))
        ),
        (
            "recipe edit Pancakes -i '1 tsp vanilla' --insert-ingredient '2=1 pinch salt' --replace-ingredient '1=3 cups flour' "
                + "--remove-ingredient 3",
            .run(
                RecipeEditCommand(
                    name: "Pancakes",
                    edit: RecipeEdit(
                        ingredients: RecipeListEdit(
                            replace: [(1, "3 cups flour")], remove: [3], insert: [(2, "1 pinch salt")],
                            append: ["1 tsp vanilla"]))))
        ),
        (
            "recipe edit Soup --photo bowl.jpg --photo 'On the table.jpg'",
            .run(RecipeEditCommand(name: "Soup", edit: RecipeEdit(photos: .set(["bowl.jpg", "On the table.jpg"]))))
        ),
        ("recipe edit Soup --photo none", .run(RecipeEditCommand(name: "Soup", edit: RecipeEdit(photos: .clear)))),
        (
            "recipe add Soup -i '1 onion' --photo soup.jpg --photo=bowl.jpg",
            .run(
                RecipeAddCommand(
                    name: "Soup", ingredients: ["1 onion"], steps: [], servings: nil, photos: ["soup.jpg", "bowl.jpg"],
                    sameTitle: .refuse))
        ),
        ("ingredients", .run(IngredientsCommand(staplesOnly: false))),
        ("ingredients --staples", .run(IngredientsCommand(staplesOnly: true))),
        ("ingredient show 'Fresh Basil'", .run(IngredientShowCommand(name: "Fresh Basil"))),
        (
            "ingredient edit milk --category Dairy --staple",
            .run(IngredientEditCommand(name: "milk", change: .init(category: .some("Dairy"), staple: true)))
        ),
        (
            "ingredient edit basil --no-category --no-staple",
            .run(IngredientEditCommand(name: "basil", change: .init(category: .some(nil), staple: false)))
        ),
        ("ingredient rm basil", .run(IngredientRemoveCommand(name: "basil"))),
        ("ingredient rm basil --yes", .run(IngredientRemoveCommand(name: "basil", yes: true))),
        ("ingredients --category dairy", .run(IngredientsCommand(staplesOnly: false, category: "dairy"))),
        (
            "ingredient add 'oat milk' --category Dairy --staple",
            .run(IngredientAddCommand(name: "oat milk", change: .init(category: .some("Dairy"), staple: true)))
        ),
        ("ingredient add basil", .run(IngredientAddCommand(name: "basil", change: .init()))),
        ("ingredient remove basil", .run(IngredientRemoveCommand(name: "basil"))),
        ("staples", .run(StaplesCommand())),
        ("staples to-list", .run(StaplesToListCommand(list: nil))),
        ("staples to-list --list Weekly", .run(StaplesToListCommand(list: "Weekly"))),
        ("suggest ba", .run(SuggestCommand(prefix: "ba", limit: nil))),
        ("suggest tom --limit 3", .run(SuggestCommand(prefix: "tom", limit: 3))),
    ]

    @Test(arguments: cases)
    func parses(line: String, expected: ParsedInvocation.Action) {
        #expect(command(line) == .success(expected))
    }

    @Test(arguments: [
        ("recipe add Toast --as-new --replace", "--as-new and --replace cannot be given together"),
        ("recipe import x.json --as-new --replace", "--as-new and --replace cannot be given together"),
        ("ingredient edit milk --staple --no-staple", "--staple and --no-staple cannot be given together"),
        ("ingredient edit milk --category Dairy --no-category", "--category and --no-category cannot be given together"),
        (
            "recipe edit Pancakes --replace-step 'Whisk'",
            #"--replace-step needs a step number, = and the text, such as 2="…", got 'Whisk'"#
        ),
        ("recipe edit Pancakes --remove-step 0", "--remove-step needs a whole number of at least 1, got '0'"),
        ("suggest b --limit 0", "--limit needs a whole number from 1 to 1000, got '0'"),
        (
            "recipe edit Soup --photo none --photo bowl.jpg",
            "--photo needs files, or none alone, got 'none' (none takes every picture off, so it goes without others)"
        ),
    ])
    func refuses(line: String, message: String) {
        guard case .failure(let error) = command(line) else {
            Issue.record("\(line) parsed")
            return
        }
        #expect(error.message == message)
    }
}
