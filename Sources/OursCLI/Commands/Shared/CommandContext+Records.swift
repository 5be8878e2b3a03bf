import OursHousehold
import OursSync

extension CommandContext {
    /// `Fri 2025-03-14 10:00` for an ISO 8601 instant, in the household's time zone; the text
    /// itself when it is not one.
    func localTime(_ instant: String?, in household: Household) -> String {
        guard let instant else { return "" }
        return UTCTime.parseISO8601(instant).map(household.localTime) ?? instant
    }

    /// `Sarah` for a participant id, or the id when no member has it.
    func memberName(_ id: String?, in members: [Member]) -> String {
        guard let id else { return "someone" }
        return members.first { $0.id == id }?.name ?? id
    }

    /// The first line of a record's page in `show` commands: its name in bold, then facts, dimmed.
    func heading(_ name: String, _ facts: [String?]) {
        let facts = facts.compactMap { $0 }.filter { !$0.isEmpty }
        say(bold(name) + (facts.isEmpty ? "" : "  " + dim(facts.joined(separator: " · "))))
    }
}

extension Argument where Value == String {
    /// `NAME`: a record named by its name (any case, a unique beginning) or its id.
    static func recordName(_ what: String) -> Self {
        .required("NAME", help: "The \(what)'s name (a unique beginning will do) or id")
    }
}
