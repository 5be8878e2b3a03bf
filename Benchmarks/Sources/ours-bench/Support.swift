import Foundation

/// `base/components…`, with one slash between each.
func joinPath(_ base: String, _ components: String...) -> String {
    components.reduce(base) { path, component in path.hasSuffix("/") ? path + component : path + "/" + component }
}

/// A value behind a lock, for state the benchmarks share between threads.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    var current: Value { withLock { $0 } }
}
