import OursSync

/// `ours invite [--read-only] [--expires DURATION] [--uses N]`: a six-character code to join with.
struct InviteCommand: OursCommand {
    static let readOnly: Option<Bool> = .flag(
        "read-only", help: "Members who join with it can read but not change anything")
    static let expires: Option<DurationText?> = .duration(
        "expires", placeholder: "DURATION", help: "How long the code stays valid, e.g. 7d, 12h or 30m")
    static let uses: Option<Int?> = .integer(
        "uses", placeholder: "N", in: 1...Int.max, help: "How many devices may join with the code")

    static let spec = Spec(
        "invite", summary: "Print a new six-character code for someone to join with",
        discussion: """
            Whoever has the code can join with 'ours join CODE --folder PATH'. The code is a file in \
            the shared folder: while this device cannot write it (a read-only mount), no code is made \
            (exit 5).
            """,
        examples: ["ours invite --expires 2d --uses 1", "ours invite --read-only"],
        options: [readOnly, expires, uses])

    let readOnly: Bool
    let expires: DurationText?
    let uses: Int?

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(readOnly: values[readOnly], expires: values[expires], uses: values[uses])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let zone = try context.zone()
        _ = try? zone.tidyCodes()  // a courtesy: spent codes must never stop a new one
        let code = try zone.invite(readOnly: readOnly, expiresInMillis: expires?.milliseconds, maxUses: uses)
        if context.json {
            context.printJSON([
                "code": .string(code.code), "permission": .string(code.permission.rawValue),
                "expiresAt": code.expiresAt.map { .string($0) } ?? .null, "maxUses": code.maxUses.map { JSONValue($0) } ?? .null,
                "household": ["id": .string(zone.id), "name": .string(zone.name)],
            ])
            return 0
        }
        let kind = code.permission.text
        let spaced = String(code.code.prefix(3)) + "-" + String(code.code.suffix(3))
        context.say(context.bold(spaced))
        context.say(
            "A \(kind) code for \(zone.name): \(code.maxUses.map { "\($0) use\($0 == 1 ? "" : "s")" } ?? "unlimited uses"), "
                + (code.expiresAt == nil ? "never expires." : "expires \(context.time.phrase(code.expiresAt))."))
        context.say("On the other device: ours join \(code.code) --folder <where that device mounts the shared folder>")
        return 0
    }
}
