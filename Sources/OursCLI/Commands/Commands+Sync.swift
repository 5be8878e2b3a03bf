import OursSync

extension Commands {
    func sync() throws(OursError) -> Int32 {
        let household = try context.household()
        guard !household.isPrivate else {
            let ended = try device.memberships().filter { $0.status != .active }
            if let last = ended.last {
                throw .notPermitted(
                    LifecycleEvent(last.status).message(household: last.name) + " Nothing to sync.",
                    hint: "Join a household with `ours join CODE --folder PATH`, or create one.")
            }
            throw .usage("this device has no household to sync", hint: "Create one with `ours household create`, or join one.")
        }
        let context = self.context
        let report = try household.sync { step in context.progress(Commands.describe(step)) }
        context.endProgress()
        if context.json {
            context.printJSON(report.json)
            return report.lifecycle == nil ? 0 : OursError.Kind.notPermitted.exitCode
        }
        if let event = report.lifecycle {
            context.say(event.message(household: household.name))
            return OursError.Kind.notPermitted.exitCode
        }
        var parts: [String] = []
        if !report.changes.isEmpty { parts.append("\(report.changes.count) change(s) in") }
        if report.filesWritten > 0 { parts.append("\(report.filesWritten) file(s) written") }
        if report.filesRestored > 0 { parts.append("\(report.filesRestored) missing file(s) restored") }
        if report.copiesRemoved > 0 { parts.append("\(report.copiesRemoved) conflict copy(ies) merged") }
        if report.handEdits > 0 { parts.append("\(report.handEdits) hand edit(s) picked up") }
        context.say("Synced \(household.name): " + (parts.isEmpty ? "up to date" : parts.joined(separator: ", ")) + ".")
        for change in report.changes.prefix(20) {
            context.say("  \(change.kind.rawValue) \(change.key)" + (change.by.map { " by \($0)" } ?? ""))
        }
        if report.changes.count > 20 { context.say("  … and \(report.changes.count - 20) more") }
        printProblems(report.problems)
        return 0
    }

    func status() throws(OursError) {
        let household = try context.household()
        let status = try household.status()
        if context.json {
            context.printJSON(status.json)
            return
        }
        context.say(context.bold(status.householdName) + (status.folder.map { context.dim("  \($0)") } ?? ""))
        if let role = status.role, let permission = status.permission, let state = status.membershipStatus {
            context.say("  you           \(role.rawValue), \(permission.rawValue), \(state.rawValue)")
            context.say("  shared folder \(status.folderAvailable ? "available" : context.red("not available"))")
        }
        context.say("  last sync     \(status.lastSyncMillis.map { UTCTime.iso8601(millis: $0) } ?? "never")")
        context.say("  pending       \(status.pendingChanges) change(s) waiting for the folder")
        context.say("  records       \(status.recordCount)")
        if let lead = status.clockAheadMillis {
            context.say(
                context.yellow(
                    "  clock         this device's clock state is \(TimeSpanText.describe(millis: lead)) ahead; run `ours doctor --fix`"
                ))
        }
        if !status.farFuture.isEmpty {
            let devices = Set(status.farFuture.map(\.stamp.device.rawValue)).sorted().joined(separator: ", ")
            context.say(
                context.yellow(
                    "  clock         \(status.farFuture.count) value(s) stamped far in the future by device \(devices) (a wrong clock); "
                        + "run `ours doctor --fix`"))
        }
        printProblems(status.problems)
    }

    func conflicts() throws(OursError) {
        let conflicts = try context.household().conflicts()
        if context.json {
            context.printJSON(.array(conflicts.map(\.json)))
            return
        }
        if conflicts.isEmpty {
            context.say("No conflicts.")
            return
        }
        for conflict in conflicts {
            let lost = conflict.value.map { JSONWriter.compactString($0) } ?? "(removed)"
            let won = conflict.winningValue.map { JSONWriter.compactString($0) } ?? "(removed)"
            switch conflict.kind {
            case .value:
                context.say("\(context.bold(conflict.id))  \(conflict.key) \(conflict.field ?? ""): \(lost) lost to \(won)")
            case .editLostToDeletion:
                context.say(
                    "\(context.bold(conflict.id))  \(conflict.key) \(conflict.field ?? ""): \(lost) was edited while the record was deleted"
                )
            case .deletionLostToEdit:
                context.say("\(context.bold(conflict.id))  \(conflict.key): deleted while someone edited it; the edit kept it")
            }
        }
        context.say(context.dim("Restore one with `ours conflicts restore ID`."))
    }

    func conflictsRestore(_ id: String) throws(OursError) {
        let conflict = try context.household().restoreConflict(id)
        if context.json { context.printJSON(conflict.json) } else { context.say("Restored \(conflict.id) on \(conflict.key).") }
    }

    func doctor(fix: Bool) throws(OursError) -> Int32 {
        let report = try context.household().doctor(fix: fix)
        if context.json {
            context.printJSON(report.json)
        } else {
            for line in report.fixed { context.say(context.green("fixed: ") + line) }
            if report.missingFiles > 0 {
                context.say("\(report.missingFiles) record file(s) missing from the folder (a sync restores them)")
            }
            if report.conflictCopies > 0 {
                context.say("\(report.conflictCopies) conflict copy(ies) waiting to be merged (a sync merges them)")
            }
            if report.staleTemporaryFiles > 0 {
                context.say("\(report.staleTemporaryFiles) leftover temporary file(s) (`--fix` removes them)")
            }
            if report.pendingChanges > 0 { context.say("\(report.pendingChanges) local change(s) waiting for the folder") }
            printProblems(report.problems)
            if report.isHealthy { context.say("No problems found.") }
        }
        return report.isHealthy ? 0 : 1
    }

    func printProblems(_ problems: [Problem]) {
        guard !problems.isEmpty else { return }
        context.say(context.yellow("Problems:"))
        for problem in problems { context.say("  " + problem.text) }
    }
}
