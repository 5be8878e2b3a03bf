import OursSync

/// `ours join CODE --folder PATH [--name NAME] [--preview] [--bring-my-data]`: joins a
/// household and syncs it a first time, or only shows what the code leads to.
struct JoinCommand: OursCommand {
    static let code: Argument<String> = .required("CODE", help: "The six-character code from 'ours invite'")
    static let folder: Option<String> = .required(
        "folder", placeholder: "PATH", help: "Where this device sees the household's shared folder")
    static let name: Option<String?> = .value(
        "name", placeholder: "NAME", help: "Your name in this household, if not the one given to 'ours init'")
    static let preview: Option<Bool> = .flag(
        "preview", help: "Show the household's name, owner, members and records; join nothing")
    static let bringMyData: Option<Bool> = .flag(
        "bring-my-data", help: "Move your private records into the household (asked on a terminal otherwise)")

    static let spec = Spec(
        "join", summary: "Join a household with a code (a read-write code upgrades a read-only member)",
        discussion: """
            A join stopped before its first sync finished (Ctrl-C, or the folder going away) says so; \
            the same command run again finishes it.
            """,
        examples: [
            "ours join K7QX2M --folder ~/Dropbox/Ours", "ours join K7QX2M --folder ~/Dropbox/Ours --preview",
            "ours join K7QX2M --folder ~/Dropbox/Ours --bring-my-data",
        ], arguments: [code],
        options: [folder, name, preview, bringMyData])

    let code: String
    let folder: String
    let name: String?
    var preview = false
    var bringMyData = false

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(
            code: values[code], folder: values[folder], name: values[name], preview: values[preview],
            bringMyData: values[bringMyData])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let folder = try Device.sharedFolderForCommandLine(folder)
        if preview, bringMyData {
            throw .usage("--preview joins nothing, so it brings nothing", hint: "Leave out --bring-my-data to look first.")
        }
        if preview { return try showPreview(context, folder: folder) }
        let report = ProgressReport(context)
        let trap = Interruption.exiting(context, report: report, unit: "records")
        defer { trap.cancel() }
        report.begin("Reading the code and the household")
        let result = try context.device.join(code: code, folder: folder, name: name) { step in
            report.update(step)
        }
        report.end()
        let zone = result.zone
        let brought = try bringData(context, into: zone, joined: !result.alreadyMember && !result.upgraded)
        let records: Int
        if let counted = result.records, brought == nil {
            records = counted
        } else {
            records = try zone.recordCount(includingDeleted: false)
        }
        if context.json {
            var object = zone.householdJSON.objectValue ?? [:]
            object["alreadyMember"] = .bool(result.alreadyMember)
            object["upgraded"] = .bool(result.upgraded)
            object["resumed"] = .bool(result.resumed)
            object["records"] = JSONValue(records)
            object["broughtRecords"] = JSONValue(brought?.records ?? 0)
            context.printJSON(.object(object))
            return 0
        }
        if let brought { context.say("Brought \(brought.records) of your private record(s) into \(zone.name).") }
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
