extension NameKey {
    /// `items` in name order (by `normalize`), then by id: each key computed once, because
    /// normalizing is far dearer than comparing, and compared as UTF-8 bytes. That is the
    /// order `String` gives these keys (both are precomposed, and `String` orders precomposed
    /// text by its scalars, which UTF-8 keeps), at a fraction of the cost.
    static func sortedByName<T>(_ items: [T], name: (T) -> String, id: (T) -> String) -> [T] {
        let keys = items.map { (normalizedUTF8(name($0)), Array(id($0).utf8)) }
        return items.indices.sorted { a, b in
            let byName = compareBytes(keys[a].0, keys[b].0)
            return byName != 0 ? byName < 0 : compareBytes(keys[a].1, keys[b].1) < 0
        }
        .map { items[$0] }
    }

    /// Negative, zero or positive as `a` sorts before, with or after `b`, byte by byte.
    static func compareBytes(_ a: [UInt8], _ b: [UInt8]) -> Int {
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                for index in 0..<min(a.count, b.count) where a[index] != b[index] {
                    return Int(a[index]) - Int(b[index])
                }
                return a.count - b.count
            }
        }
    }
}
