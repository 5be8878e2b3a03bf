import OursSync

/// `ours record get TYPE ID`: a record's fields, as JSON.
struct RecordGetCommand: OursCommand {
    static let type: Argument<String> = .recordType
    static let id: Argument<String> = .recordID

    static let spec = Spec(
        "get", summary: "Print a record's fields", examples: ["ours record get item milk-4f1c0b2e9a7d"], arguments: [type, id])

    let type: String
    let id: String

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(type: values[type], id: values[id])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let zone = try context.zone()
        let key: RecordKey
        do { key = try RecordKey(type: type, id: id) } catch { throw .usage(error.description) }
        guard let snapshot = try zone.get(key) else {
            throw .notFound(
                "no \(type) with id \"\(id)\" in \(zone.name)", hint: "`ours record list \(type)` shows the ids.")
        }
        if snapshot.isDeleted, !context.json {
            throw .notFound("\(type) \"\(id)\" was deleted", hint: "Its last values are kept; `ours record put` revives it.")
        }
        if context.json {
            context.printJSON(snapshot.json)
        } else {
            context.console.out(JSONWriter.prettyString(.object(snapshot.values)) + "\n")
            if snapshot.conflictCount > 0 {
                context.say(context.yellow("\(snapshot.conflictCount) conflicting value(s); see `ours conflicts`"))
            }
        }
        return 0
    }
}

/// `ours record list TYPE`: one line per record, its id and name first.
struct RecordListCommand: OursCommand {
    static let type: Argument<String> = .recordType

    static let spec = Spec(
        "list", aliases: ["ls"], summary: "List the records of a type",
        examples: ["ours record list item", "ours record list recipe --json"], arguments: [type])

    let type: String

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(type: values[type])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let snapshots = try context.zone().list(type: type)
        if context.json {
            context.printJSON(.array(snapshots.map(\.json)))
            return 0
        }
        for snapshot in snapshots {
            var others = snapshot.values
            let name = others.removeValue(forKey: "name")?.stringValue
            let rest = others.isEmpty ? "" : "  " + context.dim(JSONWriter.compactString(.object(others)))
            context.say(snapshot.key.id + "  " + (name ?? "") + rest)
        }
        return 0
    }
}

/// `ours record rm TYPE ID`: deletes a record (a tombstone every device keeps).
struct RecordRemoveCommand: OursCommand {
    static let yes: Option<Bool> = .yesTaken
    static let type: Argument<String> = .recordType
    static let id: Argument<String> = .recordID

    static let spec = Spec(
        "rm", aliases: ["remove"], summary: "Delete a record", examples: ["ours record rm item milk-4f1c0b2e9a7d"],
        arguments: [type, id], options: [yes])

    let type: String
    let id: String
    /// Taken for scripts (`--yes`); nothing is asked either way.
    var yes = false

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(type: values[type], id: values[id], yes: values[yes])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let key: RecordKey
        do { key = try RecordKey(type: type, id: id) } catch { throw .usage(error.description) }
        try context.zone().remove(key)
        if context.json {
            context.printJSON(["id": .string(id), "type": .string(type), "deleted": true])
        } else {
            context.say("Deleted \(type) \(id).")
        }
        return 0
    }
}
