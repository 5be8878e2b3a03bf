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

    /// The member a name means: a participant id (of a member who has left too), `me`, or the
    /// name of a member who has not left (any case; a unique beginning will do).
    /// - Throws: `.notFound` for an unknown name, `.usage` when several members match.
    public func member(named name: String) throws(OursError) -> Member {
        let all = try members()
        if name.lowercased() == "me", let mine = all.first(where: { $0.id == (try? me()) }) { return mine }
        let typed = name.trimmingWhitespace.lowercased()
        let active = all.filter(\.active)
        return try Household.memberResolver(active).resolve(name, in: all.filter { $0.active || $0.id == typed })
    }

    /// The member's name for a participant id, when known.
    func memberName(_ id: String?, in members: [Member]) -> String? {
        guard let id else { return nil }
        return members.first { $0.id == id }?.name
    }
}
