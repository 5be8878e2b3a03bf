import Testing

@testable import OursSync

/// Every device must write the same bytes for the same value, or merged files would flip
/// back and forth between devices; so these pin the canonical form byte for byte.
@Suite struct JSONWriterTests {
    static let sample: JSONValue = .object([
        "b": .number("1"),
        "a": .array([.bool(true), .null, .object(["y": .string("z")])]),
        "d": .array([]),
        "c": .object([:]),
    ])

    @Test func prettyFormIsExact() {
        #expect(
            JSONWriter.prettyString(Self.sample) == """
                {
                  "a": [
                    true,
                    null,
                    {
                      "y": "z"
                    }
                  ],
                  "b": 1,
                  "c": {},
                  "d": []
                }
                """)
    }

    @Test func compactFormIsExact() {
        #expect(JSONWriter.compactString(Self.sample) == #"{"a":[true,null,{"y":"z"}],"b":1,"c":{},"d":[]}"#)
    }

    @Test func prettyHasNoTrailingNewlineAndUsesLFOnly() {
        let bytes = JSONWriter.pretty(Self.sample)
        #expect(bytes.last == UInt8(ascii: "}"))
        #expect(!bytes.contains(0x0D))
        #expect(!bytes.contains(0x09))
    }

    @Test(arguments: [
        (JSONValue.null, "null"), (.bool(true), "true"), (.bool(false), "false"), (.number("2.50"), "2.50"),
        (.string(""), #""""#), (.array([]), "[]"), (.object([:]), "{}"),
    ])
    func scalarsAndEmptyContainers(value: JSONValue, text: String) {
        #expect(JSONWriter.prettyString(value) == text)
        #expect(JSONWriter.compactString(value) == text)
    }

    @Test func keysAreSortedByUTF8BytesNotBySwiftStringOrder() {
        // "e" + combining acute sorts after "f" by Swift's String order (it compares "é"),
        // but before it by bytes (0x65 < 0x66); the folder uses bytes.
        let keys = ["f", "e\u{301}", "😀", "ö", "b", "aa", "a", "B", "", "_ours", "Z"]
        var object: [String: JSONValue] = [:]
        for key in keys { object[key] = .null }
        let expected = ["", "B", "Z", "_ours", "a", "aa", "b", "e\u{301}", "f", "ö", "😀"]
        let text = JSONWriter.compactString(.object(object))
        #expect(text == "{" + expected.map { "\"\($0)\":null" }.joined(separator: ",") + "}")
        #expect(keys.sorted(by: JSONValue.keyOrder) == expected)
        #expect("f" < "e\u{301}", "premise: Swift's own order differs")
    }

    @Test func escapesExactlyWhatJSONRequires() {
        let value = JSONValue.string("\"\\\n\r\t\u{08}\u{0C}\u{0}\u{01}\u{1F}\u{7F}/é😀\u{2028}")
        let expected: [UInt8] =
            Array(#""\"\\\n\r\t\b\f\u0000\u0001\u001f"#.utf8) + [0x7F]
            + Array("/é😀\u{2028}\"".utf8)
        #expect(JSONWriter.compact(value) == expected)
    }

    @Test func everyControlCharacterRoundTrips() throws {
        let all = String(String.UnicodeScalarView((0..<0x20).map { Unicode.Scalar($0)! }))
        let written = JSONWriter.compact(.string(all))
        #expect(!written.dropFirst().dropLast().contains { $0 < 0x20 })
        #expect(try JSONParser.parse(written) == .string(all))
    }

    @Test func keysAreEscapedLikeStrings() {
        #expect(JSONWriter.compactString(.object(["a\"b\n": .number("1")])) == #"{"a\"b\n":1}"#)
    }

    @Test func nestedIndentationGrowsByTwoSpaces() {
        let value: JSONValue = .object(["a": .object(["b": .object(["c": .array([.number("1")])])])])
        #expect(
            JSONWriter.prettyString(value) == "{\n  \"a\": {\n    \"b\": {\n      \"c\": [\n        1\n      ]\n    }\n  }\n}")
    }

    @Test func sameValueBuiltInAnyOrderWritesTheSameBytes() {
        var forward: [String: JSONValue] = [:]
        var backward: [String: JSONValue] = [:]
        let names = (0..<50).map { "k\($0)" }
        for name in names { forward[name] = .string(name) }
        for name in names.reversed() { backward[name] = .string(name) }
        #expect(JSONWriter.pretty(.object(forward)) == JSONWriter.pretty(.object(backward)))
    }
}
