import OursSync

/// The household as one HTML page (no scripts, no external files but its photos, which
/// `files` says are copied beside it; see `ExportFiles`).
public enum HTMLExport {
    /// The snapshot's lists, meal plan, recipes, chores, tasks and memories as one HTML page's
    /// text, showing the photos `files` holds and naming the others.
    public static func render(_ snapshot: HouseholdSnapshot, files: ExportFiles? = nil) -> String {
        let title = escape(snapshot.householdName)
        var body: [String] = [
            "<h1>\(title)</h1>", "<p class=\"meta\">Exported \(escape(snapshot.localTime(snapshot.takenAt)))</p>",
        ]
        body += lists(snapshot, files)
        body += meals(snapshot)
        body += recipes(snapshot, files)
        body += chores(snapshot)
        body += tasks(snapshot, files)
        body += memories(snapshot, files)
        return page(title: title, body: body)
    }

    /// Escapes text for HTML content and attribute values.
    static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }

    // MARK: Sections

    /// Every list with its items, checked ones struck through; always present.
    private static func lists(_ snapshot: HouseholdSnapshot, _ files: ExportFiles?) -> [String] {
        var body = ["<section><h2>Lists</h2>"]
        for entry in snapshot.lists {
            body.append(
                "<h3>\(escape(entry.list.name))\(entry.list.archived ? " <small>(archived)</small>" : "")</h3><ul class=\"items\">"
            )
            for item in entry.items {
                var details = item.quantityParts.isEmpty ? [] : [item.quantityParts.joined(separator: " + ")]
                if let category = item.category { details.append(category) }
                if let note = item.note { details.append(note) }
                let extra = details.isEmpty ? "" : " <span class=\"details\">\(escape(details.joined(separator: " · ")))</span>"
                body.append(
                    "<li\(item.checked ? " class=\"done\"" : "")>\(item.checked ? "✓ " : "")\(escape(item.name))\(extra)"
                        + photos(item.photos, files) + "</li>")
            }
            body.append("</ul>")
        }
        body.append("</section>")
        return body
    }

    private static func meals(_ snapshot: HouseholdSnapshot) -> [String] {
        guard !snapshot.meals.isEmpty else { return [] }
        var body = ["<section><h2>Meal plan</h2><table><tr><th>Day</th><th>Meal</th><th>What</th></tr>"]
        for meal in snapshot.meals {
            body.append(
                "<tr><td>\(meal.date.weekdayName) \(meal.date)</td><td>\(meal.slot.rawValue)</td><td>\(escape(meal.name))</td></tr>"
            )
        }
        body.append("</table></section>")
        return body
    }

    private static func recipes(_ snapshot: HouseholdSnapshot, _ files: ExportFiles?) -> [String] {
        guard !snapshot.recipes.isEmpty else { return [] }
        var body = ["<section><h2>Recipes</h2>"]
        for recipe in snapshot.recipes {
            body.append("<article><h3>\(escape(recipe.name))\(recipe.favorite ? " ★" : "")</h3>" + photos(recipe.photos, files))
            if let yield = recipe.yield ?? recipe.servings.map({ "\($0) servings" }) {
                body.append("<p><em>\(escape(yield))</em></p>")
            }
            body.append("<ul>" + recipe.ingredients.map { "<li>\(escape($0.text))</li>" }.joined() + "</ul>")
            body.append(contentsOf: steps(recipe.steps))
            if let notes = recipe.notes { body.append("<p>\(escape(notes))</p>") }
            body.append("</article>")
        }
        body.append("</section>")
        return body
    }

    /// The steps as numbered lists, each section heading between them.
    private static func steps(_ steps: [RecipeStep]) -> [String] {
        var body: [String] = []
        var open = false
        for step in steps {
            if step.isSection {
                if open { body.append("</ol>") }
                open = false
                body.append("<h4>\(escape(step.text))</h4>")
                continue
            }
            if !open { body.append("<ol>") }
            open = true
            body.append("<li>\(escape(step.text))</li>")
        }
        if open { body.append("</ol>") }
        return body.isEmpty ? [] : [body.joined()]
    }

    private static func chores(_ snapshot: HouseholdSnapshot) -> [String] {
        guard !snapshot.chores.isEmpty else { return [] }
        var body = ["<section><h2>Chores</h2><table><tr><th>Chore</th><th>How often</th><th>Next due</th><th>Who</th></tr>"]
        for chore in snapshot.chores {
            body.append(
                "<tr><td>\(escape(chore.name))</td><td>\(chore.schedule.rule.phrase)</td><td>\(chore.paused ? "paused" : snapshot.localTime(chore.nextDue))</td>"
                    + "<td>\(escape(snapshot.memberName(chore.assignee) ?? ""))</td></tr>")
        }
        body.append("</table></section>")
        return body
    }

    private static func tasks(_ snapshot: HouseholdSnapshot, _ files: ExportFiles?) -> [String] {
        guard !snapshot.tasks.isEmpty else { return [] }
        var body = [
            "<section><h2>Tasks</h2><table><tr><th>Task</th><th>Project</th><th>Due</th><th>Priority</th><th>Who</th></tr>"
        ]
        for task in snapshot.tasks {
            body.append(
                "<tr\(task.done ? " class=\"done\"" : "")><td>\(task.done ? "✓ " : "")\(escape(task.name))"
                    + photos(task.photos, files) + "</td>"
                    + "<td>\(escape(task.project ?? ""))</td><td>\(task.due?.description ?? "")</td>"
                    + "<td>\(task.priority.map(String.init) ?? "")</td><td>\(escape(snapshot.memberName(task.assignee) ?? ""))</td></tr>"
            )
        }
        body.append("</table></section>")
        return body
    }

    private static func memories(_ snapshot: HouseholdSnapshot, _ files: ExportFiles?) -> [String] {
        guard !snapshot.memories.isEmpty else { return [] }
        var body = ["<section><h2>Memories</h2>"]
        for memory in snapshot.memories {
            body.append("<article><h3>\(escape(memory.title))</h3>")
            let who = memory.recipientName(among: snapshot.members).map { "for " + $0 }
            let facts = [memory.date.map { "\($0.weekdayName) \($0)" }, who].compactMap { $0 }
            if !facts.isEmpty { body.append("<p class=\"meta\">\(escape(facts.joined(separator: ", ")))</p>") }
            if let note = memory.note { body.append("<p class=\"note\">\(escape(note))</p>") }
            body.append(photos(memory.photos, files))
            body.append("</article>")
        }
        body.append("</section>")
        return body
    }

    /// A record's photos: each one copied beside the page as an image, each other one named.
    private static func photos(_ refs: [AttachmentRef], _ files: ExportFiles?) -> String {
        guard !refs.isEmpty else { return "" }
        let shown = refs.map { ref in
            let name = escape(ref.name ?? ref.shortID)
            guard let link = files?.link(ref) else { return "<span class=\"missing\">photo \(name) not in this export</span>" }
            return "<a href=\"\(escape(link))\"><img src=\"\(escape(link))\" alt=\"\(name)\" loading=\"lazy\"></a>"
        }
        return "<div class=\"photos\">" + shown.joined() + "</div>"
    }

    /// The document around the sections: head, inline style, body.
    private static func page(title: String, body: [String]) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(title)</title>
        <style>
        body { font: 16px/1.5 system-ui, sans-serif; max-width: 46rem; margin: 2rem auto; padding: 0 1rem; color: #222; }
        h1 { margin-bottom: 0; } .meta { color: #777; margin-top: 0; }
        ul.items { list-style: none; padding-left: 0; } li.done, tr.done { color: #999; text-decoration: line-through; }
        .details { color: #666; font-size: 0.9em; } .note { white-space: pre-line; } table { border-collapse: collapse; width: 100%; }
        th, td { text-align: left; padding: 0.25rem 0.5rem; border-bottom: 1px solid #ddd; }
        .photos img { max-width: 12rem; max-height: 12rem; margin: 0.25rem 0.5rem 0.25rem 0; border-radius: 4px; }
        .photos .missing { color: #999; font-size: 0.9em; margin-right: 0.5rem; }
        @media print { body { margin: 0; } }
        </style>
        </head>
        <body>
        \(body.joined(separator: "\n"))
        </body>
        </html>

        """
    }
}
