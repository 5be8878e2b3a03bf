import OursSync

/// `ours household allow-invites [--off]`: whether members may make read-write codes too.
struct HouseholdAllowInvitesCommand: OursCommand {
    static let off: Option<Bool> = .flag("off", help: "Only the owner makes read-write codes again")

    static let spec = Spec(
        "allow-invites",
        summary: "Let members make read-write codes too, or stop them with --off (owner only)",
        examples: ["ours household allow-invites", "ours household allow-invites --off"],
        options: [off])

    let allowed: Bool

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(allowed: !values[off])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        try context.zone().allowMembersToInviteReadWrite(allowed)
        if context.json {
            context.printJSON(["membersMayInviteReadWrite": .bool(allowed)])
        } else {
            context.say(allowed ? "Members may now make read-write codes." : "Only you (the owner) make read-write codes now.")
        }
        return 0
    }
}
