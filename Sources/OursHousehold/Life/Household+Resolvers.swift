import OursSync

// How each kind of record is found from what a person types, and what tells two of one name
// apart. Every command that acts on one record finds it through one of these resolvers (see
// `Resolver`), so every kind answers alike.
extension Household {
    /// Lists by id or name; the hint for a name that matches none lists `known`.
    static func listResolver(_ known: [GroceryList], typed: String = "NAME") -> Resolver<GroceryList> {
        Resolver(
            "list", id: \.id, name: \.name,
            notFoundHint: known.isEmpty
                ? "Create it with `ours list create \"\(NameKey.display(typed))\"`."
                : "Lists: \(known.map(\.name).joined(separator: ", ")).")
    }

    /// Items, each with its list, by id or name; several of one name are told apart by `--list`.
    static func itemResolver(hint: String? = nil) -> Resolver<(GroceryItem, GroceryList)> {
        Resolver("item", id: \.0.id, name: \.0.name, scope: .init(flag: "--list") { $0.1.name }, notFoundHint: hint)
    }

    /// Categories by id or name.
    static func categoryResolver() -> Resolver<ItemCategory> {
        Resolver(
            "category", plural: "categories", id: \.id, name: \.name, notFoundHint: "`ours categories` lists them.")
    }

    /// Ingredients by id or name; any way of writing one names it ("Fresh Basil" is basil).
    static func ingredientResolver() -> Resolver<KnownIngredient> {
        Resolver(
            "ingredient", id: \.id, name: \.name, sameName: IngredientName.canonical,
            notFoundHint: "`ours ingredients` lists them; an ingredient is remembered once it is added to a list or a recipe.")
    }

    /// Recipes by id or title; titles that differ only in punctuation are the same title
    /// (`RecipeTitle`), and two recipes of one title are told apart by id, each shown with when
    /// and by whom it was made.
    func recipeResolver() -> Resolver<Recipe> {
        Resolver(
            "recipe", id: \.id, name: \.name, scope: .init(flag: nil) { recipe in (try? originLabel(of: recipe)) },
            sameName: RecipeTitle.key, notFoundHint: "`ours recipes` lists them; `ours recipe add NAME` adds one.")
    }

    /// Planned meals by id (`2025-03-14-dinner`) or name, each shown with its day and slot.
    static func mealResolver() -> Resolver<PlannedMeal> {
        Resolver(
            "planned meal", id: \.id, name: \.name, scope: .init(flag: nil) { $0.when },
            notFoundHint:
                "Name a meal planned from this week on, or give its day and meal (`ours meal show friday dinner`); `ours meals` shows the week."
        )
    }

    /// Chores by id or name.
    static func choreResolver() -> Resolver<Chore> {
        Resolver("chore", id: \.id, name: \.name, notFoundHint: "`ours chores` lists them.")
    }

    /// Projects by id or name; the hint for a name that matches none lists `known`.
    static func projectResolver(_ known: [Project]) -> Resolver<Project> {
        Resolver(
            "project", id: \.id, name: \.name,
            notFoundHint: known.isEmpty
                ? "`ours project add NAME` adds one." : "Projects: \(known.map(\.name).joined(separator: ", ")).")
    }

    /// Tasks by id or title; several of one title are told apart by `--project`.
    static func taskResolver(hint: String? = "`ours tasks` lists the open tasks.") -> Resolver<HouseholdTask> {
        Resolver("task", id: \.id, name: \.name, scope: .init(flag: "--project") { $0.project }, notFoundHint: hint)
    }

    /// Memories by id or title, each shown with its day and who it is for; memories of one
    /// title (a birthday every year) are told apart by those, or by id.
    static func memoryResolver(members: [Member]) -> Resolver<Memory> {
        Resolver(
            "memory", plural: "memories", id: \.id, name: \.title,
            scope: .init(flag: nil) { memory in
                let facts = [memory.date?.description, memory.recipientName(among: members).map { "for " + $0 }]
                let label = facts.compactMap { $0 }.joined(separator: ", ")
                return label.isEmpty ? nil : label
            },
            notFoundHint: "`ours memories` lists them; `ours memory add TITLE` adds one.")
    }

    /// Members by participant id or name, each shown with their id; the hint lists `active`.
    static func memberResolver(_ active: [Member]) -> Resolver<Member> {
        Resolver(
            "member", id: \.id, name: \.name, scope: .init(flag: nil) { $0.id },
            notFoundHint: "Members: \(active.map(\.name).joined(separator: ", ")). `ours members` lists them.")
    }

    /// Deleted records of one kind by id or name, each shown with where it was.
    static func deletedResolver(_ kind: RecordKind) -> Resolver<DeletedRecord> {
        Resolver(
            "deleted \(kind.rawValue)", plural: "deleted \(kind.plural)", id: \.record.id, name: \.record.name,
            scope: .init(flag: nil) { $0.record.context },
            notFoundHint: "`ours deleted --type \(kind.rawValue)` lists what was deleted.")
    }
}
