import OursSync

/// `ours init --name NAME [--email EMAIL]`: sets up this device for a person; safe to repeat.
/// `ours init --link CODE --folder PATH`: makes this device another of a person's devices.
struct InitCommand: OursCommand {
    static let name: Option<String?> = .value(
        "name", placeholder: "NAME",
        help: "Your name, as the other members will see it (with --link: what this device is called)")
    static let email: Option<String?> = .value(
        "email", placeholder: "EMAIL", help: "An email address, to tell apart members with the same name")

    static let spec = Spec(
        "init", summary: "Set up this device with your name; safe to run again",
        examples: [
            "ours init --name Sam --email sam@example.com", "ours init --link K7QX2MPD --folder ~/Dropbox/Ours",
        ], options: [name, email, link, folder])

    static let link: Option<String?> = .value(
        "link", placeholder: "CODE", help: "A code from 'ours device link' on another of your devices")
    static let folder: Option<String?> = .value(
        "folder", placeholder: "PATH", help: "With --link: where this device sees the shared folder")

    let name: String?
    let email: String?
    var link: String? = nil
    var folder: String? = nil

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        let command = Self(name: try values[name], email: try values[email], link: try values[link], folder: try values[folder])
        if command.link == nil, command.name == nil {
            throw UsageError("missing option --name NAME for 'ours init'", command: ["ours", "init"])
        }
        return command
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let device = context.device
        if let link {
            guard let folder else {
                throw .usage("--link needs --folder PATH", hint: "Give where this device sees the shared folder.")
            }
            return try runLink(context, code: link, folder: folder)
        }
        if folder != nil {
            throw .usage("--folder goes with --link", hint: "To join a household, use `ours join CODE --folder PATH`.")
        }
        let identity = try device.initialize(name: name ?? "", email: email)
        if context.json {
            context.printJSON([
                "deviceId": .string(identity.deviceID.rawValue), "participantId": .string(identity.participantID),
                "name": .string(identity.name), "email": identity.email.map { .string($0) } ?? .null,
                "home": .string(device.home),
            ])
        } else {
            context.say(
                "This device is set up for \(context.bold(identity.name)) (device \(identity.deviceID), state in \(device.home))."
            )
            if try device.memberships().isEmpty {
                context.say("Next: `ours household create NAME --folder PATH`, or `ours join CODE --folder PATH`.")
            }
        }
        return 0
    }
}

extension InitCommand {
    /// `--link CODE --folder PATH`: this device becomes one of the code's person's devices.
    fileprivate func runLink(_ context: CommandContext, code: String, folder: String) throws(OursError) -> Int32 {
        let result = try context.device.link(
            code: code, folder: Device.sharedFolderForCommandLine(folder), deviceName: name)
        let identity = result.identity
        if context.json {
            context.printJSON([
                "deviceId": .string(identity.deviceID.rawValue), "participantId": .string(identity.participantID),
                "name": .string(identity.name), "email": identity.email.map { .string($0) } ?? .null,
                "home": .string(context.device.home), "linkedBy": .string(result.linkedBy.rawValue),
                "households": .array(result.zones.map { ["id": .string($0.id), "name": .string($0.name)] }),
                "problems": .array(result.problems.map { .string($0) }),
            ])
            return 0
        }
        let names = result.zones.map(\.name).joined(separator: ", ")
        context.say("This device (\(identity.deviceID)) is now one of \(context.bold(identity.name))'s devices in: \(names).")
        context.say(
            "Device \(result.linkedBy), which made the code, lists it at its next sync (`ours sync` there, or its "
                + "running `ours watch`); this device can make changes once it has synced after that.")
        for problem in result.problems { context.say("  \(problem)") }
        return 0
    }
}
