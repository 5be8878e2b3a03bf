/// The rest of "Household life": chores, tasks, categories and export.
extension OursCommandTree {
    static let choreAndTaskCommands: [Node] = [
        CommandSpec(
            "chore", summary: "Add a recurring chore, or mark one done", group: Group.life,
            subcommands: [
                CommandSpec(
                    "add", summary: "Add a chore that comes round again",
                    examples: ["ours chore add Bins --every 7d --assign Alex"],
                    arguments: [.required("NAME", help: "The chore's name")],
                    options: [
                        .value(
                            "every", placeholder: "DURATION", required: true,
                            help: "How often it is due, e.g. 1d, 7d or 2w"),
                        .value("assign", placeholder: "MEMBER", help: "Who does it"),
                    ]
                ) { values throws(UsageError) in
                    try .choreAdd(
                        name: values.argument("NAME"), every: values.requiredDuration("every"),
                        assign: values.option("assign"))
                },
                CommandSpec(
                    "done", summary: "Mark a chore done until it next comes round",
                    arguments: [.required("NAME", help: "The chore's name")]
                ) { values throws(UsageError) in
                    try .choreDone(name: values.argument("NAME"))
                },
            ]),
        CommandSpec(
            "chores", summary: "List chores, who does them and when they are next due",
            group: Group.life
        ) { _ throws(UsageError) in .chores },
        CommandSpec(
            "task", summary: "Add a task, or mark one done", group: Group.life,
            subcommands: [
                CommandSpec(
                    "add", summary: "Add a task",
                    examples: ["ours task add Fix the tap --due 2025-03-20 --priority 1"],
                    arguments: [.oneOrMore("TITLE", help: "What to do; several words are joined")],
                    options: [
                        project("The project it belongs to"),
                        .value("due", placeholder: "DATE", help: "When it is due, as YYYY-MM-DD"),
                        .value(
                            "priority", placeholder: "1-4", help: "From 1, most urgent, to 4"),
                        .value("assign", placeholder: "MEMBER", help: "Who does it"),
                    ]
                ) { values throws(UsageError) in
                    try .taskAdd(
                        title: values.arguments("TITLE").joined(separator: " "),
                        project: values.option("project"), due: values.option("due"),
                        priority: values.integer("priority", in: 1...4),
                        assign: values.option("assign"))
                },
                CommandSpec(
                    "done", summary: "Mark a task done",
                    arguments: [.oneOrMore("TITLE", help: "The task; several words are joined")]
                ) { values throws(UsageError) in
                    .taskDone(title: values.arguments("TITLE").joined(separator: " "))
                },
            ]),
        CommandSpec(
            "tasks", summary: "List open tasks", group: Group.life,
            options: [project("Only the tasks of this project")]
        ) { values throws(UsageError) in
            .tasks(project: values.option("project"))
        },
        Node("category", summary: "Add a category for list items", subcommands: [CategoryAddCommand.node()]),
        CategoriesCommand.node(),
        CommandSpec(
            "export", summary: "Export the household's data", group: Group.life,
            examples: ["ours export --format ics --out meals.ics"],
            options: [
                .value("format", placeholder: "FORMAT", help: "json, markdown, ics or html"),
                .value(
                    "out", short: "o", placeholder: "PATH",
                    help: "The file to write, instead of standard output"),
            ]
        ) { values throws(UsageError) in
            try .export(
                format: values.choice("format", as: ExportFormat.self), out: values.option("out"))
        },
    ]

    private static func project(_ help: String) -> OptionSpec {
        .value("project", placeholder: "P", help: help)
    }
}
