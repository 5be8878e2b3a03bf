import OursSync

/// `ours doctor [--fix]`: checks the household folder; exits with 1 while problems remain.
struct DoctorCommand: OursCommand {
    static let fix: Option<Bool> = .flag("fix", help: "Repair the problems found, where that is safe")

    static let spec = Spec(
        "doctor", summary: "Check the household folder for problems",
        discussion: """
            Also names the sync tool it recognises and the network mount that holds the folder (NFS, \
            SMB, sshfs; on Linux), with the settings to check: a mount that shows folder listings \
            late is said so, with the mount options that make changes arrive in about a second.
            """,
        examples: ["ours doctor", "ours doctor --fix"],
        options: [fix])

    let fix: Bool

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(fix: values[fix])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let progress = ProgressReport(context)
        progress.begin("Checking the household folder")
        // Mended first: a damaged list of households keeps any household from being opened.
        let mended = fix ? try context.device.checkStateFiles(fix: true) : DeviceStateReport()
        var report = try context.zone().doctor(fix: fix) { step in progress.update(step) }
        report.fixed.insert(contentsOf: mended.fixed, at: 0)
        report.problems.insert(contentsOf: mended.problems, at: 0)
        progress.end()
        if context.json {
            context.printJSON(report.json)
        } else {
            for line in report.fixed { context.say(context.green("fixed: ") + line) }
            if report.missingFiles > 0 {
                context.say("\(report.missingFiles) record file(s) missing from the folder (a sync restores them)")
            }
            if report.brokenFiles > 0 {
                context.say(
                    context.red("\(report.brokenFiles) broken file(s)")
                        + " in the folder: each is left as it is until it is fixed or removed (listed below)")
            }
            if report.conflictCopies > 0 {
                context.say("\(report.conflictCopies) conflict copy(ies) waiting to be merged (a sync merges them)")
            }
            if report.staleTemporaryFiles > 0 {
                context.say("\(report.staleTemporaryFiles) leftover temporary file(s) (`--fix` removes them)")
            }
            if report.pendingChanges > 0 { context.say("\(report.pendingChanges) local change(s) waiting for the folder") }
            for note in report.syncTools {
                context.say("Synced by \(note.tool) (\(note.evidence)): \(note.advice).")
                if let warning = note.warning { context.say(context.yellow("  " + warning)) }
            }
            if report.syncTools.isEmpty {
                context.say(context.dim("No sync tool recognised; the README's \"Sync tools\" table says what to set for each."))
            }
            context.printProblems(report.problems)
            if report.isHealthy { context.say("No problems found.") }
        }
        return report.isHealthy ? 0 : 1
    }
}
