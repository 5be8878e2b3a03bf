import Dispatch

extension Array where Element: Sendable {
    /// `map`, spread over the processor's cores, with the results in order. Below `spreadFrom`
    /// elements it is a plain `map`: starting threads costs more than a short job saves.
    func concurrentMap<T>(spreadFrom: Int = 2, _ transform: @Sendable (Element) -> T) -> [T] {
        guard count >= Swift.max(2, spreadFrom) else { return map(transform) }
        var results = [T?](repeating: nil, count: count)
        results.withUnsafeMutableBufferPointer { buffer in
            let slots = DisjointSlots(buffer)
            DispatchQueue.concurrentPerform(iterations: count) { at in
                slots.buffer[at] = transform(self[at])  // each slot written by one iteration only
            }
        }
        return results.map { $0! }
    }
}

/// A buffer handed to threads that each write their own elements of it.
private struct DisjointSlots<T>: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<T?>
    init(_ buffer: UnsafeMutableBufferPointer<T?>) { self.buffer = buffer }
}
