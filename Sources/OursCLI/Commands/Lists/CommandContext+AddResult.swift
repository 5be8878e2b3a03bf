import OursHousehold
import OursSync

extension CommandContext {
    /// What `add`, `recipe to-list` and `meals to-list` print: the list, and each item with
    /// what happened to it.
    ///
    /// - Parameter extra: Fields for the `--json` document beyond the list and items.
    func printAddResult(_ result: Household.AddResult, extra: [String: JSONValue] = [:]) {
        if json {
            var object: [String: JSONValue] = [
                "list": result.list.json, "listOutcome": result.listOutcome.json,
                "items": .array(result.items.map { $0.item.json.adding($0.outcome) }),
            ]
            object.merge(extra) { $1 }
            printJSON(.object(object))
            return
        }
        let list = bold(result.list.name)
        switch result.listOutcome {
        case .created: say("Created the list \(list).")
        case .restored: say("Took \(list) out of the archive.")
        default: break
        }
        for (item, outcome) in result.items {
            let total = item.total.description
            let quantity = total.isEmpty ? "" : " " + dim("(" + total + ")")
            switch outcome {
            case .created: say("Added \(item.name) to \(list)." + quantity)
            case .restored: say("\(item.name) is back on \(list)." + quantity)
            case .updated: say("Updated \(item.name) on \(list)." + quantity)
            default: say("\(item.name) is already on \(list)." + quantity)
            }
        }
    }
}
