/// Declarations the chore and task commands share.
extension Option where Value == String? {
    /// `--assign MEMBER`.
    static var assign: Self { .value("assign", placeholder: "MEMBER", help: "Who does it") }

    /// `--project P`, with the help that fits the command.
    static func project(_ help: String) -> Self { .value("project", placeholder: "P", help: help) }
}
