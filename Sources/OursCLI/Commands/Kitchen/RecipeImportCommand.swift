import OursHousehold
import OursSync

/// `ours recipe import FILE [--as-new | --replace]`: every schema.org Recipe in a JSON-LD file
/// (`-` for standard input); importing the same recipe again changes nothing.
struct RecipeImportCommand: OursCommand {
    static let file: Argument<String> = .required("FILE", help: "The JSON-LD file, or - to read standard input")
    static let asNew: Option<Bool> = .asNew
    static let replace: Option<Bool> = .replaceRecipe

    static let spec = Spec(
        "import", summary: "Add a recipe from a schema.org Recipe (JSON-LD) file",
        discussion:
            "The same recipe imported again (the same source address, or the same ingredients and steps) is updated "
            + "from the file. A different recipe whose title is taken is refused, and nothing in the file is imported, "
            + "unless --as-new or --replace says what to do.",
        examples: ["ours recipe import lasagne.jsonld", "curl -s https://example.com/recipe.json | ours recipe import -"],
        arguments: [file], options: [asNew, replace])

    let file: String
    let sameTitle: Household.SameTitle

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(file: values[file], sameTitle: values.sameTitle(asNew: asNew, replace: replace))
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let bytes = try context.readInput(file)
        let results = try context.household().importRecipes(
            bytes, source: file == "-" ? "standard input" : file, sameTitle: sameTitle)
        if context.json {
            context.printJSON([
                "imported": JSONValue(results.count),
                "recipes": .array(results.map { $0.recipe.json.adding($0.outcome) }),
            ])
            return 0
        }
        for (recipe, outcome) in results {
            let what = "\(context.bold(recipe.name)) (\(Phrase.count(recipe.ingredients.count, "ingredient")))"
            switch outcome {
            case .created: context.say("Imported \(what).")
            case .unchanged: context.say("\(what) is already here, unchanged.")
            case .replaced: context.say("Replaced \(what).")
            default: context.say("Updated \(what).")
            }
        }
        return 0
    }
}
