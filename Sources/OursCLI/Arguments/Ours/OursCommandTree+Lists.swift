/// The shopping-list part of "Household life": items and lists.
extension OursCommandTree {
    static let listCommands: [Node] = [
        AddCommand.node(),
        CheckCommand.node(),
        UncheckCommand.node(),
        RemoveCommand.node(),
        Node(
            "list", summary: "Create, show, rename, archive or delete a list",
            subcommands: [
                ListCreateCommand.node(), ListShowCommand.node(), ListRenameCommand.node(),
                ListArchiveCommand.node(), ListDeleteCommand.node(),
            ]),
        ListsCommand.node(),
    ]
}
