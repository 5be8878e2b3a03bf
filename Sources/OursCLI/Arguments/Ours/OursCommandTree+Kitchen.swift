/// The cooking part of "Household life": recipes and the meal plan.
extension OursCommandTree {
    private static let recipe = ArgumentSpec.required("NAME", help: "The recipe's name")

    private static let servings = OptionSpec.value(
        "servings", placeholder: "N", help: "Scale the ingredients to this many servings")

    private static let week = OptionSpec.value(
        "week", placeholder: "DATE", help: "Any day of the week, as YYYY-MM-DD; default this week")

    static let kitchenCommands: [Node] = [
        recipeGroup,
        CommandSpec(
            "recipes", summary: "List the recipes", group: Group.life,
            options: [.flag("favorites", help: "Only the favourites")]
        ) { values throws(UsageError) in
            .recipes(favoritesOnly: values.flag("favorites"))
        },
        CommandSpec(
            "plan", summary: "Plan a recipe or any other meal for a day", group: Group.life,
            examples: [
                "ours plan 2025-03-14 dinner Lasagne",
                "ours plan 2025-03-15 lunch leftovers --replace",
            ],
            arguments: [
                .required("DATE", help: "The day, as YYYY-MM-DD"),
                .required("SLOT", help: "breakfast, lunch, dinner or snack"),
                .oneOrMore(
                    "RECIPE-OR-TEXT",
                    help: "A recipe's name, or any text; several words are joined"),
            ],
            options: [.flag("replace", help: "Replace what is already planned for that meal")]
        ) { values throws(UsageError) in
            try .plan(
                date: values.argument("DATE"),
                slot: values.choiceArgument("SLOT", as: MealSlot.self),
                meal: values.arguments("RECIPE-OR-TEXT").joined(separator: " "),
                replace: values.flag("replace"))
        },
        CommandSpec(
            "meals", summary: "Show a week's meal plan", group: Group.life, options: [week],
            subcommands: [
                CommandSpec(
                    "to-list", summary: "Add the ingredients of a week's planned recipes to a list",
                    options: [week, list("The list to add to, instead of the default one")]
                ) { values throws(UsageError) in
                    .mealsToList(week: values.option("week"), list: values.option("list"))
                }
            ]
        ) { values throws(UsageError) in
            .meals(week: values.option("week"))
        },
    ]

    private static let recipeGroup = Node(
        "recipe", summary: "Add, show, favourite, shop for, import or export a recipe",
        group: Group.life,
        subcommands: [
            CommandSpec(
                "add", summary: "Add a recipe",
                examples: [
                    #"ours recipe add Pancakes --ingredient "2 cups flour" --ingredient "2 eggs""#
                ],
                arguments: [recipe],
                options: [
                    .repeatable(
                        "ingredient", short: "i", placeholder: "TEXT",
                        help: #"One ingredient line, e.g. "2 cups flour""#),
                    .value("servings", placeholder: "N", help: "How many servings it makes"),
                    .flag("force", help: "Replace a recipe that has the same name"),
                ]
            ) { values throws(UsageError) in
                try .recipeAdd(
                    name: values.argument("NAME"), ingredients: values.options("ingredient"),
                    servings: values.integer("servings", in: 1...Int.max),
                    force: values.flag("force"))
            },
            CommandSpec("show", summary: "Show a recipe", arguments: [recipe]) {
                values throws(UsageError) in
                try .recipeShow(name: values.argument("NAME"))
            },
            CommandSpec("favorite", summary: "Mark a recipe as a favourite", arguments: [recipe]) {
                values throws(UsageError) in
                try .recipeFavorite(name: values.argument("NAME"))
            },
            CommandSpec(
                "unfavorite", summary: "Stop marking a recipe as a favourite", arguments: [recipe]
            ) { values throws(UsageError) in
                try .recipeUnfavorite(name: values.argument("NAME"))
            },
            CommandSpec(
                "to-list", summary: "Add a recipe's ingredients to a shopping list",
                arguments: [recipe],
                options: [list("The list to add to, instead of the default one"), servings]
            ) { values throws(UsageError) in
                try .recipeToList(
                    name: values.argument("NAME"), list: values.option("list"),
                    servings: values.integer("servings", in: 1...Int.max))
            },
            CommandSpec(
                "import", summary: "Add a recipe from a schema.org Recipe (JSON-LD) file",
                arguments: [
                    .required("FILE", help: "The JSON-LD file, or - to read standard input")
                ]
            ) { values throws(UsageError) in
                try .recipeImport(file: values.argument("FILE"))
            },
            CommandSpec(
                "export", summary: "Print a recipe as schema.org Recipe JSON-LD",
                arguments: [recipe]
            ) { values throws(UsageError) in
                try .recipeExport(name: values.argument("NAME"))
            },
        ])
}
