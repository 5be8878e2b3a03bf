import OursHousehold

/// Declarations the chore and task commands share.
extension Option where Value == String? {
    /// `--assign MEMBER`.
    static var assign: Self { .value("assign", placeholder: "MEMBER", help: "Who does it") }

    /// `--project P`, with the help that fits the command.
    static func project(_ help: String) -> Self { .value("project", placeholder: "P", help: help) }

    /// `--rotate MEMBERS`.
    static var rotate: Self {
        .value("rotate", placeholder: "MEMBERS", help: "Members taking turns, such as Sarah,Mike; each completion hands it on")
    }

    /// `--note TEXT`.
    static var choreNote: Self { .value("note", placeholder: "TEXT", help: "A note, such as what to remember; \"\" removes it") }
}

extension Option where Value == Bool {
    /// `--fixed`.
    static var fixed: Self {
        .flag("fixed", help: "Keep to the schedule: doing it late or early does not move the next due date")
    }
}

extension Option where Value == Recurrence? {
    /// `--every RULE`: how often a chore comes round; `required` for a new chore.
    static func every(required: Bool) -> Self {
        let spec = OptionSpec.value(
            "every", placeholder: "RULE", required: required,
            help: "How often: 7d, \"2 weeks\", monthly, monday, mon,thu, \"the 1st\", \"day 15\"")
        return Option(spec: spec) { values throws(UsageError) in
            guard let text = values.texts(of: spec).last else { return nil }
            guard let rule = Recurrence(text) else {
                throw .invalidValue(
                    spec.longForm, value: text,
                    expected: "a rule such as 7d, \"2 weeks\", monthly, \"every 3 months\", monday, mon,thu or \"the 1st\"",
                    command: values.command)
            }
            return rule
        }
    }
}

extension Argument where Value == String {
    /// `NAME`: a chore's name or id.
    static var choreName: Self { .required("NAME", help: "The chore's name (a unique beginning will do) or id") }
}
