/// Where every `ours` command sits: the tree the parser walks and help describes.
///
/// Each command's own type declares its name, help, arguments and options and runs it; this
/// file only places the commands, under the headings of `ours --help` in the order the README
/// presents them, and declares the nodes that only group others.
enum OursCommandTree {
    typealias Node = CommandSpec<ParsedInvocation.Action>

    /// The whole tree, rooted at the program.
    static let root = Node(
        "ours",
        summary: "Share lists, recipes, meals, chores and tasks with your household through a shared folder.",
        subcommands: under("Device and household", device)
            + under("Records, for scripts and other apps", records)
            + under("Household life", lists + kitchen + chores)
            + under("About ours", about))

    /// The options every command accepts anywhere on the line.
    static let globalOptions: [OptionSpec] = GlobalOptions.declarations.map(\.spec)

    private static let device: [Node] = [
        InitCommand.node(),
        DemoCommand.node(),
        Node(
            "device", summary: "Link a new device to you, rename this one, or remove a lost one",
            subcommands: [
                DeviceLinkCommand.node(), DeviceRenameCommand.node(), DeviceRemoveCommand.node(),
                DeviceAttachmentsCommand.node(),
            ]),
        DevicesCommand.node(),
        Node(
            "household", summary: "Create, switch, hand over, leave or end a household",
            subcommands: [
                HouseholdCreateCommand.node(), HouseholdShowCommand.node(), HouseholdListCommand.node(),
                HouseholdUseCommand.node(), HouseholdTransferCommand.node(), HouseholdLeaveCommand.node(),
                HouseholdDissolveCommand.node(), HouseholdForgetCommand.node(), HouseholdKeepCommand.node(),
                HouseholdAllowInvitesCommand.node(), HouseholdFolderCommand.node(), HouseholdRecoveryCommand.node(),
                HouseholdRecoverCommand.node(),
            ]),
        InviteCommand.node(),
        CodesCommand.node(CodesRevokeCommand.node()),
        JoinCommand.node(),
        MembersCommand.node(MembersRemoveCommand.node()),
        SyncCommand.node(),
        WatchCommand.node(),
        StatusCommand.node(),
        ConflictsCommand.node(ConflictsRestoreCommand.node(), ConflictsDismissCommand.node()),
        DoctorCommand.node(),
    ]

    private static let records: [Node] = [
        Node(
            "record", summary: "Read and write records directly, for scripts and other apps",
            subcommands: [
                RecordPutCommand.node(), RecordGetCommand.node(), RecordListCommand.node(), RecordRemoveCommand.node(),
                RecordImportCommand.node(),
            ]),
        Node(
            "attachment", summary: "Add, list, show or save attachments: the photos and files records name",
            subcommands: [
                AttachmentAddCommand.node(), AttachmentListCommand.node(), AttachmentShowCommand.node(),
                AttachmentSaveCommand.node(),
            ]),
    ]

    private static let lists: [Node] = [
        AddCommand.node(),
        CheckCommand.node(),
        UncheckCommand.node(),
        RemoveCommand.node(),
        Node(
            "list", summary: "Create, show, edit, archive or delete a list, or see what was bought",
            subcommands: [
                ListCreateCommand.node(), ListShowCommand.node(), ListRenameCommand.node(), ListArchiveCommand.node(),
                ListDeleteCommand.node(),
                ListEditCommand.node(), ListHistoryCommand.node(),
            ]),
        ListsCommand.node(),
        Node(
            "item", summary: "Show, edit or remove one item on a list",
            subcommands: [ItemShowCommand.node(), ItemEditCommand.node(), ItemRemoveCommand.node()]),
    ]

