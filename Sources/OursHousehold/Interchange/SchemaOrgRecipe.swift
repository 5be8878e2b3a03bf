import Foundation
import OursSync

/// schema.org `Recipe` in JSON-LD, the form recipe sites embed in their pages and most
/// recipe apps import and export (https://schema.org/Recipe).
///
/// Reading is as forgiving as a browser: see `LenientJSONLD` for the syntax and
/// `SchemaOrgRecipe+Fields` for the shapes each field comes in.
public enum SchemaOrgRecipe {
    /// The recipes in a JSON-LD document: a `Recipe` object, an array, or an `@graph` (also
    /// `mainEntity`, `itemListElement`) holding one or more. Recipe objects without a name are
    /// left out; the same recipe given twice is read once.
    /// - Parameters:
    ///   - bytes: the file's content.
    ///   - source: the file's name, for messages.
    /// - Throws: `.usage` naming the file when it is not JSON even leniently, or holds no recipe.
    public static func parse(_ bytes: [UInt8], source: String) throws(OursError) -> [Recipe] {
        let value: JSONValue
        do { value = try LenientJSONLD.parse(bytes) } catch {
            throw .usage(
                "\(source) is not valid JSON: \(error)",
                hint: "Save the page's <script type=\"application/ld+json\"> block as the file.")
        }
        var found: [[String: JSONValue]] = []
        collect(value, into: &found, depth: 0)
        guard !found.isEmpty else {
            throw .usage(
                "\(source) has no schema.org Recipe (an object with \"@type\": \"Recipe\")",
                hint: "A JSON object, an array, or an \"@graph\" holding one is accepted.")
        }
        var people: [String: String] = [:]
        collectPeople(value, into: &people, depth: 0)
        var recipes: [Recipe] = []
        for object in found {
            guard let name = Fields.text(object["name"] ?? object["headline"]).map(HTMLText.plain), !name.isEmpty else {
                continue
            }
            let recipe = Fields.recipe(named: name, object, people: people)
            if !recipes.contains(where: { $0.name == recipe.name && $0.hasSameContent(as: recipe) }) { recipes.append(recipe) }
        }
        guard !recipes.isEmpty else { throw .usage("\(source): no recipe in it has a \"name\"") }
        return recipes
    }

    /// A recipe as schema.org JSON-LD: `@context`, `@type`, `name`, `recipeIngredient`,
    /// `recipeInstructions` (`HowToStep`s, in `HowToSection`s where the recipe has headings),
    /// `recipeYield`, and what else the recipe has.
    public static func export(_ recipe: Recipe) -> JSONValue {
        var object: [String: JSONValue] = [
            "@context": "https://schema.org", "@type": "Recipe", "name": .string(recipe.name),
            "recipeIngredient": .array(recipe.ingredients.map { .string($0.text) }),
            "recipeInstructions": .array(instructions(recipe.steps)),
        ]
        if let yield = recipe.yield {
            object["recipeYield"] = .string(yield)
        } else if let servings = recipe.servings {
            object["recipeYield"] = .string("\(servings) servings")
        }
        let texts: [(String, String?)] = [
            ("description", recipe.description), ("url", recipe.url), ("image", recipe.image), ("prepTime", recipe.prepTime),
            ("cookTime", recipe.cookTime), ("totalTime", recipe.totalTime), ("recipeCategory", recipe.category),
            ("recipeCuisine", recipe.cuisine),
        ]
        for (key, value) in texts { if let value { object[key] = .string(value) } }
        if !recipe.authors.isEmpty {
            let people: [JSONValue] = recipe.authors.map { ["@type": "Person", "name": .string($0)] }
            object["author"] = people.count == 1 ? people[0] : .array(people)
        }
        if !recipe.tags.isEmpty { object["keywords"] = .string(recipe.tags.joined(separator: ", ")) }
        if !recipe.nutrition.isEmpty {
            var nutrition = recipe.nutrition.mapValues { JSONValue.string($0) }
            nutrition["@type"] = "NutritionInformation"
            object["nutrition"] = .object(nutrition)
        }
        return .object(object)
    }

    /// Steps as `HowToStep`s; a heading starts a `HowToSection` holding the steps after it.
    private static func instructions(_ steps: [RecipeStep]) -> [JSONValue] {
        var result: [JSONValue] = []
        var section: (name: String, steps: [JSONValue])?
        func close() {
            guard let open = section else { return }
            result.append(["@type": "HowToSection", "name": .string(open.name), "itemListElement": .array(open.steps)])
            section = nil
        }
        for step in steps {
            if step.isSection {
                close()
                section = (step.text, [])
                continue
            }
            let howTo: JSONValue = ["@type": "HowToStep", "text": .string(step.text)]
            if section != nil { section!.steps.append(howTo) } else { result.append(howTo) }
        }
        close()
        return result
    }

    private static func collect(_ value: JSONValue, into found: inout [[String: JSONValue]], depth: Int) {
        guard depth < 8 else { return }
        switch value {
        case .array(let items):
            for item in items { collect(item, into: &found, depth: depth + 1) }
        case .object(let object):
            if isRecipe(object["@type"]) {
                found.append(object)
                return
            }
            for key in ["@graph", "mainEntity", "mainEntityOfPage", "itemListElement", "item", "recipe"] {
                if let nested = object[key] { collect(nested, into: &found, depth: depth + 1) }
            }
            // An "@graph" written as an object of numbered entries instead of an array.
            if let graph = object["@graph"]?.objectValue, graph["@type"] == nil {
                for key in graph.keys.sorted() { collect(graph[key]!, into: &found, depth: depth + 1) }
            }
        default:
            break
        }
    }

    /// The names of the people and organisations in a document, by `@id`.
    private static func collectPeople(_ value: JSONValue, into people: inout [String: String], depth: Int) {
        guard depth < 8 else { return }
        switch value {
        case .array(let items):
            for item in items { collectPeople(item, into: &people, depth: depth + 1) }
        case .object(let object):
            if let id = object["@id"]?.stringValue, let name = object["name"]?.stringValue,
                object["@type"].map({ Fields.typeIs($0, "Person") || Fields.typeIs($0, "Organization") }) == true
            {
                people[id] = HTMLText.plain(name)
            }
            for nested in object.values { collectPeople(nested, into: &people, depth: depth + 1) }
        default:
            break
        }
    }

    private static func isRecipe(_ type: JSONValue?) -> Bool {
        func matches(_ text: String) -> Bool {
            text == "Recipe" || text.hasSuffix("/Recipe") || text.hasSuffix(":Recipe")
        }
        switch type {
        case .string(let text)?: return matches(text)
        case .array(let items)?: return items.contains { $0.stringValue.map(matches) ?? false }
        default: return false
        }
    }
}
