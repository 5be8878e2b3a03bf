import OursHousehold
import OursSync

/// `ours import FILE [--new-household NAME --folder PATH]`: takes an `ours export` JSON
/// document into the household, merging by id.
struct ImportCommand: OursCommand {
    static let file: Argument<String> = .required("FILE", help: "A file `ours export` wrote (JSON), or - for standard input")
    static let newHousehold: Option<String?> = .value(
        "new-household", placeholder: "NAME", help: "Start a new household for it (with --folder) instead")
    static let folder: Option<String?> = .value(
        "folder", placeholder: "PATH", help: "The shared folder for --new-household")

    static let spec = Spec(
        "import", summary: "Take an export back in: restore a backup, move or merge a household",
        discussion: """
            Records are merged by id: one that is here gets the file's value where it differs (an \
            ordinary edit, synced to every device), one that is not is created, and nothing is \
            deleted. Importing the same file twice changes nothing the second time. The whole \
            file is checked before anything is written. The photos its records name come from the \
            folder `ours export --out` wrote beside it (`backup_files/` for `backup.json`), each \
            checked against its hash.
            """,
        examples: [
            "ours import backup.json", "ours import backup.json --new-household Home --folder ~/Dropbox/Ours",
        ],
        arguments: [file], options: [newHousehold, folder])

    let file: String
    let newHousehold: String?
    let folder: String?

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(file: values[file], newHousehold: values[newHousehold], folder: values[folder])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        if (newHousehold == nil) != (folder == nil) {
            throw .usage("--new-household and --folder go together", hint: "Give both to import into a new household.")
        }
        let sharedFolder = try folder.map { (folder) throws(OursError) in try Device.sharedFolderForCommandLine(folder) }
        let document = try HouseholdImport.parse(context.readInput(file), source: file == "-" ? "standard input" : file)
        let zone: Zone
        if let newHousehold, let sharedFolder {
            zone = try context.device.createZone(name: newHousehold, folder: sharedFolder)
        } else {
            zone = try context.zone()
        }
        // The photos first, from the folder beside the file: each goes out with its record.
        var files: Household.ImportedFiles?
        if let folder = document.filesFolder, file != "-" {
            let path = Device.absolutePathForCommandLine(file)
            let directory = ExportFiles.directory(besides: path, named: folder)
            files = try Household(zone).importAttachments(of: document, from: directory)
        }
        let report = try Household(zone).importDocument(document) { done, total in
            context.progress("Importing \(done)/\(total)…")
        }
        context.endProgress()
        for (ref, why) in files?.missing.sorted(by: { $0.key < $1.key }) ?? [] {
            context.console.error("ours: photo \(ref.name ?? ref.shortID) (\(ref.shortID)) was not imported: \(why)\n")
        }
        if context.json {
            var object = report.json.objectValue ?? [:]
            object["file"] = .string(file)
            object["from"] = ["id": .string(document.householdID), "name": .string(document.householdName)]
            object["household"] = ["id": .string(zone.id), "name": .string(zone.name)]
            object["newHousehold"] = .bool(newHousehold != nil)
            if let files { object["photos"] = files.json }
            context.printJSON(.object(object))
            return 0
        }
        if newHousehold != nil { context.say("Created \(context.bold(zone.name)).") }
        context.say("Imported \(file) (from \(document.householdName)) into \(context.bold(zone.name)):")
        let rows = report.byType.keys.sorted().map { type -> [String] in
            let counts = report.byType[type]!
            return [type, "\(counts.created)", "\(counts.updated)", "\(counts.unchanged)"]
        }
        let total = report.total
        context.console.out(
            Table.render(
                ["TYPE", "CREATED", "UPDATED", "UNCHANGED"],
                rows + [["total", "\(total.created)", "\(total.updated)", "\(total.unchanged)"]]))
        if let files, files.added > 0 {
            context.say("With \(Phrase.count(files.added, "photo")) from \(document.filesFolder ?? "")/.")
        }
        return 0
    }
}
