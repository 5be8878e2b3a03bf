import OursSync

/// `ours household keep NAME [--yes]`: a read-only copy, with what this device typed and never
/// synced, becomes private data.
struct HouseholdKeepCommand: OursCommand {
    static let name: Argument<String> = .required("NAME", help: "The read-only copy's household name or id")
    static let yes: Option<Bool> = .yes

    static let spec = Spec(
        "keep", summary: "Move a read-only copy, unsynced edits included, into your private data",
        examples: ["ours household keep \"Sarah & Mike's Home\" --yes"], arguments: [name], options: [yes])

    let name: String
    let yes: Bool

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(name: values[name], yes: values[yes])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        try context.confirm(yes, "Move the read-only copy of \(name) into your private data?")
        let kept = try context.device.keep(name)
        if context.json {
            context.printJSON(
                [
                    "id": .string(kept.membership.id), "name": .string(kept.membership.name),
                    "privateRecords": JSONValue(kept.records), "unsynced": JSONValue(kept.unsynced),
                ])
        } else {
            context.say(
                "Moved \(kept.records) record(s) of \(kept.membership.name) into your private data"
                    + (kept.unsynced > 0 ? ", \(kept.unsynced) of them with changes the household never received." : "."))
            context.say(context.dim("The read-only copy is gone from this device; `ours household create` shares them again."))
        }
        return 0
    }
}
