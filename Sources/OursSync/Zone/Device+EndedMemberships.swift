extension Device {
    /// Every household this device's membership of had ended, looked at again where its folder
    /// is there: the ones whose documents now say otherwise, and what changed. A household this
    /// device is a member of again becomes the one in use when none is.
    public func reconsiderEndedMemberships() throws(OursError) -> [(Membership, MembershipCorrection)] {
        var result: [(Membership, MembershipCorrection)] = []
        for membership in try memberships() where membership.status != .active {
            let zone = Zone(device: self, membership: membership)
            guard let correction = try zone.context.reconsiderEndedMembership() else { continue }
            result.append((zone.membership ?? membership, correction))
        }
        return result
    }
}
