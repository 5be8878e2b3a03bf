import OursHousehold
import OursSync

/// `ours conflicts`: values that lost to a concurrent edit on another device, and containers
/// deleted (or archived) while someone added to them.
struct ConflictsCommand: OursCommand {
    static let spec = Spec(
        "conflicts", summary: "Show values that lost to a concurrent edit on another device",
        examples: ["ours conflicts", "ours conflicts --json"])

    static func parse(_ values: ParsedValues) -> Self { Self() }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let household = try context.household()
        let conflicts = try household.conflicts()
        let containers = try household.containerConflicts()
        if context.json {
            let all = containers.map { ($0.stamp, $0.json) } + conflicts.map { ($0.stamp, $0.json) }
            context.printJSON(.array(all.sorted { $0.0 > $1.0 }.map(\.1)))
            return 0
        }
        if conflicts.isEmpty, containers.isEmpty {
            context.say("No conflicts.")
            return 0
        }
        for conflict in containers { context.sayContainerConflict(conflict) }
        let zone = household.zone
        let manifest = try? zone.manifest()
        for conflict in conflicts {
            let lost = conflict.value.map { JSONWriter.compactString($0) } ?? "(removed)"
            let won = conflict.winningValue.map { JSONWriter.compactString($0) } ?? "(removed)"
            let record = context.label(conflict.key, in: zone)
            let field = conflict.field.map { $0 + " " } ?? ""
            let who = " — " + context.author(conflict.stamp, manifest: manifest)
            switch conflict.kind {
            case .value:
                context.say("\(context.bold(conflict.id))  \(record): \(field)\(lost) lost to \(won)\(who)")
            case .editLostToDeletion:
                context.say(
                    "\(context.bold(conflict.id))  \(record): \(field)\(lost) was edited while the record was deleted\(who)")
            case .deletionLostToEdit:
                context.say("\(context.bold(conflict.id))  \(record): deleted while someone edited it; the edit kept it\(who)")
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
        "restore", summary: "Bring back a value that lost to a concurrent edit", examples: ["ours conflicts restore 01HV3Z"],
        arguments: [id])

    let id: String

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(id: values[id])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        if let kept = try context.household().restoreContainerConflict(id) {
            if context.json {
                context.printJSON(kept.json)
            } else {
                context.say("Kept \(kept.container.label) and what was added to it.")
            }
            return 0
        }
        let conflict = try context.zone().restoreConflict(id)
        if context.json { context.printJSON(conflict.json) } else { context.say("Restored \(conflict.id) on \(conflict.key).") }
        return 0
    }
}

/// `ours conflicts dismiss ID`: keeps the winning value and stops listing the conflict.
struct ConflictsDismissCommand: OursCommand {
    static let id: Argument<String> = .conflictID

    static let spec = Spec(
        "dismiss", summary: "Keep the winning value and stop listing the conflict", examples: ["ours conflicts dismiss 01HV3Z"],
        arguments: [id])

    let id: String

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(id: values[id])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        if let kept = try context.household().dismissContainerConflict(id) {
            if context.json {
                context.printJSON(kept.json)
            } else {
                let undone = kept.kind == .deletionLostToAddition ? "deleted again" : "archived again"
                context.say("\(kept.container.label) is \(undone), with \(kept.children.map(\.label).joined(separator: ", ")).")
            }
            return 0
        }
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

extension CommandContext {
    /// One line for a container deleted or archived while someone added to it.
    fileprivate func sayContainerConflict(_ conflict: ContainerConflict) {
        let added = conflict.children.map(\.label).joined(separator: ", ")
        let container = "\(conflict.container.kind.rawValue) \(conflict.container.name)"
        switch conflict.kind {
        case .deletionLostToAddition:
            say("\(bold(conflict.id))  \(container) was deleted while someone added \(added); it is kept in view")
        case .archiveLostToAddition:
            say("\(bold(conflict.id))  \(container) was archived while someone added \(added); they stay in view")
        }
    }
}
