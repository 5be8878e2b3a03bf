import OursHousehold
import OursSync

extension Commands {
    func add(_ names: [String], list: String?, qty: String?, category: String?, note: String?) throws(OursError) {
        let result = try life().add(names, to: list, quantity: qty, category: category, note: note)
        printAddResult(result)
    }

    /// What `add`, `recipe to-list` and `meals to-list` print.
    func printAddResult(_ result: Household.AddResult, extra: [String: JSONValue] = [:]) {
        if context.json {
            var object: [String: JSONValue] = [
                "list": result.list.json, "listOutcome": Commands.outcome(result.listOutcome),
                "items": .array(result.items.map { Commands.with($0.item.json, ["outcome": Commands.outcome($0.outcome)]) }),
            ]
            object.merge(extra) { $1 }
            context.printJSON(.object(object))
            return
        }
        let list = context.bold(result.list.name)
        switch result.listOutcome {
        case .created: context.say("Created the list \(list).")
        case .restored: context.say("Took \(list) out of the archive.")
        default: break
        }
        for (item, outcome) in result.items {
            let total = item.total.description
            let quantity = total.isEmpty ? "" : " " + context.dim("(" + total + ")")
            switch outcome {
            case .created: context.say("Added \(item.name) to \(list)." + quantity)
            case .restored: context.say("\(item.name) is back on \(list)." + quantity)
            case .updated: context.say("Updated \(item.name) on \(list)." + quantity)
            default: context.say("\(item.name) is already on \(list)." + quantity)
            }
        }
    }

    func check(_ name: String, list: String?) throws(OursError) {
        let (item, list, outcome) = try life().check(name, on: list)
        printItemChange(
            item, list, outcome, done: "Checked \(item.name) on \(list.name).", already: "\(item.name) was already checked.")
    }

    func uncheck(_ name: String, list: String?) throws(OursError) {
        let (item, list, outcome) = try life().uncheck(name, on: list)
        printItemChange(
            item, list, outcome, done: "\(item.name) is back on \(list.name).", already: "\(item.name) was not checked.")
    }

    private func printItemChange(
        _ item: GroceryItem, _ list: GroceryList, _ outcome: Household.Outcome, done: String, already: String
    ) {
        if context.json {
            context.printJSON(["item": item.json, "list": list.json, "outcome": Commands.outcome(outcome)])
        } else {
            context.say(outcome == .unchanged ? already : done)
        }
    }

    func removeItem(_ name: String, list: String?) throws(OursError) {
        let (item, list) = try life().remove(name, from: list)
        if context.json {
            context.printJSON(["item": item.json, "list": list.json, "deleted": true])
        } else {
            context.say("Removed \(item.name) from \(list.name).")
        }
    }

    func listCreate(_ name: String) throws(OursError) {
        let (list, outcome) = try life().createList(named: name)
        if context.json { return context.printJSON(Commands.with(list.json, ["outcome": Commands.outcome(outcome)])) }
        switch outcome {
        case .created: context.say("Created the list \(context.bold(list.name)).")
        case .restored: context.say("Took \(context.bold(list.name)) out of the archive.")
        default: context.say("There is already a list called \(context.bold(list.name)).")
        }
    }

    func listShow(_ name: String?, consolidated: Bool) throws(OursError) {
        let life = try life()
        if consolidated { return try listShowConsolidated(life, name) }
        let list = try life.list(named: name)
        let items = try life.items(on: list)
        if context.json {
            return context.printJSON(["list": list.json, "items": .array(items.map(\.json))])
        }
        context.say(context.bold(list.name) + (list.archived ? context.dim("  (archived)") : ""))
        if items.isEmpty { return context.say("  Nothing on it. Add something with `ours add ITEM`.") }
        let width = items.map(\.name.count).max() ?? 0
        for item in items {
            var details = item.quantityParts.joined(separator: " + ")
            for extra in [item.category, item.note].compactMap({ $0 }) { details += (details.isEmpty ? "" : " · ") + extra }
            let name = details.isEmpty ? item.name : item.name.padding(to: width) + "  " + context.dim(details)
            context.say(item.checked ? "  " + context.dim("[x] " + name) : "  [ ] " + name)
        }
    }

