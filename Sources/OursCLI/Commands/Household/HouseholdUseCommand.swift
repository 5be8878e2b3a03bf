import OursSync

/// `ours household use NAME`: the household later commands act on; the name may be an id.
struct HouseholdUseCommand: OursCommand {
    static let name: Argument<String> = .required("NAME", help: "The household's name or id")

    static let spec = Spec(
        "use", summary: "Choose the household that commands act on", examples: ["ours household use Home"], arguments: [name])

    let name: String

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(name: values[name])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let zone = try context.device.use(name)
        if context.json {
            context.printJSON(zone.householdJSON)
        } else {
            context.say("Now using \(context.bold(zone.name)).")
        }
        return 0
    }
}
