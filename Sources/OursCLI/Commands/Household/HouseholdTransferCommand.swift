import OursSync

/// `ours household transfer MEMBER`: hands ownership over; the owner stays a member.
struct HouseholdTransferCommand: OursCommand {
    static let member: Argument<String> = .required("MEMBER", help: "The member who becomes the owner")

    static let spec = Spec(
        "transfer", summary: "Hand ownership to another member (owner only)", examples: ["ours household transfer Mike"],
        arguments: [member])

    let member: String

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(member: values[member])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let zone = try context.zone()
        let target = try zone.transfer(to: member)
        if context.json {
            context.printJSON(zone.json(of: target))
        } else {
            context.say("\(context.bold(target.name)) now owns \(zone.name); you stay a read-write member.")
        }
        return 0
    }
}
