/// "Records, for scripts and other apps": raw typed records with JSON fields.
extension OursCommandTree {
    private static let type = ArgumentSpec.required(
        "TYPE", help: "The record type, e.g. item, recipe or a type of your own app")

    private static let id = ArgumentSpec.required("ID", help: "The record's id")

    static let recordCommands: [Node] = [
        CommandSpec(
            "record", summary: "Read and write records directly, for scripts and other apps",
            group: Group.records,
            subcommands: [
                CommandSpec(
                    "put", summary: "Create or update a record's fields, and print its id",
                    discussion: "Fields not named in JSON keep their values.",
                    examples: [
                        #"ours record put item --fields '{"name": "milk"}'"#,
                        "ours record put item 3F2A9C --fields - < fields.json",
                    ],
                    arguments: [
                        type,
                        .optional("ID", help: "The record to update; leave out to create one"),
                    ],
                    options: [
                        .value(
                            "fields", placeholder: "JSON", required: true,
                            help: "A JSON object of the fields to set, or - to read it from "
                                + "standard input")
                    ]
                ) { values throws(UsageError) in
                    try .recordPut(
                        type: values.argument("TYPE"), id: values.optionalArgument("ID"),
                        fields: values.requiredOption("fields"))
                },
                CommandSpec(
                    "get", summary: "Print a record's fields", arguments: [type, id]
                ) { values throws(UsageError) in
                    try .recordGet(type: values.argument("TYPE"), id: values.argument("ID"))
                },
                CommandSpec(
                    "list", aliases: ["ls"], summary: "List the records of a type",
                    arguments: [type]
                ) { values throws(UsageError) in
                    try .recordList(type: values.argument("TYPE"))
                },
                CommandSpec(
                    "rm", aliases: ["remove"], summary: "Delete a record", arguments: [type, id]
                ) { values throws(UsageError) in
                    try .recordRemove(type: values.argument("TYPE"), id: values.argument("ID"))
                },
                CommandSpec(
                    "import", summary: "Add records in bulk from JSON Lines, and print how many",
                    examples: ["ours record import item items.jsonl", "ours record import item -"],
                    arguments: [
                        type,
                        .required(
                            "FILE",
                            help: "One JSON object per line, or - to read standard input"),
                    ]
                ) { values throws(UsageError) in
                    try .recordImport(type: values.argument("TYPE"), file: values.argument("FILE"))
                },
            ])
    ]
}
