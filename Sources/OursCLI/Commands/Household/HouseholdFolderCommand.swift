import OursSync

/// `ours household folder PATH`: follows a household whose folder moved (a sync tool's folder
/// relocated, a new mount point, the household's folder renamed), once `PATH` is checked to
/// hold the same household; then syncs there, writing what changed here while it was away.
struct HouseholdFolderCommand: OursCommand {
    static let path: Argument<String> = .required(
        "PATH", help: "The shared folder that now holds the household's folder, or that folder itself")

    static let spec = Spec(
        "folder", summary: "Follow the household's folder to where it moved",
        examples: ["ours household folder ~/Dropbox/Ours", "ours --household Home household folder /mnt/nas/Ours"],
        arguments: [path])

    let path: String

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(path: values[path])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let progress = ProgressReport(context)
        let result = try context.device.relocate(
            context.globals.household, to: Device.sharedFolderForCommandLine(path, given: "PATH")
        ) { step in progress.update(step) }
        progress.end()
        let zone = result.zone
        if context.json {
            var object = zone.householdJSON.objectValue ?? [:]
            object["previousFolder"] = .string(result.previous.root)
            object["previousDirectory"] = .string(result.previous.directoryName)
            object["moved"] = .bool(result.moved)
            object["sync"] = result.report?.json ?? .null
            object["syncError"] = result.syncError.map { .string($0.message) } ?? .null
            context.printJSON(.object(object))
            return result.syncError?.kind.exitCode ?? 0
        }
        let place = zone.layout?.zone ?? path
        if result.previous.root.isEmpty {  // a household whose entry `doctor --fix` could not read back
            context.say("\(context.bold(zone.name)) is listed on this device again, followed at \(place).")
        } else if result.moved {
            context.say("\(context.bold(zone.name)) is now followed at \(place) (was \(result.previous.zone)).")
        } else {
            context.say("\(context.bold(zone.name)) is already followed at \(place); nothing changed.")
        }
        if let error = result.syncError {
            context.say("The first sync there failed: \(error.message)")
            return error.kind.exitCode
        }
        if let report = result.report {
            let lacked = report.filesRestored > 0 ? " (\(report.filesRestored) it lacked, from this device's copy)" : ""
            context.say("Synced: \(report.changes.count) change(s) in, \(report.filesWritten) file(s) written\(lacked).")
            context.printProblems(report.problems.filter { $0.kind != .restoredFile })
        } else {
            context.say("It is a read-only copy on this device, so nothing was synced.")
        }
        return 0
    }
}
