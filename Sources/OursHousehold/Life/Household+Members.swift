import OursSync

extension Household {
    /// The people chores and tasks can go to: the household's participants who have not left
    /// or been removed; for a device's private data, its own person.
    public func members() throws(OursError) -> [Member] {
        let participants = try zone.manifest().sorted
        if participants.isEmpty, let identity = try zone.device.identity() {
            return [Member(id: identity.participantID, name: identity.name)]
        }
        return participants.map { Member(id: $0.id, name: $0.name, active: $0.status == .active || $0.status == .pending) }
    }

    /// The member a name means: a participant id, `me`, or a name (any case; a unique
    /// beginning will do).
    /// - Throws: `.notFound` for an unknown name, `.usage` when several members match.
    public func member(named name: String) throws(OursError) -> Member {
        let all = try members()
        if let exact = all.first(where: { $0.id == name }) { return exact }
        if name.lowercased() == "me", let mine = all.first(where: { $0.id == (try? me()) }) { return mine }
        let active = all.filter(\.active)
        return try NameMatch.find(
            name, in: active, name: \.name, label: { "\($0.name) (\($0.id))" }, what: "member",
            hint: "Members: \(active.map(\.name).joined(separator: ", ")). `ours members` lists them.",
            ambiguityHint: "Use the member's id (`ours members --json` shows it).")
    }

    /// The member's name for a participant id, when known.
    func memberName(_ id: String?, in members: [Member]) -> String? {
        guard let id else { return nil }
        return members.first { $0.id == id }?.name
    }
}
