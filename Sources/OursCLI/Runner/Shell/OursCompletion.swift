import OursHousehold
import OursSync

/// What names a shell can complete, and where in `ours`'s command lines they go.
enum NameKind: String, ArgumentChoice {
    case lists, items, recipes, members, households, categories, chores, tasks, memories

    func names(_ context: CommandContext) throws(OursError) -> [String] {
        if self == .households { return try context.device.memberships().map(\.name) }
        let household = try context.household()
        switch self {
        case .lists: return try household.lists().map(\.name)
        case .items: return try household.items(on: household.lists()).values.flatMap { $0 }.map(\.name)
        case .recipes: return try household.recipes().map(\.name)
        case .members: return try household.members().map(\.name)
        case .categories: return try household.categories().map(\.name)
        case .chores: return try household.chores().map(\.name)
        case .tasks: return try household.tasks().map(\.name)
        case .memories: return try household.memories().map(\.title)
        case .households: return []
        }
    }
}

/// The completion script for `ours`, from the command tree.
enum OursCompletion {
    static let table = CommandTable(root: OursCommandTree.root, globalOptions: OursCommandTree.globalOptions)

    static let script = CompletionScript(
        table: table, namesCommand: ["completion", "names"], argumentWords: argumentWords, optionWords: optionWords)

    /// Names by the argument's placeholder; `NAME` by the family of the command it belongs to.
    @Sendable static func argumentWords(_ path: [String], _ argument: ArgumentSpec) -> CompletionScript.Words? {
        switch argument.name {
        case "ITEM": return path.first == "add" ? nil : .names(NameKind.items.rawValue)
        case "MEMBER": return .names(NameKind.members.rawValue)
        case "RECIPE": return .names(NameKind.recipes.rawValue)
        case "LIST": return .names(NameKind.lists.rawValue)
        case "FILE": return .files
        case "NAME":
            let family: [String: NameKind] = [
                "list": .lists, "recipe": .recipes, "household": .households, "chore": .chores, "task": .tasks,
                "category": .categories, "memory": .memories,
            ]
            guard let first = path.first, let kind = family[first], path.count > 1, path[1] != "create",
                path[1] != "add"
            else { return nil }
            return .names(kind.rawValue)
        default: return nil
        }
    }

    /// Names by the option: `--list` takes a list's name, `--folder` a path.
    @Sendable static func optionWords(_ option: OptionSpec) -> CompletionScript.Words? {
        switch option.name {
        case "list": .names(NameKind.lists.rawValue)
        case "household": .names(NameKind.households.rawValue)
        case "category": .names(NameKind.categories.rawValue)
        case "assign", "for": .names(NameKind.members.rawValue)
        case "folder", "home", "out": .files
        default: nil
        }
    }
}
