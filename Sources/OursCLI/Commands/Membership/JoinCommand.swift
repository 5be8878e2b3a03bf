import OursSync

/// `ours join CODE --folder PATH [--name NAME]`: joins a household and syncs it a first time.
struct JoinCommand: OursCommand {
    static let code: Argument<String> = .required("CODE", help: "The six-character code from 'ours invite'")
    static let folder: Option<String> = .required(
        "folder", placeholder: "PATH", help: "Where this device sees the household's shared folder")
    static let name: Option<String?> = .value(
        "name", placeholder: "NAME", help: "Your name in this household, if not the one given to 'ours init'")

    static let spec = Spec(
        "join", summary: "Join a household with a code (a read-write code upgrades a read-only member)",
        examples: ["ours join K7QX2M --folder ~/Dropbox/Ours"], arguments: [code],
        options: [folder, name])

    let code: String
    let folder: String
    let name: String?

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(code: values[code], folder: values[folder], name: values[name])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let report = ProgressReport(context)
        let trap = Interruption.exiting(context, report: report, unit: "records")
        defer { trap.cancel() }
        report.begin("Reading the code and the household")
        let result = try context.device.join(code: code, folder: Device.absolutePathForCommandLine(folder), name: name) {
            step in report.update(step)
        }
        report.end()
        let zone = result.zone
        let records: Int
        if let counted = result.records { records = counted } else { records = try zone.recordCount() }
        if context.json {
            var object = zone.householdJSON.objectValue ?? [:]
            object["alreadyMember"] = .bool(result.alreadyMember)
            object["upgraded"] = .bool(result.upgraded)
            object["resumed"] = .bool(result.resumed)
            object["records"] = JSONValue(records)
            context.printJSON(.object(object))
            return 0
        }
        if result.upgraded {
            context.say("You can now change \(context.bold(zone.name))'s records: the code made you a read-write member.")
            return 0
        }
        if result.alreadyMember {
            context.say("You are already a member of \(context.bold(zone.name)); nothing changed.")
            return 0
        }
        let permission = zone.membership?.permission == .readOnly ? "a read-only" : "a read-write"
        if result.resumed {
            context.say("Finished joining \(context.bold(zone.name)) as \(permission) member: \(records) record(s).")
            return 0
        }
        context.say("Joined \(context.bold(zone.name)) as \(permission) member: \(records) record(s).")
        return 0
    }
}

extension Zone {
    /// How many records the household holds (every type, deleted ones excluded).
    fileprivate func recordCount() throws(OursError) -> Int {
        var count = 0
        for type in try replica.types() { count += try list(type: type).count }
        return count
    }
}
