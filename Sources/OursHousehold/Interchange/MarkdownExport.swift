import OursSync

/// The household as Markdown, for notes apps and printing.
public enum MarkdownExport {
    /// The snapshot's lists, meal plan, recipes, chores, tasks and memories as a Markdown
    /// document, linking the photos `files` holds (as images) and naming the others.
    public static func render(_ snapshot: HouseholdSnapshot, files: ExportFiles? = nil) -> String {
        var out = ["# \(escape(snapshot.householdName))", ""]
        out += ["## Lists", ""]
        if snapshot.lists.isEmpty { out += ["No lists yet.", ""] }
        for entry in snapshot.lists {
            out += ["### \(escape(entry.list.name))" + (entry.list.archived ? " (archived)" : ""), ""]
            if entry.items.isEmpty { out.append("Nothing on it.") }
            for item in entry.items {
                var details = item.quantityParts.isEmpty ? [] : [item.quantityParts.joined(separator: " + ")]
                if let category = item.category { details.append(category) }
                if let note = item.note { details.append(note) }
                let suffix = details.isEmpty ? "" : " — " + details.map(escape).joined(separator: " · ")
                out.append("- [\(item.checked ? "x" : " ")] \(escape(item.name))\(suffix)" + inline(item.photos, files))
            }
            out.append("")
        }
        if !snapshot.meals.isEmpty {
            out += ["## Meal plan", ""]
            for meal in snapshot.meals {
                out.append("- \(meal.date) (\(meal.date.weekdayName)), \(meal.slot.rawValue): \(escape(meal.name))")
            }
            out.append("")
        }
        if !snapshot.recipes.isEmpty {
            out += ["## Recipes", ""]
            for recipe in snapshot.recipes { out += self.recipe(recipe, files) }
        }
        if !snapshot.chores.isEmpty {
            out += ["## Chores", ""]
            for chore in snapshot.chores {
                let who = snapshot.memberName(chore.assignee).map { ", \(escape($0))" } ?? ""
                let due = chore.paused ? "paused" : "next due \(snapshot.localTime(chore.nextDue))"
                out.append("- \(escape(chore.name)) — \(chore.schedule.rule.phrase), \(due)\(who)")
            }
            out.append("")
        }
        if !snapshot.tasks.isEmpty {
            out += ["## Tasks", ""]
            for task in snapshot.tasks {
                var details: [String] = []
                if let project = task.project { details.append("project \(escape(project))") }
                if let due = task.due { details.append("due \(due)") }
                if let priority = task.priority { details.append("priority \(priority)") }
                if let name = snapshot.memberName(task.assignee) { details.append(escape(name)) }
                let suffix = details.isEmpty ? "" : " — " + details.joined(separator: ", ")
                out.append("- [\(task.done ? "x" : " ")] \(escape(task.name))\(suffix)" + inline(task.photos, files))
            }
            out.append("")
        }
        out += memories(snapshot, files)
        return out.joined(separator: "\n")
    }

    /// `### First steps`, then the day and who it is for, then the note.
    static func memories(_ snapshot: HouseholdSnapshot, _ files: ExportFiles?) -> [String] {
        guard !snapshot.memories.isEmpty else { return [] }
        var out = ["## Memories", ""]
        for memory in snapshot.memories {
            out += ["### \(escape(memory.title))", ""]
            let who = memory.recipientName(among: snapshot.members).map { "for " + escape($0) }
            let facts = [memory.date.map { "\($0) (\($0.weekdayName))" }, who].compactMap { $0 }
            if !facts.isEmpty { out += ["*" + facts.joined(separator: ", ") + "*", ""] }
            // Line by line, so the paragraphs someone wrote stay paragraphs.
            if let note = memory.note {
                out += note.split(separator: "\n", omittingEmptySubsequences: false).map { escape(String($0)) } + [""]
            }
            if !memory.photos.isEmpty { out += [photos(memory.photos, files), ""] }
        }
        return out
    }

    static func recipe(_ recipe: Recipe, _ files: ExportFiles? = nil) -> [String] {
        var out = ["### \(escape(recipe.name))" + (recipe.favorite ? " ★" : ""), ""]
        if !recipe.photos.isEmpty { out += [photos(recipe.photos, files), ""] }
        if let description = recipe.description { out += [escape(description), ""] }
        if let yield = recipe.yield ?? recipe.servings.map({ "\($0) servings" }) { out += ["*\(escape(yield))*", ""] }
        for ingredient in recipe.ingredients { out.append("- \(escape(ingredient.text))") }
        if !recipe.ingredients.isEmpty { out.append("") }
        var number = 0
        for step in recipe.steps {
            if step.isSection {
                out += ["", "**\(escape(step.text))**", ""]
                number = 0
                continue
            }
            number += 1
            out.append("\(number). \(escape(step.text))")
        }
        if !recipe.steps.isEmpty { out.append("") }
        if let notes = recipe.notes { out += [escape(notes), ""] }
        return out
    }

    /// Photos as images where the export carries them (`![name](home_files/….jpg)`), named
    /// where it does not.
    static func photos(_ refs: [AttachmentRef], _ files: ExportFiles?) -> String {
        refs.map { ref in
            let name = escape(ref.name ?? ref.shortID)
            guard let link = files?.link(ref) else { return "*(photo \(name) not in this export)*" }
            return "![\(name)](\(link))"
        }.joined(separator: " ")
    }

    /// A list line's photos, after it.
    private static func inline(_ refs: [AttachmentRef], _ files: ExportFiles?) -> String {
        refs.isEmpty ? "" : " " + photos(refs, files)
    }

    /// Backslash-escapes the characters Markdown would read as formatting.
    static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            if "\\`*_[]<>#|".contains(character) { result.append("\\") }
            result.append(character == "\n" ? " " : character)
        }
        return result
    }
}
