import OursHousehold
import OursSync

/// `ours recipe add NAME [--ingredient TEXT]... [--servings N] [--force]`.
struct RecipeAddCommand: OursCommand {
    static let name: Argument<String> = .recipeName
    static let ingredients: Option<[String]> = .repeatable(
        "ingredient", short: "i", placeholder: "TEXT", help: #"One ingredient line, e.g. "2 cups flour""#)
    static let servings: Option<Int?> = .integer(
        "servings", placeholder: "N", in: 1...Int.max, help: "How many servings it makes")
    static let force: Option<Bool> = .flag("force", help: "Replace a recipe that has the same name")

    static let spec = Spec(
        "add", summary: "Add a recipe",
        examples: [#"ours recipe add Pancakes --ingredient "2 cups flour" --ingredient "2 eggs""#],
        arguments: [name], options: [ingredients, servings, force])

    let name: String
    let ingredients: [String]
    let servings: Int?
    let force: Bool

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(name: values[name], ingredients: values[ingredients], servings: values[servings], force: values[force])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let (recipe, outcome) = try context.household().addRecipe(
            named: name, ingredients: ingredients, servings: servings, replace: force)
        if context.json {
            context.printJSON(recipe.json.adding(outcome))
            return 0
        }
        let serves = recipe.servings.map { ", serves \($0)" } ?? ""
        let verb = outcome == .replaced ? "Replaced" : "Added"
        context.say(
            "\(verb) the recipe \(context.bold(recipe.name)) (\(Phrase.count(recipe.ingredients.count, "ingredient"))\(serves))."
        )
        return 0
    }
}
