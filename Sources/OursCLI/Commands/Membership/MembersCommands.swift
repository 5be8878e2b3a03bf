import OursSync

/// `ours members`: every member with their role, permission, status and devices, then the
/// invitations still waiting (the owner sees every one, anyone else the codes they made).
struct MembersCommand: OursCommand {
    static let spec = Spec(
        "members", summary: "List members, and to the owner the invitations not yet used",
        examples: ["ours members", "ours members --json"])

    static func parse(_ values: ParsedValues) -> Self { Self() }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let zone = try context.zone()
        try zone.refreshDocuments()
        let manifest = try zone.manifest()
        let invitations = try zone.pendingInvitations(now: context.device.clock.nowMillis())
        if context.json {
            context.printJSON(.array(manifest.sorted.map(Self.json) + invitations.map(Self.json)))
            return 0
        }
        var rows = manifest.sorted.map { p in
            [
                p.name, p.role.rawValue, p.permission.text, p.status.rawValue,
                p.devices.map(\.rawValue).joined(separator: ","),
                context.time.phrase(p.lastSeen ?? p.joinedAt, fallback: ""),
            ]
        }
        rows += invitations.map { code in
            [
                "code " + code.code, "-", code.permission.text, "invited", "-",
                code.expiresAt.map { "expires " + context.time.phrase($0) } ?? "never expires",
            ]
        }
        context.console.out(Table.render(["NAME", "ROLE", "PERMISSION", "STATUS", "DEVICES", "LAST SEEN"], rows))
        return 0
    }

    static func json(_ p: Participant) -> JSONValue {
        [
            "id": .string(p.id), "name": .string(p.name), "email": p.email.map { .string($0) } ?? .null,
            "role": .string(p.role.rawValue), "permission": .string(p.permission.rawValue),
            "status": .string(p.status.rawValue), "devices": .array(p.devices.map { .string($0.rawValue) }),
            "joinedAt": p.joinedAt.map { .string($0) } ?? .null,
            "lastSeen": p.lastSeen.map { .string($0) } ?? .null,
        ]
    }

    /// An invitation nobody has used up yet: a row beside the members, with `status` `invited`.
    static func json(_ code: ShareCode) -> JSONValue {
        [
            "id": .null, "name": .null, "status": "invited", "code": .string(code.code),
            "permission": .string(code.permission.rawValue), "expiresAt": code.expiresAt.map { .string($0) } ?? .null,
            "usesLeft": code.maxUses.map { JSONValue(max(0, $0 - code.uses)) } ?? .null,
            "createdBy": .string(code.createdBy), "createdAt": .string(code.createdAt),
        ]
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
