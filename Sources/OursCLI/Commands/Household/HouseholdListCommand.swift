import OursSync

/// `ours household list`: the households this device belongs to, the one in use starred.
struct HouseholdListCommand: OursCommand {
    static let spec = Spec(
        "list", aliases: ["ls"], summary: "List the households this device belongs to", examples: ["ours household list"])

    static func parse(_ values: ParsedValues) -> Self { Self() }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let device = context.device
        let memberships = try device.memberships()
        let current = try device.membership(matching: nil)?.id
        if context.json {
            context.printJSON(
                .array(
                    memberships.map { membership in
                        var object = Zone(device: device, membership: membership).householdJSON.objectValue ?? [:]
                        object["current"] = .bool(membership.id == current)
                        return .object(object)
                    }))
            return 0
        }
        if memberships.isEmpty {
            context.say("This device belongs to no household yet.")
            return 0
        }
        let rows = memberships.map { m in
            [(m.id == current ? "* " : "  ") + m.name, m.role.rawValue, m.permission.text, m.status.rawValue, m.layout.zone]
        }
        context.console.out(Table.render(["  NAME", "ROLE", "PERMISSION", "STATUS", "FOLDER"], rows))
        return 0
    }
}
