import OursHousehold
import OursSync

/// `ours recipe edit NAME [--name NEW] [--servings N] [--prep D] [--cook D] [--total D]
/// [--notes TEXT] [--source URL] [--tag T]... [--untag T]... [--photo FILE|none]... [step and
/// ingredient changes]`.
struct RecipeEditCommand: OursCommand {
    static let name: Argument<String> = .recipeName
    static let newName: Option<String?> = .value("name", placeholder: "NEW", help: "A new title")
    static let servings: Option<Int?> = .integer(
        "servings", placeholder: "N", in: 1...Int.max, help: "How many servings it makes")
    static let prep: Option<String?> = .value(
        "prep", placeholder: "TIME", help: #"Preparation time, e.g. 25m or 1h30m; "" removes it"#)
    static let cook: Option<String?> = .value("cook", placeholder: "TIME", help: "Cooking time")
    static let total: Option<String?> = .value("total", placeholder: "TIME", help: "Total time")
    static let notes: Option<String?> = .value("notes", placeholder: "TEXT", help: #"Notes; "" removes them"#)
    static let source: Option<String?> = .value("source", placeholder: "URL", help: #"Where it comes from; "" removes it"#)
    static let tags: Option<[String]> = .repeatable("tag", placeholder: "TAG", help: "Add a tag")
    static let untags: Option<[String]> = .repeatable("untag", placeholder: "TAG", help: "Remove a tag")
    static let addSteps: Option<[String]> = .repeatable("add-step", placeholder: "TEXT", help: "Add a step at the end")
    static let insertSteps: Option<[(Int, String)]> = .numbered(
        "insert-step", what: "step", help: "Insert a step before step N")
    static let replaceSteps: Option<[(Int, String)]> = .numbered("replace-step", what: "step", help: "Reword step N")
    static let removeSteps: Option<[Int]> = .numbers("remove-step", help: "Remove step N")
    static let addIngredients: Option<[String]> = .repeatable(
        "add-ingredient", short: "i", placeholder: "TEXT", help: "Add an ingredient at the end")
    static let insertIngredients: Option<[(Int, String)]> = .numbered(
        "insert-ingredient", what: "ingredient", help: "Insert an ingredient before ingredient N")
    static let replaceIngredients: Option<[(Int, String)]> = .numbered(
        "replace-ingredient", what: "ingredient", help: "Change ingredient N")
    static let removeIngredients: Option<[Int]> = .numbers("remove-ingredient", help: "Remove ingredient N")
    static let photos: Option<Edit<[String]>> = .photoEdit

    static let spec = Spec(
        "edit", summary: "Change a recipe: title, servings, times, steps, ingredients, notes, tags, source, photos",
        discussion:
            "Steps and ingredients are numbered as `ours recipe show` numbers them, before this edit. Only what "
            + "changes is written, so two people editing different steps or ingredients at once both keep their change.",
        examples: [
            #"ours recipe edit Pancakes --servings 6 --prep 10m --cook 20m --tag breakfast"#,
            #"ours recipe edit Pancakes --replace-step 2="Whisk until smooth" --remove-ingredient 3"#,
            #"ours recipe edit Pancakes -i "1 tsp vanilla" --insert-step 1="Melt the butter""#,
            "ours recipe edit Pancakes --photo stack.jpg --photo plate.jpg",
        ],
        arguments: [name],
        options: [
            newName, servings, prep, cook, total, notes, source, tags, untags, addSteps, insertSteps, replaceSteps,
            removeSteps, addIngredients, insertIngredients, replaceIngredients, removeIngredients, photos,
        ])

    let name: String
    let edit: RecipeEdit

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        let steps = RecipeListEdit(
            replace: try values[replaceSteps], remove: try values[removeSteps], insert: try values[insertSteps],
            append: try values[addSteps])
        let ingredients = RecipeListEdit(
            replace: try values[replaceIngredients], remove: try values[removeIngredients],
            insert: try values[insertIngredients], append: try values[addIngredients])
        let edit = RecipeEdit(
            name: try values[newName], servings: try values[servings], prepTime: try values[prep], cookTime: try values[cook],
            totalTime: try values[total], notes: try values[notes], source: try values[source], addTags: try values[tags],
            removeTags: try values[untags], ingredients: ingredients, steps: steps, photos: try values[photos])
        return try Self(name: values[name], edit: edit)
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let (recipe, outcome) = try context.household().editRecipe(name, edit)
        if context.json {
            context.printJSON(recipe.json.adding(outcome))
            return 0
        }
        context.say(outcome == .unchanged ? "\(recipe.name) is already like that." : "Updated \(context.bold(recipe.name)).")
        return 0
    }
}
