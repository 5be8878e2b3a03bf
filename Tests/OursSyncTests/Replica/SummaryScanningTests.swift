import Testing

@testable import OursSync

/// The shortcuts the summary logs are read with must answer exactly as the plain way does:
/// values decoded without the parser, ids passed over by the tail's bit filter, spans counted
/// by hash.
@Suite("Replica: reading summary logs quickly")
struct SummaryScanningTests {
    @Test(arguments: [
        "0", "7", "-0", "-12", "2", "10", "123456789012345678", "1234567890123456789", "01", "-", "-01", "1.5",
        "1e3", "true", "false", "\"Milk\"", "\"a\\\"b\"", "null", "12a",
    ])
    func valuesDecodeAsTheParserWould(_ text: String) {
        let decoded = SummaryIndex.decodeValue(ArraySlice(text.utf8))
        let parsed = try? JSONParser.parse(Array(text.utf8))
        #expect(decoded == parsed, "\(text)")
    }

    /// A log whose tail overrides, removes or leaves pending some of many base lines: every id
    /// is seen once, with its last line, whatever its hash.
    @Test func baseLinesWithALaterLineAreFoldedOnce() throws {
        var base: [UInt8] = []
        for index in 0..<3_000 { base += Array("=task-\(index)\t0\t\"T\(index)\"\n".utf8) }
        var tail: [UInt8] = []
        var expected: [String: String] = [:]
        for index in 0..<3_000 { expected["task-\(index)"] = "summary \"T\(index)\"" }
        for index in stride(from: 0, to: 3_000, by: 7) {
            tail += Array("=task-\(index)\t0\t\"U\(index)\"\n".utf8)
            expected["task-\(index)"] = "summary \"U\(index)\""
        }
        for index in stride(from: 3, to: 3_000, by: 11) {
            tail += Array("-task-\(index)\n".utf8)
            expected["task-\(index)"] = "removed"
        }
        tail += Array("?task-5\n=task-3000\t0\t\"New\"\n".utf8)
        expected["task-5"] = "pending"
        expected["task-3000"] = "summary \"New\""
        let log = try #require(SummaryLog(SummaryIndex.header(type: "task", base: base.count) + base + tail, type: "task"))
        var seen: [String: String] = [:]
        log.forEach { (id: ArraySlice<UInt8>, last: SummaryLog.Last) in
            let name = String(decoding: id, as: UTF8.self)
            #expect(seen[name] == nil, "\(name) seen twice")
            switch last {
            case .summary(let rest): seen[name] = "summary " + String(decoding: rest.dropFirst(3), as: UTF8.self)
            case .pending: seen[name] = "pending"
            case .removed: seen[name] = "removed"
            }
        }
        #expect(seen == expected)
    }

    /// With the real hash, and with one so weak that most different spans share a hash.
    @Test(arguments: [false, true])
    func spansAreCountedAsADictionaryWouldCountThem(weakHash: Bool) {
        var random = SystemRandomNumberGenerator()
        let bytes: [UInt8] = (0..<20_000).map { _ in [0x61, 0x62, 0x09, 0x22][Int.random(in: 0..<4, using: &random)] }
        var counter = weakHash ? SpanCounter(hash: { UInt64($0.count % 3) }) : SpanCounter()
        var reference: [[UInt8]: Int] = [:]
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + Int.random(in: 0...12, using: &random))
            counter.add(bytes[start..<end])
            reference[Array(bytes[start..<end]), default: 0] += 1
            start = end + 1
        }
        var counted: [[UInt8]: Int] = [:]
        for (span, count) in counter.counts {
            #expect(counted[Array(span)] == nil, "a span counted in two places")
            counted[Array(span)] = count
        }
        #expect(counted == reference)
    }

    @Test func byteSearchFindsTheFirstInRange() {
        let bytes: [UInt8] = Array("ab\tc\td\n".utf8)
        bytes.withUnsafeBufferPointer { buffer in
            #expect(ByteSearch.first(0x09, in: buffer, from: 0, to: buffer.count) == 2)
            #expect(ByteSearch.first(0x09, in: buffer, from: 3, to: buffer.count) == 4)
            #expect(ByteSearch.first(0x09, in: buffer, from: 5, to: buffer.count) == nil)
            #expect(ByteSearch.first(0x0A, in: buffer, from: 0, to: 6) == nil, "the end is not searched")
            #expect(ByteSearch.first(0x0A, in: buffer, from: 7, to: 7) == nil)
        }
    }
}
