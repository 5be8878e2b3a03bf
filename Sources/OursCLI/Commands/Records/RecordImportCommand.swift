import OursSync

/// `ours record import TYPE FILE`: adds records in bulk from JSON Lines (`-` for standard
/// input) and prints how many.
struct RecordImportCommand: OursCommand {
    static let type: Argument<String> = .recordType
    static let file: Argument<String> = .required("FILE", help: "One JSON object per line, or - to read standard input")

    static let spec = Spec(
        "import", summary: "Add records in bulk from JSON Lines, and print how many",
        examples: ["ours record import item items.jsonl", "ours record import item -"],
        arguments: [type, file])

    let type: String
    let file: String

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(type: values[type], file: values[file])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let bytes = try context.readInput(file)
        var objects: [[String: JSONValue]] = []
        for (number, line) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            let trimmed = Array(line).filter { $0 != 0x0D }
            if trimmed.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            objects.append(try JSONValue.object(parsing: trimmed, from: "\(file) line \(number + 1)"))
        }
        let zone = try context.zone()
        let count = try zone.importRecords(type: type, objects: objects) { done, total in
            context.progress("Importing \(done)/\(total)…")
        }
        context.endProgress()
        if context.json {
            context.printJSON(["imported": JSONValue(count), "type": .string(type)])
        } else {
            context.say("Imported \(count) \(type) record(s).")
        }
        return 0
    }
}
