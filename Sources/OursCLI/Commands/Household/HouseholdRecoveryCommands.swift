import OursSync

/// `ours household recovery`: a new recovery code for the owner, replacing the one before.
struct HouseholdRecoveryCommand: OursCommand {
    static let spec = Spec(
        "recovery", summary: "Issue a new recovery code, replacing the old one (owner only)",
        examples: ["ours household recovery"])

    static func parse(_ values: ParsedValues) -> Self { Self() }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let zone = try context.zone()
        let code = try zone.issueRecoveryCode()
        if context.json {
            context.printJSON(["recoveryCode": .string(code), "household": ["id": .string(zone.id), "name": .string(zone.name)]])
        } else {
            context.say("New recovery code for \(context.bold(zone.name)), shown only now: \(context.bold(code))")
            context.say("The old one no longer works. Keep this one somewhere safe, away from this device.")
        }
        return 0
    }
}

/// `ours household recover CODE --folder PATH`: an owner who lost every device gets the
/// household back on this one.
struct HouseholdRecoverCommand: OursCommand {
    static let code: Argument<String> = .required("CODE", help: "The recovery code shown when the household was made")
    static let folder: Option<String> = .required(
        "folder", placeholder: "PATH", help: "Where this device sees the household's shared folder")

    static let spec = Spec(
        "recover", summary: "Become the owner again on a new device, with the recovery code",
        examples: ["ours household recover QX2MP-K7D3R-9TWHN-4BCFA --folder ~/Dropbox/Ours"], arguments: [code],
        options: [folder])

    let code: String
    let folder: String

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(code: values[code], folder: values[folder])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let result = try context.device.recover(code: code, folder: Device.sharedFolderForCommandLine(folder))
        let zone = result.zone
        if context.json {
            var object = zone.householdJSON.objectValue ?? [:]
            object["recoveryCode"] = .string(result.newCode)
            object["deviceId"] = .string(result.identity.deviceID.rawValue)
            object["removedDevices"] = .array(result.removedDevices.map { .string($0.rawValue) })
            context.printJSON(.object(object))
            return 0
        }
        context.say("This device (\(result.identity.deviceID)) now owns \(context.bold(zone.name)) as \(result.identity.name).")
        if !result.removedDevices.isEmpty {
            context.say("Your earlier devices are removed: \(result.removedDevices.map(\.rawValue).joined(separator: ", ")).")
        }
        context.say("The code you used no longer works. New recovery code, shown only now: \(context.bold(result.newCode))")
        return 0
    }
}
