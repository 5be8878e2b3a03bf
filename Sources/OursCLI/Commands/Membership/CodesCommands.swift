import OursSync

/// `ours codes [--all]`: the invitation codes that can still be used; with `--all`, used,
/// expired and revoked ones too, and those whose files the owner's device tidied away.
struct CodesCommand: OursCommand {
    static let all: Option<Bool> = .flag("all", short: "a", help: "Also list used, expired and revoked codes")

    static let spec = Spec(
        "codes", summary: "List invitation codes that can still be used (--all: every one)",
        examples: ["ours codes", "ours codes --all --json"], options: [all])

    var all = false

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self { try Self(all: values[all]) }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let zone = try context.zone()
        _ = try? zone.tidyCodes()  // tried again next time; listing does not depend on it
        let now = context.device.clock.nowMillis()
        let files = try zone.codes()
        let present = Set(files.map(\.code))
        var codes = files
        if all {
            codes += try zone.spentCodes().filter { !present.contains($0.code) }
        } else {
            codes = codes.filter { $0.status(nowMillis: now) == .active }
        }
        codes.sort { $0.createdAt > $1.createdAt }
        if context.json {
            context.printJSON(
                .array(
                    codes.map { code in
                        [
                            "code": .string(code.code), "permission": .string(code.permission.rawValue),
                            "status": .string(code.status(nowMillis: now).rawValue), "uses": JSONValue(code.uses),
                            "maxUses": code.maxUses.map { JSONValue($0) } ?? .null,
                            "expiresAt": code.expiresAt.map { .string($0) } ?? .null,
                            "createdAt": .string(code.createdAt), "tidied": .bool(!present.contains(code.code)),
                        ]
                    }))
            return 0
        }
        if codes.isEmpty {
            let more = all ? "" : " that can still be used (`ours codes --all` lists the others)"
            context.say("No share codes for \(zone.name)\(more). Make one with `ours invite`.")
            return 0
        }
        let rows = codes.map { code in
            [
                code.code, code.permission.text,
                code.status(nowMillis: now).rawValue + (present.contains(code.code) ? "" : " (file tidied)"),
                "\(code.uses)/\(code.maxUses.map(String.init) ?? "∞")", context.time.phrase(code.expiresAt),
            ]
        }
        context.console.out(Table.render(["CODE", "PERMISSION", "STATUS", "USES", "EXPIRES"], rows))
        return 0
    }
}

/// `ours codes revoke CODE`: nobody else can join with the code.
struct CodesRevokeCommand: OursCommand {
    static let code: Argument<String> = .required("CODE", help: "The code to revoke")

    static let spec = Spec(
        "revoke", summary: "Revoke a code so nobody else can join with it", examples: ["ours codes revoke K7QX2M"],
        arguments: [code])

    let code: String

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(code: values[code])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let revoked = try context.zone().revokeCode(code)
        if context.json {
            context.printJSON(["code": .string(revoked.code), "revokedAt": .string(revoked.revokedAt ?? "")])
        } else {
            context.say("Revoked \(revoked.code); nobody can join with it any more.")
        }
        return 0
    }
}
