/// Taking a household's read-only copy back into this device's private data: what a member
/// typed while offline when the owner dissolved the household is not lost with the household.
extension Device {
    /// What `keep` moved.
    public struct KeptCopy: Sendable {
        /// The ended membership whose read-only copy was taken; it is no longer listed.
        public var membership: Membership
        /// Records that came into private data (deleted ones are left out).
        public var records: Int
        /// Of those, records this device had changed and the folder never received.
        public var unsynced: Int
    }

    /// Moves a read-only copy (after a dissolution, a removal or leaving) into this device's
    /// private data: every record that is not deleted, with its stamps, merged with a private
    /// record of the same id; then the copy is deleted from the device. The records are copied
    /// and made durable before the copy goes: a failure in between leaves them in both places,
    /// never in neither.
    /// - Throws: `.usage` for private data, `.notPermitted` for a household this device is
    ///   still active in, `.notFound` for an unknown one.
    public func keep(_ selector: String) throws(OursError) -> KeptCopy {
        guard let membership = try membership(matching: selector) else {
            throw .usage("\"\(selector)\" is your private data already", hint: "`ours household list` shows read-only copies.")
        }
        guard membership.status != .active else {
            throw .notPermitted(
                "\(membership.name) is not a read-only copy: you are still a member",
                hint: "Your records there are shared; `ours household leave` (or `dissolve`, for the owner) ends it first.")
        }
        return try withLock { () throws(OursError) -> KeptCopy in
            let copy = replica(membership.id)
            let personal = replica(Zone.privateID)
            let unsynced = Set(try copy.pendingKeys())
            var records = 0
            var changed = 0
            for key in try copy.keys() {
                guard let state = try copy.load(key), !state.isDeleted else { continue }
                let merged = try personal.load(key).map { $0.merging(state) } ?? state
                try personal.save(merged, durability: .deferred)
                records += 1
                if unsynced.contains(key) { changed += 1 }
            }
            try io { () throws(FileSystemError) in try fileSystem.flush(personal.directory) }
            let (current, memberships) = try loadMemberships()
            try saveMemberships(memberships.filter { $0.id != membership.id }, current: current == membership.id ? nil : current)
            try removeTree(copy.directory)
            return KeptCopy(membership: membership, records: records, unsynced: changed)
        }
    }
}
