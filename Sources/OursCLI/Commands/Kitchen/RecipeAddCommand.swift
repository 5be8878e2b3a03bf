import OursHousehold
import OursSync

/// `ours recipe add NAME [--ingredient TEXT]... [--step TEXT]... [--servings N] [--photo FILE]...
/// [--as-new | --replace]`.
struct RecipeAddCommand: OursCommand {
    static let name: Argument<String> = .recipeName
    static let ingredients: Option<[String]> = .repeatable(
        "ingredient", short: "i", placeholder: "TEXT", help: #"One ingredient line, e.g. "2 cups flour""#)
    static let steps: Option<[String]> = .repeatable("step", placeholder: "TEXT", help: "One step of the method, in order")
    static let servings: Option<Int?> = .integer(
        "servings", placeholder: "N", in: 1...Int.max, help: "How many servings it makes")
    static let asNew: Option<Bool> = .asNew
    static let replace: Option<Bool> = .replaceRecipe
    static let force: Option<Bool> = .force
    static let photos: Option<[String]> = .photos

    static let spec = Spec(
        "add", summary: "Add a recipe",
        discussion:
            "A title another recipe has (in any case, with any punctuation) is refused, naming that recipe; "
            + "--as-new keeps both, --replace writes over it.",
        examples: [
            #"ours recipe add Pancakes -i "2 cups flour" -i "2 eggs" --step "Whisk" --step "Fry" --servings 4"#,
            #"ours recipe add "Banana Bread" -i "3 bananas" --as-new"#,
            #"ours recipe add Soup -i "1 onion" --photo soup.jpg"#,
        ],
        arguments: [name], options: [ingredients, steps, servings, asNew, replace, force, photos])

    let name: String
    let ingredients: [String]
    let steps: [String]
    let servings: Int?
    var photos: [String] = []
    let sameTitle: Household.SameTitle

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(
            name: values[name], ingredients: values[ingredients], steps: values[steps], servings: values[servings],
            photos: values[photos], sameTitle: values.sameTitle(asNew: asNew, replace: replace, force: force))
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let (recipe, outcome) = try context.household().addRecipe(
            named: name, ingredients: ingredients, servings: servings, steps: steps, photos: photos, sameTitle: sameTitle)
        if context.json {
            context.printJSON(recipe.json.adding(outcome))
            return 0
        }
        let serves = recipe.servings.map { ", serves \($0)" } ?? ""
        let pictures = recipe.photos.isEmpty ? "" : ", " + Phrase.count(recipe.photos.count, "photo")
        let verb = outcome == .replaced ? "Replaced" : "Added"
        context.say(
            "\(verb) the recipe \(context.bold(recipe.name)) (\(Phrase.count(recipe.ingredients.count, "ingredient"))\(serves)\(pictures))."
        )
        return 0
    }
}
