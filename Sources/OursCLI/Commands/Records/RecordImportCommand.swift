import OursSync

/// `ours record import TYPE FILE`: adds records in bulk from JSON Lines (`-` for standard
/// input) and prints how many. Safe to run again: a line without an id gets one derived from
/// the line, so a second run (after Ctrl-C, or by mistake) finds the records the first made.
struct RecordImportCommand: OursCommand {
    static let type: Argument<String> = .recordType
    static let file: Argument<String> = .required("FILE", help: "One JSON object per line, or - to read standard input")

    static let spec = Spec(
        "import",
        summary: "Add records in bulk from JSON Lines (safe to run again: nothing is added twice)",
        examples: ["ours record import item items.jsonl", "ours record import item - < items.jsonl"],
        arguments: [type, file])

    let type: String
    let file: String

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(type: values[type], file: values[file])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let interruption = Interruption()
        defer { interruption.stop() }
        let report = ProgressReport(context)
        report.begin("Reading \(file == "-" ? "standard input" : file)")
        let objects = try readObjects(context)
        let zone = try context.zone()
        report.begin("Importing \(type) records")
        let outcome = try zone.importRecords(
            type: type, objects: objects, progress: { done, total in report.update(done, of: total) },
            shouldStop: { interruption.wasRequested })
        report.end()
        if outcome.interrupted {
            context.console.error("ours: " + Interruption.message(done: outcome.done, total: outcome.total) + "\n")
            if context.json { context.printJSON(json(outcome)) }
            return Interruption.exitCode
        }
        if context.json {
            context.printJSON(json(outcome))
        } else {
            let already = outcome.unchanged > 0 ? " (\(outcome.unchanged) already there, unchanged)" : ""
            context.say("Imported \(outcome.done) \(type) record(s)\(already).")
        }
        return 0
    }

    private func readObjects(_ context: CommandContext) throws(OursError) -> [[String: JSONValue]] {
        let bytes = try context.readInput(file)
        var objects: [[String: JSONValue]] = []
        for (number, line) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            let trimmed = Array(line).filter { $0 != 0x0D }
            if trimmed.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            objects.append(try JSONValue.object(parsing: trimmed, from: "\(file) line \(number + 1)"))
        }
        return objects
    }

    private func json(_ outcome: ImportOutcome) -> JSONValue {
        [
            "imported": JSONValue(outcome.done), "written": JSONValue(outcome.written),
            "unchanged": JSONValue(outcome.unchanged), "total": JSONValue(outcome.total),
            "interrupted": .bool(outcome.interrupted), "type": .string(type),
        ]
    }
}
