import OursHousehold
import OursSync

extension CommandContext {
    /// What `add`, `recipe to-list` and `meals to-list` print: the list, and each item with
    /// what happened to it.
    ///
    /// - Parameter extra: Fields for the `--json` document beyond the list and items.
    func printAddResult(_ result: Household.AddResult, extra: [String: JSONValue] = [:]) {
        let changed = result.listOutcome == .created || result.items.contains { $0.outcome != .unchanged }
        let away = changed && ((try? zone())?.folderIsAway ?? false)
        defer { if away, !json { sayKeptUntilTheFolderReturns() } }
        if json {
            var object: [String: JSONValue] = [
                "list": result.list.json, "listOutcome": result.listOutcome.json,
                "items": .array(result.items.map { $0.item.json.adding($0.outcome) }),
            ]
            if away { object["keptOnThisDevice"] = true }
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

extension CommandContext {
    /// Said after a change made while the shared folder is away or cannot be written: nothing
    /// is lost, and when it will reach the others.
    func sayKeptUntilTheFolderReturns() {
        let zone = try? zone()
        let folder = zone?.membership?.folder ?? "the shared folder"
        guard zone?.folderAccess == .readOnly else {
            say(
                yellow("\(folder) is not available right now: the change is kept on this device until it returns")
                    + " (then `ours sync`, or a running `ours watch`, delivers it).")
            return
        }
        say(
            yellow("\(folder) cannot be written right now (a read-only mount?): the change is kept on this device until it can")
                + " (then `ours sync`, or a running `ours watch`, delivers it).")
    }
}
