import OursHousehold

/// Declarations the memory commands share, so they read the same in every help page.
extension Argument where Value == [String] {
    /// `NAME...`: a memory by its title (a unique beginning will do) or its id.
    static var memoryName: Self {
        .oneOrMore("NAME", help: "The memory's title (a unique beginning will do) or id; several words are joined")
    }
}

/// What the memory options say, given alike whether they set a field or edit it.
enum MemoryHelp {
    static let note = "What happened, in your own words"
    static let date = "The day it happened: YYYY-MM-DD, today, yesterday, or a weekday (the latest one)"
    static let person = "Who it is for: a member (by name, or me), or anyone's name, such as a grandchild's"
}

extension CommandContext {
    /// `2 Jun 2019, for Lily`: the day a memory happened, in people's words, and who it is for.
    func facts(of memory: Memory, in household: Household, members: [Member]) -> [String] {
        [
            memory.date.map { TimeText.day($0, today: household.today) },
            memory.recipientName(among: members).map { "for " + $0 },
        ].compactMap { $0 }
    }

    /// `First steps (2 Jun 2019, for Lily)`: a memory as messages name it.
    func label(of memory: Memory, in household: Household, members: [Member]) -> String {
        let facts = facts(of: memory, in: household, members: members)
        return bold(memory.title) + (facts.isEmpty ? "" : " (" + facts.joined(separator: ", ") + ")")
    }
}