    private static let kitchen: [Node] = [
        Node(
            "recipe", summary: "Add, show, edit, favourite, shop for, import, export or remove a recipe",
            subcommands: [
                RecipeAddCommand.node(), RecipeShowCommand.node(), RecipeEditCommand.node(), RecipeFavoriteCommand.node(),
                RecipeUnfavoriteCommand.node(), RecipeToListCommand.node(), RecipeImportCommand.node(),
                RecipeExportCommand.node(), RecipeRemoveCommand.node(),
            ]),
        RecipesCommand.node(),
        IngredientsCommand.node(),
        Node(
            "ingredient", summary: "Remember, show, file, mark as a staple or forget an ingredient",
            subcommands: [
                IngredientAddCommand.node(), IngredientShowCommand.node(), IngredientEditCommand.node(),
                IngredientRemoveCommand.node(),
            ]),
        StaplesCommand.node(StaplesToListCommand.node()),
        SuggestCommand.node(),
        PlanCommand.node(),
        MealsCommand.node(MealsToListCommand.node()),
        Node(
            "meal", summary: "Show, edit, move or remove a planned meal",
            subcommands: [MealShowCommand.node(), MealEditCommand.node(), MealMoveCommand.node(), MealRemoveCommand.node()]),
    ]

    private static let chores: [Node] = [
        Node(
            "chore", summary: "Add, complete, change, pause or remove a recurring chore",
            subcommands: [
                ChoreAddCommand.node(), ChoreDoneCommand.node(), ChoreShowCommand.node(), ChoreLogCommand.node(),
                ChoreEditCommand.node(), ChorePauseCommand.node(), ChoreResumeCommand.node(), ChoreRemoveCommand.node(),
            ]),
        ChoresCommand.node(),
        Node(
            "task", summary: "Add, show, edit or remove a task, or mark one done",
            subcommands: [
                TaskAddCommand.node(), TaskDoneCommand.node(),
                TaskShowCommand.node(), TaskEditCommand.node(), TaskRemoveCommand.node(),
            ]),
        TasksCommand.node(),
        Node(
            "project", summary: "Add, list, show, edit, archive or remove a project for tasks",
            subcommands: [
                ProjectAddCommand.node(), ProjectListCommand.node(), ProjectShowCommand.node(), ProjectEditCommand.node(),
                ProjectArchiveCommand.node(), ProjectUnarchiveCommand.node(), ProjectRemoveCommand.node(),
            ]),
        Node(
            "memory", summary: "Add, show, edit or remove a memory kept for someone",
            subcommands: [
                MemoryAddCommand.node(), MemoryShowCommand.node(), MemoryEditCommand.node(), MemoryRemoveCommand.node(),
            ]),
        MemoriesCommand.node(),
        Node(
            "category", summary: "Add, show, rename or remove a category for list items",
            subcommands: [
                CategoryAddCommand.node(),
                CategoryShowCommand.node(), CategoryEditCommand.node(), CategoryRemoveCommand.node(),
            ]),
        CategoriesCommand.node(),
        DeletedCommand.node(),
        RestoreCommand.node(),
        ExportCommand.node(),
        ImportCommand.node(),
    ]

    /// `help` and `version`, which the runner answers itself, without touching the device, and
    /// what the shell and `man` are given.
    private static let about: [Node] = [
        Node(
            "help", summary: "Show help for ours or for a command", examples: ["ours help", "ours help record put"],
            arguments: [helpPath]
        ) { values throws(UsageError) in try .help(path: values[helpPath]) },
        Node("version", summary: "Print the version of ours", examples: ["ours version"]) { _ throws(UsageError) in .version },
        Node(
            "completion", summary: "Print a shell completion script, or names to complete",
            subcommands: [
                BashCompletionCommand.node(), ZshCompletionCommand.node(), FishCompletionCommand.node(),
                CompletionNamesCommand.node(),
            ]),
        ManualCommand.node(),
    ]

    private static let helpPath: Argument<[String]> = .zeroOrMore(
        "COMMAND", help: "The command to explain, e.g. record put")

    /// The nodes, listed under `heading` in `ours --help`.
    private static func under(_ heading: String, _ nodes: [Node]) -> [Node] {
        nodes.map { node in
            var node = node
            node.group = heading
            return node
        }
    }
}
