import OursHousehold
import OursSync

/// `ours completion bash|zsh|fish`: a completion script for the shell, generated from the
/// command tree, that also completes names of lists, items, recipes, members and more.
protocol CompletionScriptCommand: OursCommand {
    init()

    /// The script, from the `CompletionScript` of the whole tree.
    static func script(_ script: CompletionScript) -> String
}

extension CompletionScriptCommand {
    static func parse(_ values: ParsedValues) -> Self { Self() }

    static var discussion: String {
        "Completes commands, options, and the names of your lists, items, recipes, members, households, "
            + "categories, chores, tasks and memories."
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        context.console.out(Self.script(OursCompletion.script))
        return 0
    }
}

struct BashCompletionCommand: CompletionScriptCommand {
    static let spec = Spec(
        "bash", summary: "Print the completion script for bash", discussion: discussion,
        examples: ["source <(ours completion bash)      # in ~/.bashrc"])
    static func script(_ script: CompletionScript) -> String { script.bash() }
}

struct ZshCompletionCommand: CompletionScriptCommand {
    static let spec = Spec(
        "zsh", summary: "Print the completion script for zsh", discussion: discussion,
        examples: ["source <(ours completion zsh)       # in ~/.zshrc"])
    static func script(_ script: CompletionScript) -> String { script.zsh() }
}

struct FishCompletionCommand: CompletionScriptCommand {
    static let spec = Spec(
        "fish", summary: "Print the completion script for fish", discussion: discussion,
        examples: ["ours completion fish > ~/.config/fish/completions/ours.fish"])
    static func script(_ script: CompletionScript) -> String { script.fish() }
}

/// `ours completion names KIND`: the names completion offers, one per line. Quiet and empty
/// when there is no device or household yet: a shell is completing, nobody is reading errors.
struct CompletionNamesCommand: OursCommand {
    static let kind: Argument<NameKind> = .choice("KIND", help: "What to list the names of")

    static let spec = Spec(
        "names", summary: "Print names for shell completion, one per line",
        examples: ["ours completion names lists"], arguments: [kind])

    let kind: NameKind

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(kind: values[kind])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let names = (try? kind.names(context)) ?? []
        for name in names { context.say(name) }
        return 0
    }
}
