import Foundation
import OursSync

extension SchemaOrgRecipe {
    /// Reading each field of a schema.org Recipe in the shapes sites give it.
    enum Fields {
        /// - Parameter people: the names of the people and organisations the document describes,
        ///   by `@id`, for an author given only as a reference (`{"@id": "#/schema/person/1"}`).
        static func recipe(named name: String, _ given: [String: JSONValue], people: [String: String] = [:]) -> Recipe {
            // Keys are matched in any case too, as some sites write "RecipeInstructions".
            var object = given
            for (key, value) in given where object[lowercasedKeys[key.lowercased()] ?? key] == nil {
                object[lowercasedKeys[key.lowercased()] ?? key] = value
            }
            var recipe = Recipe(
                name: name,
                ingredients: ingredientLines(object["recipeIngredient"] ?? object["ingredients"]).map(Ingredient.init),
                steps: steps(object["recipeInstructions"]))
            let yields = strings(object["recipeYield"] ?? object["yield"])
            recipe.servings = yields.lazy.compactMap { QuantityParser.leadingNumber(in: $0) }.first
            if let yield = yields.first(where: { !isPlainServings($0) }) { recipe.yield = HTMLText.plain(yield) }
            recipe.description = text(object["description"]).map(HTMLText.plain).flatMap { $0.isEmpty ? nil : $0 }
            recipe.url = text(object["url"])
            recipe.image = image(object["image"])
            recipe.authors = authors(object["author"] ?? object["creator"], people: people)
            recipe.prepTime = duration(object["prepTime"])
            recipe.cookTime = duration(object["cookTime"])
            recipe.totalTime = duration(object["totalTime"])
            recipe.tags = keywords(object["keywords"])
            recipe.category = joined(object["recipeCategory"])
            recipe.cuisine = joined(object["recipeCuisine"])
            recipe.nutrition = nutrition(object["nutrition"])
            return recipe
        }

        /// The keys read, by their lowercase spelling.
        private static let lowercasedKeys: [String: String] = Dictionary(
            uniqueKeysWithValues: [
                "recipeIngredient", "ingredients", "recipeInstructions", "recipeYield", "yield", "description", "url", "image",
                "author", "creator", "prepTime", "cookTime", "totalTime", "keywords", "recipeCategory", "recipeCuisine",
                "nutrition",
            ].map { ($0.lowercased(), $0) })

        /// Ingredient lines: strings, numbers, nested arrays, objects with a name or text, and
        /// several lines packed in one string (line breaks, `<br>`, `<li>`).
        static func ingredientLines(_ value: JSONValue?) -> [String] {
            switch value {
            case .string(let text)?:
                // One long line is several run together where the page lost its line breaks.
                HTMLText.lines(text).flatMap { $0.count > 100 ? InstructionText.splitRunTogetherLines($0) : [$0] }
            case .number(let number)?: [number]
            case .array(let items)?: items.flatMap { ingredientLines($0) }
            case .object(let object)?:
                if let entries = numbered(object) {
                    entries.flatMap { ingredientLines($0) }
                } else if let value = object["value"] {
                    // A PropertyValue: "2", "cups", "flour".
                    [
                        [text(value), text(object["unitText"] ?? object["unitCode"]), text(object["name"])].compactMap { $0 }
                            .joined(separator: " ")
                    ]
                } else {
                    ingredientLines(object["text"] ?? object["name"] ?? object["itemListElement"])
                }
            default: []
            }
        }

        /// The values of an object written in place of an array, `{"0": …, "1": …}`, in order.
        static func numbered(_ object: [String: JSONValue]) -> [JSONValue]? {
            guard !object.isEmpty, object.keys.allSatisfy({ Int($0) != nil }) else { return nil }
            return object.keys.sorted { Int($0)! < Int($1)! }.map { object[$0]! }
        }

        /// The method: one text (a line per step: line breaks, paragraphs, list items), strings,
        /// `HowToStep`s, and `HowToSection`s, whose names become headings.
        static func steps(_ value: JSONValue?) -> [RecipeStep] {
            switch value {
            case .string(let text)?:
                // Some sites put the instructions' JSON in a string.
                let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
                if trimmed.hasPrefix("[") || trimmed.hasPrefix("{"), let inner = try? LenientJSONLD.parse(Array(trimmed.utf8)) {
                    return steps(inner)
                }
                return InstructionText.steps(text).map { RecipeStep($0) }
            case .array(let items)?:
                return items.flatMap { item -> [RecipeStep] in
                    if case .string(let text) = item { return InstructionText.steps(text).map { RecipeStep($0) } }
                    return steps(item)
                }
            case .object(let object)?:
                if let entries = numbered(object) { return steps(.array(entries)) }
                return step(object)
            default:
                return []
            }
        }

