/// What an edit does to one optional field: leaves it, sets it, or clears it.
public enum Edit<Value: Sendable & Hashable>: Sendable, Hashable {
    case keep
    case set(Value)
    case clear

    /// The edit for a value given or not: `nil` keeps the field.
    public init(_ value: Value?) { self = value.map(Edit.set) ?? .keep }

    /// The value after the edit, given the value before it.
    func applied(to old: Value?) -> Value? {
        switch self {
        case .keep: old
        case .set(let value): value
        case .clear: nil
        }
    }

    var isKeep: Bool { self == .keep }
}
