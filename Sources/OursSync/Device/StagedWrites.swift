/// The record changes of an open `Zone.write`, kept in memory until the outermost write ends:
/// each record read once, changed any number of times, and saved once.
struct StagedWrites: Sendable {
    /// Each record as the replica held it before the write (`nil`: new), and as it is now.
    private(set) var records: [RecordKey: (previous: RecordState?, state: RecordState)] = [:]
    /// The keys in the order they were first changed.
    private(set) var order: [RecordKey] = []

    mutating func stage(_ state: RecordState, previous: RecordState?) {
        if let held = records[state.key] {
            records[state.key] = (held.previous, state)
        } else {
            order.append(state.key)
            records[state.key] = (previous, state)
        }
    }

    var isEmpty: Bool { order.isEmpty }
}
