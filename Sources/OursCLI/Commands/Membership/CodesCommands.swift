import OursSync

/// `ours codes`: every invitation code, active, used, expired or revoked.
struct CodesCommand: OursCommand {
    static let spec = Spec(
        "codes", summary: "List invitation codes: active, used, expired or revoked",
        examples: ["ours codes", "ours codes --json"])

    static func parse(_ values: ParsedValues) -> Self { Self() }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let zone = try context.zone()
        let now = context.device.clock.nowMillis()
        let codes = try zone.codes()
        if context.json {
            context.printJSON(
                .array(
                    codes.map { code in
                        [
                            "code": .string(code.code), "permission": .string(code.permission.rawValue),
                            "status": .string(code.status(nowMillis: now).rawValue), "uses": JSONValue(code.uses),
                            "maxUses": code.maxUses.map { JSONValue($0) } ?? .null,
                            "expiresAt": code.expiresAt.map { .string($0) } ?? .null,
                            "createdAt": .string(code.createdAt),
                        ]
                    }))
            return 0
        }
        if codes.isEmpty {
            context.say("No share codes for \(zone.name). Make one with `ours invite`.")
            return 0
        }
        let rows = codes.map { code in
            [
                code.code, code.permission.text, code.status(nowMillis: now).rawValue,
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
