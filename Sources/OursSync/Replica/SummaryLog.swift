/// A summary log as read (see `SummaryIndex`): the base, one line per record, and the lines
/// appended since, folded to each id's last. Lines are kept as bytes and decoded only when a
/// reader asks, so counting 100,000 records allocates almost nothing.
struct SummaryLog {
    /// What an id's last line says.
    enum Last {
        /// Its summary: `\t<0|1>\t<value>…`.
        case summary(ArraySlice<UInt8>)
        /// A write was under way: its file decides.
        case pending
        case removed
    }

    let bytes: [UInt8]
    /// Where the base's lines are.
    let base: Range<Int>
    /// The appended lines, by id, folded.
    let tail: [Bytes: Last]

    /// A log's bytes; `nil` when its header is not valid (the log must be rebuilt). A last
    /// line without its newline (a writer's append under way) is left out.
    init?(_ bytes: [UInt8], type: String) {
        guard let headerEnd = bytes.firstIndex(of: 0x0A), let base = SummaryIndex.base(inHeader: bytes[..<headerEnd], type: type),
            headerEnd + 1 + base <= bytes.count
        else { return nil }
        self.bytes = bytes
        self.base = (headerEnd + 1)..<(headerEnd + 1 + base)
        var tail: [Bytes: Last] = [:]
        SummaryLog.lines(bytes[self.base.upperBound...]) { kind, id, rest in
            switch kind {
            case UInt8(ascii: "="): tail[Bytes(id)] = .summary(rest)
            case UInt8(ascii: "?"): tail[Bytes(id)] = .pending
            case UInt8(ascii: "-"): tail[Bytes(id)] = .removed
            default: break
            }
        }
        self.tail = tail
    }

    /// Calls `body` with each id's last line, base first (in the order written), then the rest.
    func forEach<E: Error>(_ body: (_ id: ArraySlice<UInt8>, _ last: Last) throws(E) -> Void) throws(E) {
        var failure: E?
        SummaryLog.lines(bytes[base]) { kind, id, rest in
            guard failure == nil, kind == UInt8(ascii: "="), tail.isEmpty || tail[Bytes(id)] == nil else { return }
            do throws(E) { try body(id, .summary(rest)) } catch { failure = error }
        }
        if let failure { throw failure }
        for (id, last) in tail { try body(id.slice, last) }
    }

    /// Calls `body` with each whole line's kind byte, id and rest (from the tab on).
    private static func lines(
        _ bytes: ArraySlice<UInt8>, _ body: (_ kind: UInt8, _ id: ArraySlice<UInt8>, _ rest: ArraySlice<UInt8>) -> Void
    ) {
        let base = bytes.startIndex
        bytes.withUnsafeBufferPointer { buffer in
            var start = 0
            var idEnd: Int?
            for index in 0..<buffer.count {
                switch buffer[index] {
                case 0x09: if idEnd == nil { idEnd = index }
                case 0x0A:
                    if index > start + 1 {
                        let id = idEnd ?? index
                        body(buffer[start], bytes[(base + start + 1)..<(base + id)], bytes[(base + id)..<(base + index)])
                    }
                    start = index + 1
                    idEnd = nil
                default: continue
                }
            }
        }
    }

    /// Bytes as a dictionary key, hashed in one go.
    struct Bytes: Hashable {
        let slice: ArraySlice<UInt8>

        init(_ slice: ArraySlice<UInt8>) { self.slice = slice }

        static func == (left: Bytes, right: Bytes) -> Bool { left.slice.elementsEqual(right.slice) }

        func hash(into hasher: inout Hasher) {
            slice.withUnsafeBytes { hasher.combine(bytes: $0) }
        }
    }
}
