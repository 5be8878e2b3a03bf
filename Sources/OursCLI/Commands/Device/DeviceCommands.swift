import Foundation
import OursSync

/// `ours device link`: a short-lived, one-use code that makes a new device one of yours.
struct DeviceLinkCommand: OursCommand {
    static let spec = Spec(
        "link", summary: "Make a code that links a new device to you (one use, 15 minutes)",
        examples: ["ours device link"])

    static func parse(_ values: ParsedValues) -> Self { Self() }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let link = try context.device.makeLinkCode()
        if context.json {
            context.printJSON([
                "code": .string(link.code), "expiresAt": .string(link.expiresAt),
                "households": .array(link.households.map { ["id": .string($0.id), "name": .string($0.name)] }),
            ])
            return 0
        }
        context.say("Link code: \(context.bold(link.code))  (one use, expires \(context.time.phrase(link.expiresAt)))")
        context.say("On the new device: ours init --link \(link.code) --folder PATH-TO-THE-SHARED-FOLDER")
        context.say("Then sync here (or keep `ours watch` running) to finish the link.")
        return 0
    }
}

/// `ours devices`: this person's devices in the household.
struct DevicesCommand: OursCommand {
    static let spec = Spec(
        "devices", summary: "List your devices in the household, and removed ones",
        examples: ["ours devices", "ours --household Home devices --json"])

    static func parse(_ values: ParsedValues) -> Self { Self() }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let zone = try context.zone()
        guard !zone.isPrivate else {
            throw .usage("this device belongs to no household", hint: "Devices are listed per household.")
        }
        let devices = try context.device.personDevices(in: zone)
        if context.json {
            context.printJSON(
                .array(
                    devices.map {
                        [
                            "id": .string($0.id.rawValue), "name": $0.name.map { .string($0) } ?? .null,
                            "lastSeen": $0.lastSeen.map { .string($0) } ?? .null, "thisDevice": .bool($0.isThisDevice),
                            "removedAt": $0.removedAt.map { .string($0) } ?? .null, "setAside": .bool($0.setAside),
                        ]
                    }))
            return 0
        }
        let width = max(4, devices.map { ($0.name ?? "?").count }.max() ?? 0)
        context.say("ID        " + "NAME".padding(toLength: width, withPad: " ", startingAt: 0) + "  LAST SEEN")
        for device in devices {
            let name = (device.name ?? "?").padding(toLength: width, withPad: " ", startingAt: 0)
            var line = "\(device.id)  \(name)  \(device.lastSeen ?? "never")"
            if device.isThisDevice { line += "  (this device)" }
            if device.setAside {
                line += "  never counted (its recovery or link did not take effect)"
            } else if let removed = device.removedAt {
                line += "  removed \(removed)"
            }
            context.say(line)
        }
        return 0
    }
}

/// `ours device remove ID`: a lost or sold device's changes are ignored from now on.
struct DeviceRemoveCommand: OursCommand {
    static let id: Argument<String> = .required("ID", help: "The device's id, as 'ours devices' shows it")
    static let yes: Option<Bool> = .yes

    static let spec = Spec(
        "remove", summary: "Remove a lost or sold device of yours: its changes are ignored from now on",
        examples: ["ours device remove k3j9x2mq --yes"], arguments: [id], options: [yes])

    let id: String
    let yes: Bool

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(id: values[id], yes: values[yes])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        try context.confirm(yes, "Remove device \(id)? Every device ignores its changes from now on.")
        let households = try context.device.removeDevice(id)
        if context.json {
            context.printJSON(["id": .string(id.lowercased()), "households": .array(households.map { .string($0) })])
        } else {
            context.say("Device \(id.lowercased()) is removed from \(households.joined(separator: ", ")).")
        }
        return 0
    }
}

/// `ours device rename NAME`: what this device is called among your devices.
struct DeviceRenameCommand: OursCommand {
    static let name: Argument<String> = .required("NAME", help: "The new name of this device, e.g. \"Sam's laptop\"")

    static let spec = Spec(
        "rename", summary: "Rename this device, as 'ours devices' shows it",
        examples: ["ours device rename \"Sam's laptop\""], arguments: [name])

    let name: String

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(name: values[name])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let identity = try context.device.renameDevice(name)
        if context.json {
            context.printJSON(["id": .string(identity.deviceID.rawValue), "name": .string(identity.deviceName ?? name)])
        } else {
            context.say("This device (\(identity.deviceID)) is now called \(context.bold(identity.deviceName ?? name)).")
        }
        return 0
    }
}
