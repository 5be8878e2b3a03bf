import OursSync

/// `ours sync`: one pass against the shared folder, printing what changed.
///
/// Exits with 3 when the pass finds that this device's membership ended (its last changes went
/// out first).
struct SyncCommand: OursCommand {
    static let spec = Spec(
        "sync", summary: "Sync with the shared folder once, then exit", examples: ["ours sync", "ours sync --json"])

    static func parse(_ values: ParsedValues) -> Self { Self() }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        var zone = try context.zone()
        var correction: MembershipCorrection?
        if zone.isPrivate {
            // A household this device left or learnt it was removed from may say otherwise now.
            let corrections = try context.device.reconsiderEndedMemberships()
            zone = try context.zone()
            correction = corrections.first { $0.0.id == zone.membership?.id }?.1
            for (membership, other) in corrections where membership.id != zone.membership?.id && !context.json {
                context.say(other.message(household: membership.name))
            }
        }
        guard !zone.isPrivate else {
            let ended = try context.device.memberships().filter { $0.status != .active }
            if let last = ended.last {
                throw .notPermitted(
                    LifecycleEvent(last.status).message(household: last.name) + " Nothing to sync.",
                    hint: "Join a household with `ours join CODE --folder PATH`, or create one.")
            }
            throw .notFound("this device has no household to sync", hint: "Create one with `ours household create`, or join one.")
        }
        let progress = ProgressReport(context)
        var report = try zone.sync { step in progress.update(step) }
        progress.end()
        report.correction = report.correction ?? correction
        if let correction = report.correction, !context.json { context.say(correction.message(household: zone.name)) }
        if context.json {
            context.printJSON(report.json)
            return report.lifecycle == nil ? 0 : OursError.Kind.notPermitted.exitCode
        }
        if let event = report.lifecycle {
            context.say(event.message(household: zone.name))
            return OursError.Kind.notPermitted.exitCode
        }
        printSummary(report, zone: zone, context)
        return 0
    }

    /// `Synced Home: 3 change(s) in, 1 file(s) written.`, the first changes, and any problems.
    private func printSummary(_ report: SyncReport, zone: Zone, _ context: CommandContext) {
        var parts: [String] = []
        if !report.changes.isEmpty { parts.append("\(report.changes.count) change(s) in") }
        if report.filesWritten > 0 { parts.append("\(report.filesWritten) file(s) written") }
        if report.filesRestored > 0 { parts.append("\(report.filesRestored) missing file(s) restored") }
        if report.copiesRemoved > 0 { parts.append("\(report.copiesRemoved) conflict copy(ies) merged") }
        if report.handEdits > 0 { parts.append("\(report.handEdits) hand edit(s) picked up") }
        context.say("Synced \(zone.name): " + (parts.isEmpty ? "up to date" : parts.joined(separator: ", ")) + ".")
        for change in report.changes.prefix(20) {
            context.say("  \(change.kind.rawValue) \(change.key)" + (change.by.map { " by \($0)" } ?? ""))
        }
        if report.changes.count > 20 { context.say("  … and \(report.changes.count - 20) more") }
        if zone.folderAccess == .readOnly, zone.membership?.canWrite == true {
            let waiting = (try? zone.status().pendingChanges) ?? 0
            context.say(
                context.yellow("\(zone.membership?.folder ?? "The shared folder") cannot be written now (a read-only mount?)")
                    + ": it was read; \(waiting) change(s) of this device wait here until it can be written.")
        }
        context.printProblems(report.problems)
    }
}
