import OursHousehold
import OursSync

/// `ours deleted [--type T] [--since DURATION]`: what was deleted lately, with when and by whom.
struct DeletedCommand: OursCommand {
    static let type: Option<RecordKind?> = .choice(
        "type", placeholder: "T", as: RecordKind.self,
        help: "Only this kind: list, item, category, recipe, meal, chore, project, task or memory")
    static let since: Option<DurationText?> = .duration(
        "since", placeholder: "DURATION", help: "How far back to look, e.g. 7d; default 30d")

    static let spec = Spec(
        "deleted", summary: "List what was deleted lately, with when and by whom",
        discussion: "Anything listed can be brought back with `ours restore TYPE NAME`.",
        examples: ["ours deleted", "ours deleted --type item --since 7d"], options: [type, since])

    let type: RecordKind?
    let since: DurationText?

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(type: values[type], since: values[since])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let household = try context.household()
        let window = since?.milliseconds ?? 30 * 86_400_000
        let deleted = try household.deletedRecords(kind: type, since: household.nowMillis - window)
        if context.json {
            context.printJSON(.array(deleted.map(\.json)))
            return 0
        }
        guard !deleted.isEmpty else {
            context.say("Nothing deleted in the last \(since?.text ?? "30d").")
            return 0
        }
        let rows = deleted.map { record -> [String] in
            [
                household.localTime(record.deletedAt), record.record.kind.rawValue, record.record.label,
                record.deletedByName ?? record.deletedBy ?? "",
            ]
        }
        context.console.out(Table.render(["DELETED", "TYPE", "NAME", "BY"], rows))
        context.say(context.dim("Bring one back with `ours restore TYPE NAME`."))
        return 0
    }
}

/// `ours restore TYPE NAME...`: brings a deleted record back, on every device.
struct RestoreCommand: OursCommand {
    static let type: Argument<RecordKind> = .choice(
        "TYPE", help: "list, item, category, recipe, meal, chore, project, task or memory")
    static let name: Argument<[String]> = .oneOrMore(
        "NAME", help: "Its name (a unique beginning will do) or id, as `ours deleted` shows; several words are joined")

    static let spec = Spec(
        "restore", summary: "Bring back something that was deleted, as it was",
        discussion:
            "An item, task or meal whose list, project or recipe was deleted too brings that back; a list or project brings back what was deleted with it.",
        examples: ["ours restore item salsa", "ours restore list Picnic", "ours restore task Mow the lawn"],
        arguments: [type, name])

    let type: RecordKind
    let name: String

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(type: values[type], name: values[name].joined(separator: " "))
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let (restored, alongside) = try context.household().restore(type, name)
        if context.json {
            context.printJSON(["restored": restored.json, "alongside": .array(alongside.map(\.json))])
            return 0
        }
        context.say("Restored the \(type.rawValue) \(context.bold(restored.record.label)).")
        if !alongside.isEmpty {
            context.say(
                "With it: " + alongside.map { "the \($0.record.kind.rawValue) \($0.record.label)" }.joined(separator: ", ") + ".")
        }
        return 0
    }
}

/// The kinds `ours deleted --type` and `ours restore` accept.
extension RecordKind: ArgumentChoice {}
