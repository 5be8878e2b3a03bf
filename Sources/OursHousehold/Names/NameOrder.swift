import Foundation

extension NameKey {
    /// `items` in name order (by `normalize`), then by id: each key computed once, because
    /// normalizing is far dearer than comparing.
    static func sortedByName<T>(_ items: [T], name: (T) -> String, id: (T) -> String) -> [T] {
        sorted(items, by: items.map { normalizedUTF8(name($0)) }, id: id)
    }

    /// `items` by `keys` (one a item, precomposed text as UTF-8), then by id. Comparing the bytes
    /// gives the order `String` gives the text (`String` orders precomposed text by its
    /// scalars, which UTF-8 keeps), at a fraction of the cost.
    static func sorted<T>(_ items: [T], by keys: [[UInt8]], id: (T) -> String) -> [T] {
        let ids = items.map { Array(id($0).utf8) }
        return items.indices.sorted { a, b in
            let byKey = compareBytes(keys[a], keys[b])
            return byKey != 0 ? byKey < 0 : compareBytes(ids[a], ids[b]) < 0
        }
        .map { items[$0] }
    }

    /// A text as the bytes `sorted(_:by:id:)` compares: its UTF-8, precomposed first unless it
    /// is ASCII (which is precomposed already).
    static func sortingUTF8(_ text: String) -> [UInt8] {
        text.utf8.allSatisfy { $0 < 0x80 } ? Array(text.utf8) : Array(text.precomposedStringWithCanonicalMapping.utf8)
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
