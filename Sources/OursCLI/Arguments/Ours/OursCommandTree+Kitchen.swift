/// The cooking part of "Household life": recipes and the meal plan.
extension OursCommandTree {
    static let kitchenCommands: [Node] = [
        Node(
            "recipe", summary: "Add, show, favourite, shop for, import or export a recipe",
            subcommands: [
                RecipeAddCommand.node(), RecipeShowCommand.node(), RecipeFavoriteCommand.node(),
                RecipeUnfavoriteCommand.node(), RecipeToListCommand.node(), RecipeImportCommand.node(),
                RecipeExportCommand.node(),
            ]),
        RecipesCommand.node(),
        PlanCommand.node(),
        MealsCommand.node(MealsToListCommand.node()),
    ]
}
