/// The shopping-list part of "Household life": items and lists.
extension OursCommandTree {
    private static let item = ArgumentSpec.required("ITEM", help: "The item's name")

    private static let onList = list("The list the item is on, when it is on more than one")

    static let listCommands: [Node] = [
        CommandSpec(
            "add", summary: "Add items to a shopping list", group: Group.life,
            discussion: "--qty, --category and --note apply to every item named.",
            examples: [
                "ours add milk eggs bread", #"ours add flour --qty "1 kg" --list Baking"#,
            ],
            arguments: [.oneOrMore("ITEM", help: "The items to add; quote names with spaces")],
            options: [
                list("The list to add to, instead of the default one"),
                .value("qty", placeholder: "Q", help: #"How much, e.g. 2, 500g or "3 cans""#),
                .value("category", placeholder: "C", help: "The aisle or category, e.g. dairy"),
                .value("note", placeholder: "N", help: "A note for whoever does the shopping"),
            ]
        ) { values throws(UsageError) in
            .add(
                items: values.arguments("ITEM"), list: values.option("list"),
                qty: values.option("qty"), category: values.option("category"),
                note: values.option("note"))
        },
        CommandSpec(
            "check", summary: "Tick an item off", group: Group.life, arguments: [item],
            options: [onList]
        ) { values throws(UsageError) in
            try .check(item: values.argument("ITEM"), list: values.option("list"))
        },
        CommandSpec(
            "uncheck", summary: "Put a ticked item back on its list", group: Group.life,
            arguments: [item], options: [onList]
        ) { values throws(UsageError) in
            try .uncheck(item: values.argument("ITEM"), list: values.option("list"))
        },
        CommandSpec(
            "remove", summary: "Take an item off a list", group: Group.life, arguments: [item],
            options: [onList]
        ) { values throws(UsageError) in
            try .remove(item: values.argument("ITEM"), list: values.option("list"))
        },
        listGroup,
        CommandSpec(
            "lists", summary: "List the shopping lists", group: Group.life,
            options: [.flag("archived", help: "Include archived lists")]
        ) { values throws(UsageError) in
            .lists(archived: values.flag("archived"))
        },
    ]

    private static let name = ArgumentSpec.required("NAME", help: "The list's name")

    private static let listGroup = Node(
        "list", summary: "Create, show, rename, archive or delete a list", group: Group.life,
        subcommands: [
            CommandSpec("create", summary: "Create a list", arguments: [name]) {
                values throws(UsageError) in
                try .listCreate(name: values.argument("NAME"))
            },
            CommandSpec(
                "show", summary: "Show a list's items",
                arguments: [.optional("NAME", help: "The list to show; leave out for the default")],
                options: [
                    .flag(
                        "consolidated",
                        help: "Combine entries for the same thing into one line")
                ]
            ) { values throws(UsageError) in
                .listShow(
                    name: values.optionalArgument("NAME"), consolidated: values.flag("consolidated")
                )
            },
            CommandSpec(
                "rename", summary: "Give a list a new name",
                arguments: [name, .required("NEW-NAME", help: "The name it should have")]
            ) { values throws(UsageError) in
                try .listRename(name: values.argument("NAME"), newName: values.argument("NEW-NAME"))
            },
            CommandSpec(
                "archive", summary: "Put a list away without deleting it", arguments: [name]
            ) { values throws(UsageError) in
                try .listArchive(name: values.argument("NAME"))
            },
            CommandSpec(
                "delete", aliases: ["rm"], summary: "Delete a list and its items",
                arguments: [name], options: [yes]
            ) { values throws(UsageError) in
                try .listDelete(name: values.argument("NAME"), yes: values.flag("yes"))
            },
        ])
}
