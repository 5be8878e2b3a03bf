import OursHousehold
import OursSync

/// `ours recipe import FILE`: every schema.org Recipe in a JSON-LD file (`-` for standard
/// input); importing the same file again changes nothing.
struct RecipeImportCommand: OursCommand {
    static let file: Argument<String> = .required("FILE", help: "The JSON-LD file, or - to read standard input")

    static let spec = Spec(
        "import", summary: "Add a recipe from a schema.org Recipe (JSON-LD) file", arguments: [file])

    let file: String

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(file: values[file])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let bytes = try context.readInput(file)
        let results = try context.household().importRecipes(bytes, source: file == "-" ? "standard input" : file)
        if context.json {
            context.printJSON([
                "imported": JSONValue(results.count),
                "recipes": .array(results.map { $0.recipe.json.adding($0.outcome) }),
            ])
            return 0
        }
        for (recipe, outcome) in results {
            let verb = outcome == .created ? "Imported" : "Updated"
            context.say("\(verb) \(context.bold(recipe.name)) (\(Phrase.count(recipe.ingredients.count, "ingredient"))).")
        }
        return 0
    }
}
