import OursSync

/// `ours init --name NAME [--email EMAIL]`: sets up this device for a person; safe to repeat.
struct InitCommand: OursCommand {
    static let name: Option<String> = .required(
        "name", placeholder: "NAME", help: "Your name, as the other members will see it")
    static let email: Option<String?> = .value(
        "email", placeholder: "EMAIL", help: "An email address, to tell apart members with the same name")

    static let spec = Spec(
        "init", summary: "Set up this device with your name; safe to run again",
        examples: ["ours init --name Sam --email sam@example.com"], options: [name, email])

    let name: String
    let email: String?

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(name: values[name], email: values[email])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let device = context.device
        let identity = try device.initialize(name: name, email: email)
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
