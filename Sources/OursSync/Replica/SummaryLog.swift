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
    /// One bit per tail id's `quickHash`: a base line whose bit is clear has no later line,
    /// so most lines of a log with a tail are passed without a dictionary lookup.
    private let tailBits: [UInt64]

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
        let wanted = max(64, tail.count * 16)  // bits: a few percent of base lines pass
        var bits = [UInt64](repeating: 0, count: (1 << (Int.bitWidth - (wanted - 1).leadingZeroBitCount)) / 64)
        for id in tail.keys { SummaryLog.setBit(&bits, id.quickHash) }
        tailBits = bits
    }

    /// Whether an id may have a line in the tail: `false` means it has none.
    private func mayBeInTail(_ id: ArraySlice<UInt8>) -> Bool {
        let bit = SummaryLog.bit(Bytes.quickHash(id), in: tailBits.count)
        return tailBits[bit >> 6] & (1 << UInt64(bit & 63)) != 0
    }

    private static func bit(_ hash: UInt64, in words: Int) -> Int { Int(truncatingIfNeeded: hash >> 32) & (words * 64 - 1) }

    private static func setBit(_ bits: inout [UInt64], _ hash: UInt64) {
        let bit = SummaryLog.bit(hash, in: bits.count)
        bits[bit >> 6] |= 1 << UInt64(bit & 63)
    }

    /// Calls `body` with each id's last line, base first (in the order written), then the rest.
    func forEach<E: Error>(_ body: (_ id: ArraySlice<UInt8>, _ last: Last) throws(E) -> Void) throws(E) {
        var failure: E?
        SummaryLog.lines(bytes[base]) { kind, id, rest in
            guard failure == nil, kind == UInt8(ascii: "="), tail.isEmpty || !mayBeInTail(id) || tail[Bytes(id)] == nil else {
                return
            }
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
            // A last line without its newline is left out.
            while let end = ByteSearch.first(0x0A, in: buffer, from: start, to: buffer.count) {
                if end > start + 1 {
                    let id = ByteSearch.first(0x09, in: buffer, from: start, to: end) ?? end
                    body(buffer[start], bytes[(base + start + 1)..<(base + id)], bytes[(base + id)..<(base + end)])
                }
                start = end + 1
            }
        }
    }

    /// Bytes as a dictionary key, hashed in one go.
    struct Bytes: Hashable {
        let slice: ArraySlice<UInt8>

        init(_ slice: ArraySlice<UInt8>) { self.slice = slice }

        static func == (left: Bytes, right: Bytes) -> Bool { left.slice.elementsEqual(right.slice) }

        /// Hashed by its length and its first and last eight bytes, which tell ids (and the
        /// values summary lines are grouped by) apart well, at a fraction of hashing them all.
        func hash(into hasher: inout Hasher) { hasher.combine(quickHash) }

        var quickHash: UInt64 { Bytes.quickHash(slice) }

        static func quickHash(_ slice: ArraySlice<UInt8>) -> UInt64 {
            var head = UInt64(slice.count)
            var last: UInt64 = 0
            var index = slice.startIndex
            for _ in 0..<min(8, slice.count) {
                head = head << 8 | UInt64(slice[index])
                index += 1
            }
            index = max(slice.startIndex, slice.endIndex - 8)
            while index < slice.endIndex {
                last = last << 8 | UInt64(slice[index])
                index += 1
            }
            return ((head &* 0x9E37_79B9_7F4A_7C15) ^ last) &* 0xBF58_476D_1CE4_E5B9
        }
    }
}
