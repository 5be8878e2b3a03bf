import OursSync

/// `ours household create NAME --folder PATH`: starts a household; this device's private
/// records move into it.
struct HouseholdCreateCommand: OursCommand {
    static let name: Argument<String> = .required("NAME", help: "What to call the household")
    static let folder: Option<String> = .required(
        "folder", placeholder: "PATH", help: "A folder every member's device can reach, e.g. in Dropbox")

    static let spec = Spec(
        "create", summary: "Start a household in a shared folder",
        discussion: """
            The household's folder is made inside PATH, the folder you share; an empty PATH or the \
            file system's root is refused. This device's private data moves into the new household.
            """,
        examples: ["ours household create Home --folder ~/Dropbox/Ours"], arguments: [name],
        options: [folder])

    let name: String
    let folder: String

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(name: values[name], folder: values[folder])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let device = context.device
        let privateCount = try device.replica(Zone.privateID).keys().count
        let zone = try device.createZone(name: name, folder: Device.sharedFolderForCommandLine(folder))
        let recovery = Result { () throws(OursError) in try zone.issueRecoveryCode() }
        if context.json {
            var object = zone.householdJSON.objectValue ?? [:]
            object["recoveryCode"] = (try? recovery.get()).map { .string($0) } ?? .null
            context.printJSON(.object(object))
            return 0
        }
        let membership = zone.membership!
        context.say("Created \(context.bold(membership.name)) in \(membership.layout.zone).")
        switch recovery {
        case .success(let code):
            context.say("Recovery code, shown only now: \(context.bold(code))")
            context.say("  Keep it somewhere safe, away from this device: it gets the household back if you lose every device.")
        case .failure(let error):
            context.say("No recovery code yet (\(error.message)); make one with `ours household recovery`.")
        }
        if privateCount > 0 { context.say("Moved \(privateCount) record(s) you had on this device into it.") }
        context.say("Invite someone with `ours invite` (or `ours invite --read-only`).")
        return 0
    }
}
