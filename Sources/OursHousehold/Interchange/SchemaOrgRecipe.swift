import Foundation
import OursSync

/// schema.org `Recipe` in JSON-LD, the form recipe sites embed in their pages and most
/// recipe apps import and export (https://schema.org/Recipe).
public enum SchemaOrgRecipe {
    /// The recipes in a JSON-LD document: a `Recipe` object, an array, or an `@graph` holding
    /// one or more.
    /// - Parameters:
    ///   - bytes: the file's content.
    ///   - source: the file's name, for messages.
    /// - Throws: `.usage` naming the file when it is not JSON or holds no recipe.
    public static func parse(_ bytes: [UInt8], source: String) throws(OursError) -> [Recipe] {
        let value: JSONValue
        do { value = try JSONParser.parse(bytes) } catch {
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
        var recipes: [Recipe] = []
        for (index, object) in found.enumerated() {
            guard let name = text(object["name"]).map(plainText), !name.isEmpty else {
                throw .usage("\(source): recipe \(index + 1) has no \"name\"")
            }
            recipes.append(recipe(named: name, object))
        }
        return recipes
    }

    /// A recipe as schema.org JSON-LD: `@context`, `@type`, `name`, `recipeIngredient`,
    /// `recipeInstructions` (`HowToStep`s), `recipeYield`, and what else the recipe has.
    public static func export(_ recipe: Recipe) -> JSONValue {
        var object: [String: JSONValue] = [
            "@context": "https://schema.org", "@type": "Recipe", "name": .string(recipe.name),
            "recipeIngredient": .array(recipe.ingredients.map { .string($0.text) }),
            "recipeInstructions": .array(recipe.steps.map { ["@type": "HowToStep", "text": .string($0)] }),
        ]
        if let yield = recipe.yield {
            object["recipeYield"] = .string(yield)
        } else if let servings = recipe.servings {
            object["recipeYield"] = .string("\(servings) servings")
        }
        let texts: [(String, String?)] = [
            ("description", recipe.description), ("url", recipe.url), ("image", recipe.image), ("prepTime", recipe.prepTime),
            ("cookTime", recipe.cookTime), ("totalTime", recipe.totalTime),
        ]
        for (key, value) in texts { if let value { object[key] = .string(value) } }
        if let author = recipe.author { object["author"] = ["@type": "Person", "name": .string(author)] }
        return .object(object)
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
            for key in ["@graph", "mainEntity", "itemListElement", "item"] {
                if let nested = object[key] { collect(nested, into: &found, depth: depth + 1) }
            }
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

    private static func recipe(named name: String, _ object: [String: JSONValue]) -> Recipe {
        let lines = strings(object["recipeIngredient"] ?? object["ingredients"]).map(plainText).filter { !$0.isEmpty }
        var recipe = Recipe(
            name: name, ingredients: lines.map(Ingredient.init(parsing:)), steps: steps(object["recipeInstructions"]))
        let yields = strings(object["recipeYield"])
        recipe.servings = yields.lazy.compactMap { QuantityParser.leadingNumber(in: $0) }.first
        if let yield = yields.first(where: { !isPlainServings($0) }) { recipe.yield = plainText(yield) }
        recipe.description = text(object["description"]).map(plainText)
        recipe.url = text(object["url"])
        recipe.image = image(object["image"])
        recipe.author = author(object["author"])
        recipe.prepTime = text(object["prepTime"])
        recipe.cookTime = text(object["cookTime"])
        recipe.totalTime = text(object["totalTime"])
        return recipe
    }

    /// Instructions as a text, strings, `HowToStep`s, or `HowToSection`s of them.
    private static func steps(_ value: JSONValue?) -> [String] {
        switch value {
        case .string(let text)?:
            return text.split(whereSeparator: \.isNewline).map { plainText(String($0)) }.filter { !$0.isEmpty }
        case .array(let items)?:
            return items.flatMap { steps($0) }
        case .object(let object)?:
            if let nested = object["itemListElement"] { return steps(nested) }
            return text(object["text"] ?? object["name"]).map { [plainText($0)] }?.filter { !$0.isEmpty } ?? []
        default:
            return []
        }
    }

    private static func text(_ value: JSONValue?) -> String? {
        switch value {
        case .string(let text)?: text
        case .number(let number)?: number
        case .array(let items)?: items.lazy.compactMap { text($0) }.first
        default: nil
        }
    }

    private static func strings(_ value: JSONValue?) -> [String] {
        switch value {
        case .string(let text)?: [text]
        case .number(let number)?: [number]
        case .array(let items)?: items.compactMap { text($0) }
        default: []
        }
    }

    private static func image(_ value: JSONValue?) -> String? {
        switch value {
        case .object(let object)?: text(object["url"])
        case .array(let items)?: items.lazy.compactMap { image($0) }.first
        default: text(value)
        }
    }

    private static func author(_ value: JSONValue?) -> String? {
        switch value {
        case .object(let object)?: text(object["name"]).map(plainText)
        case .array(let items)?: items.lazy.compactMap { author($0) }.first
        default: text(value).map(plainText)
        }
    }

    /// "4", "4 servings", "Serves 4": only a count of servings, nothing worth keeping as text.
    private static func isPlainServings(_ text: String) -> Bool {
        let words = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" })
        let filler: Set<Substring> = ["serves", "serving", "servings", "portion", "portions", "people", "persons"]
        return words.contains { $0.allSatisfy(\.isASCIIDigit) }
            && words.allSatisfy { filler.contains($0) || $0.allSatisfy(\.isASCIIDigit) }
    }

    /// Text from a web page: tags removed, common entities decoded, whitespace collapsed.
    static func plainText(_ html: String) -> String {
        var result = ""
        var inTag = false
        for character in html {
            if character == "<" { inTag = true; continue }
            if character == ">", inTag { inTag = false; result.append(" "); continue }
            if !inTag { result.append(character) }
        }
        let entities: [(String, String)] = [
            ("&nbsp;", " "), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&apos;", "'"), ("&#x27;", "'"),
            ("&frac12;", "½"), ("&frac14;", "¼"), ("&frac34;", "¾"), ("&deg;", "°"), ("&amp;", "&"),
        ]
        for (entity, replacement) in entities where result.contains(entity) {
            result = result.replacingOccurrences(of: entity, with: replacement)
        }
        // A tag became a space so words either side stay apart; none belongs before punctuation.
        var tidy = ""
        for character in NameKey.display(result) {
            if ".,;:!?)".contains(character), tidy.hasSuffix(" ") { tidy.removeLast() }
            tidy.append(character)
        }
        return tidy
    }
}
