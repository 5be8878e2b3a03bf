import Dispatch

/// Where the library's blocking calls run when an app awaits them: file I/O, `fsync`, and the
/// device lock (which waits while another process holds it) must not tie up a thread of
/// Swift's cooperative pool, nor an actor — the main actor least of all.
package enum BlockingWork {
    /// Concurrent: reads run side by side; changes take turns on the device lock.
    static let queue = DispatchQueue(label: "ours.blocking", qos: .userInitiated, attributes: .concurrent)

    /// Runs `body` on the library's own queue and resumes the caller with its result. The
    /// caller's task waits without holding its executor. A cancelled task still waits for
    /// `body` to finish: a write is never cut in half.
    package static func run<T: Sendable, E: Error>(_ body: @escaping @Sendable () throws(E) -> T) async throws(E) -> T {
        let result: Result<T, E> = await withCheckedContinuation { continuation in
            queue.async {
                do throws(E) {
                    continuation.resume(returning: .success(try body()))
                } catch {
                    continuation.resume(returning: .failure(error))
                }
            }
        }
        return try result.get()
    }
}

extension Device {
    /// Runs blocking calls on this device off the caller's executor (see `Zone.perform(_:)`).
    public func perform<T: Sendable, E: Error>(_ body: @escaping @Sendable (Device) throws(E) -> T) async throws(E) -> T {
        try await BlockingWork.run { () throws(E) -> T in try body(self) }
    }
}

extension Zone {
    /// The asynchronous form of every blocking call on a household: `body` runs on the
    /// library's own dispatch queue, never on the caller's executor, and its result or error
    /// comes back to the awaiting task.
    ///
    /// ```swift
    /// let report = try await zone.perform { try $0.sync() }
    /// let milk = try await zone.perform { try $0.put(type: "item", fields: ["name": "Milk"]) }
    /// ```
    ///
    /// The error is what `body` throws: `any Error` for a plain closure, `OursError` for one
    /// that says so (`{ zone throws(OursError) in try zone.sync() }`).
    ///
    /// Calls that change the household take the device lock, which may wait for another
    /// process; the awaiting task is suspended meanwhile, not blocked. Cancelling the task
    /// does not stop a call that has started.
    public func perform<T: Sendable, E: Error>(_ body: @escaping @Sendable (Zone) throws(E) -> T) async throws(E) -> T {
        try await BlockingWork.run { () throws(E) -> T in try body(self) }
    }
}
