import OursHousehold
import OursSync

/// `ours completion bash|zsh|fish`: a completion script for the shell, generated from the
/// command tree, that also completes names of lists, items, recipes, members and more.
struct CompletionCommand: OursCommand {
    enum Shell: String, ArgumentChoice {
        case bash, zsh, fish
    }

    static let shell: Argument<Shell> = .choice("SHELL", help: "bash, zsh or fish")

    static let spec = Spec(
        "completion", summary: "Print a shell completion script for ours",
        discussion: "Completes commands, options, and the names of your lists, items, recipes, members, "
            + "households, categories, chores and tasks.",
        examples: [
            "source <(ours completion bash)      # in ~/.bashrc",
            "source <(ours completion zsh)       # in ~/.zshrc",
            "ours completion fish > ~/.config/fish/completions/ours.fish",
        ],
        arguments: [shell])

    let shell: Shell

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(shell: values[shell])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let script = OursCompletion.script
        switch shell {
        case .bash: context.console.out(script.bash())
        case .zsh: context.console.out(script.zsh())
        case .fish: context.console.out(script.fish())
        }
        return 0
    }
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
