import OursSync

/// `ours conflicts`: values that lost to a concurrent edit on another device.
struct ConflictsCommand: OursCommand {
    static let spec = Spec(
        "conflicts", summary: "Show values that lost to a concurrent edit on another device")

    static func parse(_ values: ParsedValues) -> Self { Self() }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let conflicts = try context.zone().conflicts()
        if context.json {
            context.printJSON(.array(conflicts.map(\.json)))
            return 0
        }
        if conflicts.isEmpty {
            context.say("No conflicts.")
            return 0
        }
        for conflict in conflicts {
            let lost = conflict.value.map { JSONWriter.compactString($0) } ?? "(removed)"
            let won = conflict.winningValue.map { JSONWriter.compactString($0) } ?? "(removed)"
            switch conflict.kind {
            case .value:
                context.say("\(context.bold(conflict.id))  \(conflict.key) \(conflict.field ?? ""): \(lost) lost to \(won)")
            case .editLostToDeletion:
                context.say(
                    "\(context.bold(conflict.id))  \(conflict.key) \(conflict.field ?? ""): \(lost) was edited while the record was deleted"
                )
            case .deletionLostToEdit:
                context.say("\(context.bold(conflict.id))  \(conflict.key): deleted while someone edited it; the edit kept it")
            }
        }
        context.say(context.dim("Restore one with `ours conflicts restore ID`."))
        return 0
    }
}

/// `ours conflicts restore ID`: brings back the value that lost.
struct ConflictsRestoreCommand: OursCommand {
    static let id: Argument<String> = .conflictID

    static let spec = Spec(
        "restore", summary: "Bring back a value that lost to a concurrent edit", arguments: [id])

    let id: String

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(id: values[id])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let conflict = try context.zone().restoreConflict(id)
        if context.json { context.printJSON(conflict.json) } else { context.say("Restored \(conflict.id) on \(conflict.key).") }
        return 0
    }
}

/// `ours conflicts dismiss ID`: keeps the winning value and stops listing the conflict.
struct ConflictsDismissCommand: OursCommand {
    static let id: Argument<String> = .conflictID

    static let spec = Spec(
        "dismiss", summary: "Keep the winning value and stop listing the conflict", arguments: [id])

    let id: String

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(id: values[id])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let conflict = try context.zone().dismissConflict(id)
        if context.json {
            context.printJSON(conflict.json)
        } else {
            context.say("Kept the current value of \(conflict.key); \(conflict.id) dismissed.")
        }
        return 0
    }
}

extension Argument where Value == String {
    /// `ID`: a conflict, as `ours conflicts` lists it.
    fileprivate static var conflictID: Self { .required("ID", help: "The conflict's id, from 'ours conflicts'") }
}
