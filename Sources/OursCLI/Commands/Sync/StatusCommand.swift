import OursSync

/// `ours status`: the last sync, changes waiting for the folder, clock trouble and problems.
struct StatusCommand: OursCommand {
    static let spec = Spec(
        "status", summary: "Show the last sync, pending changes and any problems",
        discussion: """
            Also says whether the shared folder is there and whether this device can write it now: \
            while it cannot (unmounted, or mounted read-only), changes wait on this device.
            """,
        examples: ["ours status"])

    static func parse(_ values: ParsedValues) -> Self { Self() }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let status = try context.zone().status()
        if context.json {
            context.printJSON(status.json)
            return 0
        }
        context.say(context.bold(status.householdName) + (status.folder.map { context.dim("  \($0)") } ?? ""))
        if let role = status.role, let permission = status.permission, let state = status.membershipStatus {
            context.say("  you           \(role.rawValue), \(permission.text), \(state.rawValue)")
            context.say("  shared folder \(folderText(status, context))")
        }
        context.say("  last sync     \(status.lastSyncMillis.map(context.time.phrase) ?? "never")")
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
            let more = status.moreFarFuture > 0 ? " and \(CommandContext.grouped(status.moreFarFuture)) more" : ""
            context.say(
                context.yellow(
                    "  clock         \(status.farFuture.count) value(s)\(more) stamped far in the future by device \(devices) "
                        + "(a wrong clock); run `ours doctor --fix`"))
        }
        context.printProblems(status.problems, more: status.moreProblems)
        return 0
    }

    /// `available`, `not available`, or for a member who may change records, that it cannot be
    /// written now (a read-only member never writes it, so it is simply available to them).
    private func folderText(_ status: StatusReport, _ context: CommandContext) -> String {
        guard status.folderAvailable else { return context.red("not available") }
        guard !status.folderWritable, status.permission == .readWrite else { return "available" }
        return context.yellow("available, but this device cannot write it now (a read-only mount?)")
            + ": changes wait here until it can"
    }
}
