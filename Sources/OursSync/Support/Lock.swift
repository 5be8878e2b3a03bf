import Foundation

/// A small lock that works on every platform we ship to (`Mutex` needs macOS 15 / iOS 18).
package final class Lock: @unchecked Sendable {
    private let lock = NSLock()

    package init() {}

    package func withLock<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}

/// A value behind a lock, for state shared between tasks and threads.
package final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) { self.value = value }

    package func withLock<T, E: Error>(_ body: (inout Value) throws(E) -> T) throws(E) -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    package var current: Value { withLock { $0 } }
}
