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

    /// The sentence the command prints.
    public func message(household: String) -> String {
        switch self {
        case .removed: "You were removed from \(household). This device keeps a read-only copy."
        case .dissolved: "\(household) was dissolved by its owner. This device keeps a read-only copy."
        case .left: "You left \(household). This device keeps a read-only copy."
        case .deviceRemoved:
            "This device was removed from your devices in \(household). It keeps a read-only copy; its changes are ignored."
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
