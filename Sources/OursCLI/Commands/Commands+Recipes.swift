import Foundation
import OursHousehold
import OursSync

extension Commands {
    func recipeAdd(_ name: String, ingredients: [String], servings: Int?, force: Bool) throws(OursError) {
        let (recipe, outcome) = try life().addRecipe(named: name, ingredients: ingredients, servings: servings, replace: force)
        if context.json { return context.printJSON(Commands.with(recipe.json, ["outcome": Commands.outcome(outcome)])) }
        let serves = recipe.servings.map { ", serves \($0)" } ?? ""
        let verb = outcome == .replaced ? "Replaced" : "Added"
        context.say(
            "\(verb) the recipe \(context.bold(recipe.name)) (\(Commands.count(recipe.ingredients.count, "ingredient"))\(serves))."
        )
    }

    func recipeShow(_ name: String) throws(OursError) {
        let recipe = try life().recipe(named: name)
        if context.json { return context.printJSON(recipe.json) }
        context.say(context.bold(recipe.name) + (recipe.favorite ? " ★" : ""))
        if let description = recipe.description { context.say(description) }
        let facts = [
            recipe.yield ?? recipe.servings.map { "Serves \($0)" }, recipe.totalTime.map { "Total \($0)" }, recipe.url,
        ].compactMap { $0 }
        if !facts.isEmpty { context.say(context.dim(facts.joined(separator: " · "))) }
        if !recipe.ingredients.isEmpty {
            context.say("\nIngredients")
            for ingredient in recipe.ingredients { context.say("  " + ingredient.text) }
        }
        if !recipe.steps.isEmpty {
            context.say("\nSteps")
            for (index, step) in recipe.steps.enumerated() { context.say("  \(index + 1). \(step)") }
        }
        if let notes = recipe.notes { context.say("\nNotes\n  \(notes)") }
    }

    func recipeFavorite(_ name: String, _ favorite: Bool) throws(OursError) {
        let (recipe, outcome) = try life().setFavorite(name, favorite)
        if context.json { return context.printJSON(Commands.with(recipe.json, ["outcome": Commands.outcome(outcome)])) }
        switch (favorite, outcome) {
        case (true, .unchanged): context.say("\(recipe.name) is already a favourite.")
        case (true, _): context.say("\(recipe.name) is now a favourite ★.")
        case (false, .unchanged): context.say("\(recipe.name) was not a favourite.")
        case (false, _): context.say("\(recipe.name) is no longer a favourite.")
        }
    }

    func recipeToList(_ name: String, list: String?, servings: Int?) throws(OursError) {
        let (recipe, result) = try life().addRecipeToList(name, list: list, servings: servings)
        let recipeJSON: JSONValue = ["id": .string(recipe.id), "name": .string(recipe.name)]
        context.printAddResult(
            result, extra: ["recipe": recipeJSON, "servings": (servings ?? recipe.servings).map { JSONValue($0) } ?? .null])
        if !context.json, result.items.isEmpty { context.say("\(recipe.name) has no ingredients to add.") }
    }

    func recipeImport(_ file: String) throws(OursError) {
        let bytes = try context.readInput(file)
        let results = try life().importRecipes(bytes, source: file == "-" ? "standard input" : file)
        if context.json {
            return context.printJSON([
                "imported": JSONValue(results.count),
                "recipes": .array(results.map { Commands.with($0.recipe.json, ["outcome": Commands.outcome($0.outcome)]) }),
            ])
        }
        for (recipe, outcome) in results {
            let verb = outcome == .created ? "Imported" : "Updated"
            context.say("\(verb) \(context.bold(recipe.name)) (\(Commands.count(recipe.ingredients.count, "ingredient"))).")
        }
    }

    func recipeExport(_ name: String) throws(OursError) {
        context.printJSON(SchemaOrgRecipe.export(try life().recipe(named: name)))
    }

    func recipes(favoritesOnly: Bool) throws(OursError) {
        let recipes = try life().recipes(favoritesOnly: favoritesOnly)
        if context.json { return context.printJSON(.array(recipes.map(\.json))) }
        if recipes.isEmpty {
            return context.say(
                favoritesOnly
                    ? "No favourites yet: `ours recipe favorite NAME`."
                    : "No recipes yet: `ours recipe add NAME` or `ours recipe import FILE`.")
        }
        let rows = recipes.map { recipe in
            [recipe.name + (recipe.favorite ? " ★" : ""), recipe.servings.map(String.init) ?? "", "\(recipe.ingredients.count)"]
        }
        context.console.out(Table.render(["RECIPE", "SERVES", "INGREDIENTS"], rows))
    }
}
