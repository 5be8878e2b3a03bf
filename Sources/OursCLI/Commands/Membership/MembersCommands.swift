import OursSync

/// `ours members`: every member with their role, permission, status and devices.
struct MembersCommand: OursCommand {
    static let spec = Spec(
        "members", summary: "List members with their role, permission, status and devices", examples: ["ours members"])

    static func parse(_ values: ParsedValues) -> Self { Self() }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let zone = try context.zone()
        try zone.refreshDocuments()
        let manifest = try zone.manifest()
        if context.json {
            context.printJSON(
                .array(
                    manifest.sorted.map { p in
                        [
                            "id": .string(p.id), "name": .string(p.name), "email": p.email.map { .string($0) } ?? .null,
                            "role": .string(p.role.rawValue), "permission": .string(p.permission.rawValue),
                            "status": .string(p.status.rawValue), "devices": .array(p.devices.map { .string($0.rawValue) }),
                            "joinedAt": p.joinedAt.map { .string($0) } ?? .null,
                            "lastSeen": p.lastSeen.map { .string($0) } ?? .null,
                        ]
                    }))
            return 0
        }
        let rows = manifest.sorted.map { p in
            [
                p.name, p.role.rawValue, p.permission.text, p.status.rawValue,
                p.devices.map(\.rawValue).joined(separator: ","),
                context.time.phrase(p.lastSeen ?? p.joinedAt, fallback: ""),
            ]
        }
        context.console.out(Table.render(["NAME", "ROLE", "PERMISSION", "STATUS", "DEVICES", "LAST SEEN"], rows))
        return 0
    }
}

/// `ours members remove MEMBER [--yes]`: their devices stop syncing at their next sync.
struct MembersRemoveCommand: OursCommand {
    static let member: Argument<String> = .required("MEMBER", help: "The member to remove")
    static let yes: Option<Bool> = .yes

    static let spec = Spec(
        "remove", aliases: ["rm"], summary: "Remove a member from the household (owner only)",
        examples: ["ours members remove Mike --yes"],
        arguments: [member], options: [yes])

    let member: String
    let yes: Bool

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(member: values[member], yes: values[yes])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let zone = try context.zone()
        let target = try zone.participant(member) { $0.status == .active || $0.status == .pending }
        try context.confirm(yes, "Remove \(target.name) from \(zone.name)?")
        let removed = try zone.removeMember(target.id)
        if context.json {
            context.printJSON(zone.json(of: removed))
        } else {
            context.say("Removed \(removed.name). Their devices stop syncing at their next sync and keep a read-only copy.")
            context.say(
                context.dim("The folder itself is still shared with them: see docs/THREAT-MODEL.md for what to change there."))
        }
        return 0
    }
}
