import OursSync

extension Household {
    /// The asynchronous form of every call on the household: `body` runs on the library's own
    /// dispatch queue, never on the caller's executor (the main actor, an actor, the
    /// cooperative pool), and its result or error comes back to the awaiting task.
    ///
    /// ```swift
    /// let items = try await household.perform { try $0.items(on: $0.list(named: nil)) }
    /// try await household.perform { try $0.check(itemID: id) }
    /// ```
    ///
    /// The error is what `body` throws: `any Error` for a plain closure, `OursError` for one
    /// that says so (`{ household throws(OursError) in try household.lists() }`).
    ///
    /// Changes take the device lock, which may wait for another process (a watcher's pass, a
    /// command): the task is suspended meanwhile, not blocked. Cancelling the task does not
    /// stop a call that has started.
    public func perform<T: Sendable, E: Error>(
        _ body: @escaping @Sendable (Household) throws(E) -> T
    ) async throws(E) -> T {
        try await zone.perform { _ throws(E) -> T in try body(self) }
    }
}
