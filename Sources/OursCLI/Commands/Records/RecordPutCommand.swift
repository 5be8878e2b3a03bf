import OursSync

/// `ours record put TYPE [ID] --fields JSON`: creates or updates a record's fields and prints
/// its id; `--fields -` reads them from standard input.
struct RecordPutCommand: OursCommand {
    static let type: Argument<String> = .recordType
    static let id: Argument<String?> = .optional("ID", help: "The record to update; leave out to create one")
    static let fields: Option<String> = .required(
        "fields", placeholder: "JSON",
        help: "A JSON object of the fields to set, or - to read it from standard input")

    static let spec = Spec(
        "put", summary: "Create or update a record's fields, and print its id",
        discussion: "Fields not named in JSON keep their values.",
        examples: [
            #"ours record put item --fields '{"name": "milk"}'"#,
            "ours record put item 3F2A9C --fields - < fields.json",
        ],
        arguments: [type, id], options: [fields])

    let type: String
    let id: String?
    /// Unparsed JSON text, or `-`.
    let fields: String

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(type: values[type], id: values[id], fields: values[fields])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let bytes = fields == "-" ? context.console.standardInput() : Array(fields.utf8)
        let object = try JSONValue.object(parsing: bytes, from: fields == "-" ? "the fields on standard input" : "--fields")
        let key = try context.zone().put(type: type, id: id, fields: object.mapValues { $0 })
        if context.json { context.printJSON(["id": .string(key.id), "type": .string(key.type)]) } else { context.say(key.id) }
        return 0
    }
}
