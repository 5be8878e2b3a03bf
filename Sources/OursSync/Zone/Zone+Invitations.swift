extension Zone {
    /// The invitations still waiting for someone: this household's codes that can still be
    /// used (not expired, used up or revoked), newest first. The owner sees every one; anyone
    /// else sees the codes they made.
    /// - Parameter now: the time the codes are judged at (the device clock's now).
    public func pendingInvitations(now: Int64) throws(OursError) -> [ShareCode] {
        guard let membership else { return [] }
        let identity = try device.requireIdentity()
        return try codes().filter { code in
            code.status(nowMillis: now) == .active && (membership.role == .owner || code.createdBy == identity.participantID)
        }
    }
}
