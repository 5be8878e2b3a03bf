/// Counts byte spans (the columns summary lines are grouped by) with one integer-keyed lookup
/// a span: spans are told apart by `SummaryLog.Bytes.quickHash`, and by their bytes only when
/// two share a hash. Counting the lines of a big log through a dictionary keyed by the bytes
/// themselves costs several times as much.
struct SpanCounter {
    /// `SummaryLog.Bytes.quickHash`; another only in tests, to make spans share hashes.
    private let hash: (ArraySlice<UInt8>) -> UInt64
    /// Each span's place in `firsts`, by hash.
    private var slots: [UInt64: Int] = [:]
    /// The first span seen with each hash, and how many lines had it.
    private var firsts: [(span: ArraySlice<UInt8>, count: Int)] = []
    /// Spans whose hash a different span had first.
    private var others: [SummaryLog.Bytes: Int] = [:]

    init(hash: @escaping (ArraySlice<UInt8>) -> UInt64 = SummaryLog.Bytes.quickHash) { self.hash = hash }

    mutating func add(_ span: ArraySlice<UInt8>) {
        let hash = hash(span)
        guard let index = slots[hash] else {
            slots[hash] = firsts.count
            firsts.append((span, 1))
            return
        }
        if SpanCounter.same(firsts[index].span, span) {
            firsts[index].count += 1
        } else {
            others[SummaryLog.Bytes(span), default: 0] += 1
        }
    }

    /// Whether two spans hold the same bytes, compared in place.
    private static func same(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        var left = a.startIndex
        var right = b.startIndex
        while left < a.endIndex {
            if a[left] != b[right] { return false }
            left += 1
            right += 1
        }
        return true
    }

    /// Each span seen and how many times.
    var counts: [(span: ArraySlice<UInt8>, count: Int)] { firsts + others.map { ($0.key.slice, $0.value) } }
}
