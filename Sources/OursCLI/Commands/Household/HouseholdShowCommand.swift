import OursSync

/// `ours household show`: the household in use, its folder, members, records and last sync.
struct HouseholdShowCommand: OursCommand {
    static let spec = Spec(
        "show", summary: "Show the household in use", examples: ["ours household show", "ours household show --json"])

    static func parse(_ values: ParsedValues) -> Self { Self() }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let zone = try context.zone()
        let manifest = try zone.manifest()
        let records = try zone.recordCount()
        let lastSync = try zone.replica.loadSyncState().lastSyncMillis
        if context.json {
            var object = zone.householdJSON.objectValue ?? [:]
            object["members"] = JSONValue(manifest.participants.values.filter { $0.status == .active }.count)
            object["records"] = JSONValue(records)
            object["lastSyncAt"] = lastSync.map { .string(UTCTime.iso8601(millis: $0)) } ?? .null
            if let access = zone.folderAccess {
                object["folderAvailable"] = .bool(access != .away)
                object["folderWritable"] = .bool(access == .writable)
            }
            context.printJSON(.object(object))
            return 0
        }
        guard let membership = zone.membership else {
            context.say("No household yet: \(records) private record(s) on this device.")
            context.say(
                "Create one with `ours household create NAME --folder PATH`, or join one with `ours join CODE --folder PATH`.")
            return 0
        }
        let active = manifest.sorted.filter { $0.status == .active }.map(\.name)
        context.say(context.bold(membership.name) + context.dim("  (\(membership.id))"))
        context.say("  folder      \(membership.layout.zone)" + folderNote(zone, membership, context))
        context.say("  you         \(membership.role.rawValue), \(membership.permission.text), \(membership.status.rawValue)")
        context.say("  members     \(active.joined(separator: ", "))")
        context.say("  records     \(records)")
        context.say("  last sync   \(lastSync.map(context.time.phrase) ?? "never")")
        return 0
    }

    /// What keeps this device's changes from the folder now, if anything does.
    private func folderNote(_ zone: Zone, _ membership: Membership, _ context: CommandContext) -> String {
        guard membership.status == .active else { return "" }
        switch zone.folderAccess {
        case .away?: return "  " + context.red("(not available: changes wait on this device)")
        case .readOnly? where membership.canWrite:
            return "  " + context.yellow("(cannot be written now, mounted read-only? Changes wait on this device)")
        default: return ""
        }
    }
}