        private static func step(_ object: [String: JSONValue]) -> [RecipeStep] {
            let name = text(object["name"]).map(HTMLText.plain) ?? ""
            if let nested = object["itemListElement"] ?? object["ItemListElement"] ?? object["steps"] {
                let inner = steps(nested)
                let isSection = typeIs(object["@type"], "HowToSection") || !inner.isEmpty
                return (isSection && !name.isEmpty ? [RecipeStep(name, isSection: true)] : []) + inner
            }
            let body = text(object["text"] ?? object["description"]).map(HTMLText.lines) ?? []
            guard !body.isEmpty else { return name.isEmpty ? [] : [RecipeStep(name)] }
            // A step's name that is not the start of its text (shortened or not) is its own
            // heading ("Make the dough").
            let shortened = String(NameKey.normalize(name).reversed().drop { ".… ".contains($0) }.reversed())
            let heading = !shortened.isEmpty && !NameKey.normalize(body[0]).hasPrefix(shortened) && !isGenericStepName(name)
            return (heading ? [RecipeStep(name, isSection: true)] : []) + [RecipeStep(body.joined(separator: " "))]
        }

        /// "Step 1", "step1", "Schritt 2", "3": names that only number a step.
        private static func isGenericStepName(_ name: String) -> Bool {
            let words = NameKey.normalize(name).split(separator: " ").map { $0.filter(\.isLetter) }.filter { !$0.isEmpty }
            let numbering: Set<String> = ["step", "stap", "schritt", "etape", "paso", "passo", "krok", "steg", "trin", "lepes"]
            return words.allSatisfy(numbering.contains)
        }

        static func typeIs(_ type: JSONValue?, _ name: String) -> Bool {
            switch type {
            case .string(let text)?: text.hasSuffix(name)
            case .array(let items)?: items.contains { $0.stringValue?.hasSuffix(name) ?? false }
            default: false
            }
        }

        static func text(_ value: JSONValue?) -> String? {
            switch value {
            case .string(let text)?: text
            case .number(let number)?: number
            case .array(let items)?: items.lazy.compactMap { text($0) }.first
            case .object(let object)?: text(object["@value"] ?? object["name"] ?? object["text"])
            default: nil
            }
        }

        static func strings(_ value: JSONValue?) -> [String] {
            switch value {
            case .string(let text)?: [text]
            case .number(let number)?: [number]
            case .array(let items)?: items.flatMap { strings($0) }
            case .object(let object)?: strings(object["value"] ?? object["@value"] ?? object["name"])
            default: []
            }
        }

        /// Texts given as one or several, joined with commas: `Dessert, Snack`.
        private static func joined(_ value: JSONValue?) -> String? {
            var seen: [String] = []
            for text in strings(value).map(HTMLText.plain) where !text.isEmpty && !seen.contains(text) { seen.append(text) }
            return seen.isEmpty ? nil : seen.joined(separator: ", ")
        }

        /// Keywords as an array or one comma-separated text, each once.
        private static func keywords(_ value: JSONValue?) -> [String] {
            var result: [String] = []
            for text in strings(value) {
                for word in HTMLText.plain(text).split(separator: ",").map({ NameKey.display(String($0)) }) where !word.isEmpty {
                    if !result.contains(where: { NameKey.matches($0, word) }) { result.append(word) }
                }
            }
            return result
        }

        private static func nutrition(_ value: JSONValue?) -> [String: String] {
            var result: [String: String] = [:]
            for (key, item) in value?.objectValue ?? [:] where !key.hasPrefix("@") {
                if let text = text(item).map(HTMLText.plain), !text.isEmpty { result[key] = text }
            }
            return result
        }

        private static func image(_ value: JSONValue?) -> String? {
            switch value {
            case .object(let object)?: text(object["url"] ?? object["contentUrl"])
            case .array(let items)?: items.lazy.compactMap { image($0) }.first
            default: text(value)
            }
        }

        /// A time as text, or as a `QuantitativeValue` (`{"maxValue": "PT1H"}`).
        private static func duration(_ value: JSONValue?) -> String? {
            guard let object = value?.objectValue else { return text(value) }
            return text(object["maxValue"] ?? object["value"] ?? object["minValue"])
        }

        /// Every author: strings, `Person`s or `Organization`s (or a reference to one described
        /// elsewhere in the document), or an array of them.
        private static func authors(_ value: JSONValue?, people: [String: String]) -> [String] {
            let names: [String]
            switch value {
            case .object(let object)?:
                names = [text(object["name"]) ?? object["@id"]?.stringValue.flatMap { people[$0] }].compactMap { $0 }
            case .array(let items)?: names = items.flatMap { authors($0, people: people) }
            default: names = [text(value)].compactMap { $0 }
            }
            var result: [String] = []
            for name in names.map(HTMLText.plain) where !name.isEmpty && !result.contains(name) { result.append(name) }
            return result
        }

        /// "4", "4 servings", "Serves 4": only a count of servings, nothing worth keeping as text.
        private static func isPlainServings(_ text: String) -> Bool {
            let words = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" })
            let filler: Set<Substring> = ["serves", "serving", "servings", "portion", "portions", "people", "persons"]
            return words.contains { $0.allSatisfy(\.isASCIIDigit) }
                && words.allSatisfy { filler.contains($0) || $0.allSatisfy(\.isASCIIDigit) }
        }
    }
}
