/// "Records, for scripts and other apps": raw typed records with JSON fields.
extension OursCommandTree {
    static let recordCommands: [Node] = [
        Node(
            "record", summary: "Read and write records directly, for scripts and other apps",
            subcommands: [
                RecordPutCommand.node(), RecordGetCommand.node(), RecordListCommand.node(),
                RecordRemoveCommand.node(), RecordImportCommand.node(),
            ])
    ]
}
