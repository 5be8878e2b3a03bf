/// What this device had recorded of its own place in a household that the household's
/// documents, as every device admits them, no longer say: its own leave or dissolution, or a
/// removal it learnt, when an action taken at the same time on a device it had not seen came
/// first (a removal before a leave, say, or the removal of the device that dissolved); or its
/// person's role, when ownership was handed over — to them, away from them, or, when their own
/// hand-over did not take effect, back. The device follows the documents, and says so.
public struct MembershipCorrection: Sendable, Equatable {
    /// What this device had recorded.
    public var was: Membership.Status
    /// What the household's documents say, which this device now follows.
    public var now: Membership.Status
    /// How the membership ended, when it did (`nil` while the device is a member).
    public var ended: LifecycleEvent?
    /// Whether what this device had recorded was set aside (its leave or dissolution did not
    /// take effect, or the removal it learnt was undone), rather than followed by something new
    /// (a removal after its person left, say).
    public var overruled: Bool
    /// This device's person's role now, when it changed (`nil` when it did not).
    public var role: Participant.Role?
    /// The owner's name, as the documents say.
    public var owner: String
    /// Why, in the words of the rules every device applies, when this device's own action was
    /// set aside (empty when it was not, or when this device no longer holds that write).
    public var reason: String

    package init(
        was: Membership.Status, now: Membership.Status, ended: LifecycleEvent?, overruled: Bool, role: Participant.Role?,
        owner: String, reason: String
    ) {
        self.was = was
        self.now = now
        self.ended = ended
        self.overruled = overruled
        self.role = role
        self.owner = owner
        self.reason = reason
    }

    /// The sentence the command prints.
    public func message(household: String) -> String {
        let why = reason.isEmpty ? "" : " (\(reason))"
        var sentences: [String] = []
        switch was {
        case .left where overruled: sentences.append("Your leaving \(household) did not take effect\(why).")
        case .dissolved where overruled: sentences.append("Your dissolution of \(household) did not take effect\(why).")
        case .removed where overruled: sentences.append("Your removal from \(household) did not take effect\(why).")
        default: break
        }
        if now == .active {
            if was != .active { sentences.append("\(household) goes on, and this device syncs it again.") }
            switch role {
            case .owner?:
                sentences.append(
                    was == .active && !reason.isEmpty
                        ? "You still own \(household): your hand-over did not take effect\(why)." : "You own \(household) now.")
            case .member?: sentences.append("\(owner) owns \(household) now; you are a member.")
            case nil: break
            }
        } else {
            sentences.append((ended ?? LifecycleEvent(now)).message(household: household))
        }
        return sentences.joined(separator: " ")
    }

    /// As `ours sync --json` prints it (docs/JSON.md).
    public var json: JSONValue {
        [
            "was": .string(was.rawValue), "now": .string(now.rawValue), "ended": ended.map { .string($0.rawValue) } ?? .null,
            "overruled": .bool(overruled), "role": role.map { .string($0.rawValue) } ?? .null, "owner": .string(owner),
            "reason": .string(reason),
        ]
    }
}
