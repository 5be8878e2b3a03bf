import OursSync

/// `ours household leave [--yes]`: this device stops syncing and keeps a read-only copy.
struct HouseholdLeaveCommand: OursCommand {
    static let yes: Option<Bool> = .yes

    static let spec = Spec(
        "leave", summary: "Leave the household; this device keeps a read-only copy", examples: ["ours household leave --yes"],
        options: [yes])

    let yes: Bool

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(yes: values[yes])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let zone = try context.zone()
        try context.confirm(yes, "Leave \(zone.name)? This device keeps a read-only copy.")
        try zone.leave()
        if context.json {
            context.printJSON(zone.householdJSON)
        } else {
            context.say(LifecycleEvent.left.message(household: zone.name))
            context.say("Commands now use your private data; the copy stays readable with --household \"\(zone.name)\".")
        }
        return 0
    }
}

/// `ours household dissolve [--yes]`: ends the household for everyone (owner only).
struct HouseholdDissolveCommand: OursCommand {
    static let yes: Option<Bool> = .yes

    static let spec = Spec(
        "dissolve", summary: "End the household for everyone; its data goes back to private (owner only)",
        examples: ["ours household dissolve --yes"],
        options: [yes])

    let yes: Bool

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(yes: values[yes])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let zone = try context.zone()
        try context.confirm(yes, "Dissolve \(zone.name) for everyone? Its records come back to your private data.")
        let count = try zone.dissolve()
        if context.json {
            var object = zone.householdJSON.objectValue ?? [:]
            object["privateRecords"] = JSONValue(count)
            context.printJSON(.object(object))
        } else {
            context.say("Dissolved \(zone.name). Members' devices keep read-only copies and will say so at their next sync.")
            context.say("Your \(count) record(s) are back in your private data.")
        }
        return 0
    }
}

/// `ours household forget NAME [--yes]`: deletes a read-only copy from this device.
struct HouseholdForgetCommand: OursCommand {
    static let name: Argument<String> = .required("NAME", help: "The household's name or id")
    static let yes: Option<Bool> = .yes

    static let spec = Spec(
        "forget", summary: "Delete a read-only copy kept after leaving, removal or dissolution",
        examples: ["ours household forget Home --yes"],
        arguments: [name], options: [yes])

    let name: String
    let yes: Bool

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(name: values[name], yes: values[yes])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        try context.confirm(yes, "Delete the read-only copy of \(name) from this device?")
        let membership = try context.device.forget(name)
        if context.json {
            context.printJSON(["id": .string(membership.id), "name": .string(membership.name), "forgotten": true])
        } else {
            context.say("Deleted this device's read-only copy of \(membership.name).")
        }
        return 0
    }
}
