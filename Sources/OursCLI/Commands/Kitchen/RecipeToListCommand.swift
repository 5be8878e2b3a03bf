import OursHousehold
import OursSync

/// `ours recipe to-list NAME [--list L] [--servings N]`: the recipe's ingredients onto a
/// list, as the recipe's share of each item.
struct RecipeToListCommand: OursCommand {
    static let name: Argument<String> = .recipeName
    static let list: Option<String?> = .targetList
    static let servings: Option<Int?> = .integer(
        "servings", placeholder: "N", in: 1...Int.max, help: "Scale the ingredients to this many servings")

    static let spec = Spec(
        "to-list", summary: "Add a recipe's ingredients to a shopping list", examples: ["ours recipe to-list Pancakes"],
        arguments: [name],
        options: [list, servings])

    let name: String
    let list: String?
    let servings: Int?

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(name: values[name], list: values[list], servings: values[servings])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let (recipe, result) = try context.household().addRecipeToList(name, list: list, servings: servings)
        let recipeJSON: JSONValue = ["id": .string(recipe.id), "name": .string(recipe.name)]
        context.printAddResult(
            result, extra: ["recipe": recipeJSON, "servings": (servings ?? recipe.servings).map { JSONValue($0) } ?? .null])
        if !context.json, result.items.isEmpty { context.say("\(recipe.name) has no ingredients to add.") }
        return 0
    }
}
