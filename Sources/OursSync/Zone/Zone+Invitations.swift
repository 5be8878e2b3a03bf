extension Zone {
    /// The invitations still waiting for someone: this household's codes that can still be
    /// used (not expired, used up or revoked), newest first. The owner sees every one; anyone
    /// else sees the codes they made. None for private data or a read-only copy, and none while
    /// the shared folder is unavailable (the codes are files there; the members are not).
    /// - Parameter now: the time the codes are judged at (the device clock's now).
    public func pendingInvitations(now: Int64) throws(OursError) -> [ShareCode] {
        guard let membership, membership.status == .active else { return [] }
        let identity = try device.requireIdentity()
        let codes: [ShareCode]
        do { codes = try self.codes() } catch {
            if error.kind == .folderUnavailable { return [] }
            throw error
        }
        return codes.filter { code in
            code.status(nowMillis: now) == .active && (membership.role == .owner || code.createdBy == identity.participantID)
        }
    }
}
