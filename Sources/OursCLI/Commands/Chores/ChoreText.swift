import Foundation
import OursHousehold

/// How chores read in the commands' plain output.
enum ChoreText {
    /// `every Monday`, `every 2 weeks (fixed)`.
    static func howOften(_ chore: Chore) -> String {
        chore.schedule.rule.phrase + (chore.schedule.fixed && !chore.schedule.rule.isDayRule ? " (fixed)" : "")
    }

    /// `Sarah`, `Sarah, then Mike`, or empty: who is up, and who follows in a rotation.
    static func who(_ chore: Chore, _ members: [Member]) -> String {
        func name(_ id: String) -> String { members.first { $0.id == id }?.name ?? id }
        guard !chore.rotation.isEmpty else { return chore.assignee.map(name) ?? "" }
        return chore.rotationOrder.map(name).joined(separator: ", then ")
    }

    /// `paused`, `now`, `in 3d`, `overdue 2d`.
    static func due(_ chore: Chore, now: Int64) -> String {
        guard !chore.paused else { return "paused" }
        let phrase = DueText.phrase(chore.nextDue, now: now)
        return phrase.hasSuffix(" ago") ? "overdue " + phrase.dropLast(4) : phrase
    }

    /// The same as a clause of a sentence: `due in 7d`, `due now`, `overdue by 8h`, `paused`.
    static func dueClause(_ chore: Chore, now: Int64) -> String {
        let phrase = due(chore, now: now)
        if phrase == "paused" { return phrase }
        if phrase.hasPrefix("overdue ") { return "overdue by " + phrase.dropFirst(8) }
        return "due " + phrase
    }

    /// A name for a participant id: the member's name, or the id when they are unknown here.
    static func person(_ id: String?, _ members: [Member]) -> String {
        guard let id else { return "someone" }
        return members.first { $0.id == id }?.name ?? id
    }
}

extension ChoreText {
    /// `Sarah,Mike` or `Sarah, Mike` as names.
    static func names(_ text: String) -> [String] {
        text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
    }
}
