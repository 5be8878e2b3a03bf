import OursHousehold
import OursSync

/// `ours add ITEM... [--list NAME] [--qty Q] [--category C] [--note N]`: items onto a
/// shopping list, the default one unless `--list` says otherwise.
struct AddCommand: OursCommand {
    static let items: Argument<[String]> = .oneOrMore("ITEM", help: "The items to add; quote names with spaces")
    static let list: Option<String?> = .targetList
    static let qty: Option<String?> = .value("qty", placeholder: "Q", help: #"How much, e.g. 2, 500g or "3 cans""#)
    static let category: Option<String?> = .value(
        "category", placeholder: "C", help: "The aisle or category, e.g. dairy")
    static let note: Option<String?> = .value("note", placeholder: "N", help: "A note for whoever does the shopping")

    static let spec = Spec(
        "add", summary: "Add items to a shopping list",
        discussion: "--qty, --category and --note apply to every item named.",
        examples: ["ours add milk eggs bread", #"ours add flour --qty "1 kg" --list Baking"#],
        arguments: [items], options: [list, qty, category, note])

    let items: [String]
    let list: String?
    let qty: String?
    let category: String?
    let note: String?

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(items: values[items], list: values[list], qty: values[qty], category: values[category], note: values[note])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let result = try context.household().add(items, to: list, quantity: qty, category: category, note: note)
        context.printAddResult(result)
        return 0
    }
}
