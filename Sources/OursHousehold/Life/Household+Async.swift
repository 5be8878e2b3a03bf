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

extension Household {
    /// Runs `body` as one change of the household: every record the calls in it change is
    /// saved when it returns, all together, or none when it throws (see `Zone.write`).
    ///
    /// ```swift
    /// try household.write {
    ///     _ = try household.add(["Yeast", "Salt"])
    ///     _ = try household.check("Milk", on: nil)
    /// }
    /// ```
    @discardableResult
    public func write<T>(_ body: () throws(OursError) -> T) throws(OursError) -> T {
        try zone.write(body)
    }

    /// `write` off the caller's executor (as `perform`): the task is suspended, not blocked,
    /// while the device lock is taken and the records are saved.
    ///
    /// ```swift
    /// try await household.write { household throws(OursError) in
    ///     _ = try household.add(["Yeast", "Salt"])
    ///     _ = try household.check("Milk", on: nil)
    /// }
    /// ```
    @discardableResult
    public func write<T: Sendable>(_ body: @escaping @Sendable (Household) throws(OursError) -> T) async throws(OursError) -> T {
        try await perform { household throws(OursError) -> T in
            try household.write { () throws(OursError) -> T in try body(household) }
        }
    }
}
