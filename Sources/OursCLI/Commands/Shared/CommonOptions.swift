/// Options that several commands declare alike, so they read the same in every help page.
extension Option where Value == Bool {
    /// `-y, --yes`, for commands that would otherwise ask before doing something for good.
    static var yes: Self { .flag("yes", short: "y", help: "Go ahead without asking to confirm") }
    /// `--yes` on a deletion that asks nothing (it can be restored): taken, as by every other
    /// rm, so a script may pass it everywhere.
    static var yesTaken: Self { .flag("yes", short: "y", help: "Taken for scripts; this asks nothing (it can be restored)") }
}

extension Option where Value == String? {
    /// `-l, --list NAME`, with the help that fits the command.
    static func list(_ help: String) -> Self {
        .value("list", short: "l", placeholder: "NAME", help: help)
    }
}