    private func listShowConsolidated(_ life: Household, _ name: String?) throws(OursError) {
        let (lists, lines) = try life.consolidated(name)
        if context.json {
            return context.printJSON(["lists": .array(lists.map(\.json)), "lines": .array(lines.map(\.json))])
        }
        context.say(context.bold(lists.map(\.name).joined(separator: ", ")) + context.dim("  (consolidated)"))
        if lines.isEmpty { return context.say("  Nothing to buy.") }
        let rows = lines.map { line in
            [
                "  " + line.name, line.total.description, line.category ?? "",
                (lists.count > 1 ? line.lists : line.recipes).joined(separator: ", "),
            ]
        }
        context.console.out(Table.render(["  ITEM", "QTY", "CATEGORY", lists.count > 1 ? "LISTS" : "FOR"], rows))
    }

    func listRename(_ name: String, to newName: String) throws(OursError) {
        let life = try life()
        let old = try life.list(named: name).name
        let list = try life.renameList(name, to: newName)
        if context.json { return context.printJSON(list.json) }
        context.say("Renamed \(old) to \(context.bold(list.name)).")
    }

    func listArchive(_ name: String) throws(OursError) {
        let (list, outcome) = try life().archiveList(name)
        if context.json { return context.printJSON(Commands.with(list.json, ["outcome": Commands.outcome(outcome)])) }
        context.say(
            outcome == .unchanged
                ? "\(list.name) is already archived." : "Archived \(list.name); `ours lists --archived` still shows it.")
    }

    func listDelete(_ name: String, yes: Bool) throws(OursError) {
        let (list, items) = try life().deleteList(name, confirmed: yes)
        if context.json { return context.printJSON(["list": list.json, "deleted": true, "items": JSONValue(items)]) }
        context.say("Deleted \(list.name)" + (items > 0 ? " and its \(Commands.count(items, "item"))." : "."))
    }

    func lists(archived: Bool) throws(OursError) {
        let life = try life()
        let lists = try life.lists(includeArchived: archived)
        let items = try life.items(on: lists)
        func counts(_ list: GroceryList) -> (open: Int, checked: Int) {
            let all = items[list.id] ?? []
            let open = all.filter { !$0.checked }.count
            return (open, all.count - open)
        }
        if context.json {
            return context.printJSON(
                .array(
                    lists.map { list in
                        let (open, checked) = counts(list)
                        return Commands.with(list.json, ["unchecked": JSONValue(open), "checked": JSONValue(checked)])
                    }))
        }
        if lists.isEmpty { return context.say("No lists yet. `ours add ITEM` starts the \(GroceryList.defaultName) list.") }
        let rows = lists.map { list -> [String] in
            let (open, checked) = counts(list)
            let marks = [list.isDefault ? "default" : nil, list.archived ? "archived" : nil].compactMap { $0 }
            let name = marks.isEmpty ? list.name : list.name + " (" + marks.joined(separator: ", ") + ")"
            return [name, "\(open)", "\(checked)"]
        }
        context.console.out(Table.render(["LIST", "TO BUY", "CHECKED"], rows))
    }

    func categoryAdd(_ name: String) throws(OursError) {
        let (category, outcome) = try life().addCategory(name)
        if context.json { return context.printJSON(Commands.with(category.json, ["outcome": Commands.outcome(outcome)])) }
        context.say(
            outcome == .created ? "Added the category \(category.name)." : "There is already a category called \(category.name).")
    }

    func categories() throws(OursError) {
        let categories = try life().categories()
        if context.json { return context.printJSON(.array(categories.map(\.json))) }
        if categories.isEmpty {
            return context.say("No categories yet. `ours category add NAME`, or `ours add ITEM --category NAME`.")
        }
        for category in categories { context.say(category.name) }
    }
}

extension String {
    /// The text padded with spaces to `width` characters.
    func padding(to width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
}
