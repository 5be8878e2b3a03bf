import OursSync

/// `ours device attachments [everything|own]`: which attachments this device keeps a copy of.
struct DeviceAttachmentsCommand: OursCommand {
    static let keep: Argument<String?> = .optional(
        "KEEP", help: "everything (the default: a copy of every attachment) or own (only those it added); leave out to show")

    static let spec = Spec(
        "attachments", summary: "Show or choose which attachments this device keeps a copy of",
        examples: ["ours device attachments", "ours device attachments own"], arguments: [keep])

    let keep: String?

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self { try Self(keep: values[keep]) }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        if let keep {
            guard let keeping = AttachmentKeeping(rawValue: keep.lowercased()) else {
                throw .usage("\"\(keep)\" is not a choice: say everything or own")
            }
            try context.device.setAttachmentKeeping(keeping)
        }
        let keeping = try context.device.attachmentKeeping()
        if context.json {
            context.printJSON(["keep": .string(keeping.rawValue)])
        } else {
            switch keeping {
            case .everything:
                context.say("This device keeps a copy of every attachment its households' records name (the default).")
            case .own:
                context.say(
                    "This device keeps only the attachments it added, until the folder holds them; it reads the others from the folder."
                )
                context.say("An attachment the folder then loses can come back only from another device.")
            }
        }
        return 0
    }
}
