/// How this device's membership of a household ended: it was removed, the owner dissolved the
/// household, or its person left. A sync pass learns it from the household's documents.
public enum LifecycleEvent: String, Sendable {
    /// The owner removed this device's person from the household.
    case removed
    /// The owner dissolved the household.
    case dissolved
    /// This device's person left the household.
    case left
    /// One of this person's other devices removed this device.
    case deviceRemoved
    /// This device recovered the household with its recovery code, and every device set the
    /// recovery aside: another change it had not seen came first (the owner changed, or another
    /// device used the code).
    case recoveryRefused

    /// The sentence the command prints.
    public func message(household: String) -> String {
        switch self {
        case .removed: "You were removed from \(household). This device keeps a read-only copy."
        case .dissolved: "\(household) was dissolved by its owner. This device keeps a read-only copy."
        case .left: "You left \(household). This device keeps a read-only copy."
        case .deviceRemoved:
            "This device was removed from your devices in \(household). It keeps a read-only copy; its changes are ignored."
        case .recoveryRefused:
            "Your recovery of \(household) did not take effect: a change made at the same time that it had not seen came "
                + "first (the owner changed, or another device used the code). This device keeps a read-only copy."
        }
    }
}

extension LifecycleEvent {
    /// The event that left a membership in `status` (`.left` for an active one, which has none).
    public init(_ status: Membership.Status) {
        switch status {
        case .removed: self = .removed
        case .dissolved: self = .dissolved
        case .left, .active: self = .left
        }
    }
}
