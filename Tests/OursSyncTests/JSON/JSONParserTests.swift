import Testing

@testable import OursSync

/// The parser must read back exactly what any device wrote, byte for byte, or two devices
/// would disagree about a value they both hold.
@Suite struct JSONParserTests {
    @Test func parsesEveryKindOfValue() throws {
        let value = try JSONParser.parse(#"{"a": [true, false, null, 1, "x"], "b": {"c": {}}, "d": []}"#)
        #expect(
            value
                == .object([
                    "a": .array([.bool(true), .bool(false), .null, .number("1"), .string("x")]),
                    "b": .object(["c": .object([:])]),
                    "d": .array([]),
                ]))
    }

    @Test(arguments: ["0", "-0", "2.50", "1e10", "1E+2", "-1.5e-3", "0.0", "123456789012345678901234567890", "1.000"])
    func numbersKeepTheirExactText(text: String) throws {
        let value = try JSONParser.parse("[\(text)]")
        #expect(value == .array([.number(text)]))
        #expect(JSONWriter.compactString(value) == "[\(text)]")
    }

    @Test func numberTextIsNotNormalised() throws {
        // "2.5" and "2.50" are different bytes in a file, so they must be different values.
        #expect(try JSONParser.parse("2.50") != JSONParser.parse("2.5"))
    }

    @Test func decodesEveryEscape() throws {
        let value = try JSONParser.parse(#"["\"\\\/\b\f\n\r\t", "\u00e9\u00E9", "\ud83d\ude00", "a\u0000b", "\u20AC"]"#)
        #expect(
            value
                == .array([
                    .string("\"\\/\u{08}\u{0C}\n\r\t"), .string("éé"), .string("😀"), .string("a\u{0}b"), .string("€"),
                ]))
    }

    @Test func keepsRawUTF8AndEscapesAfterTheFastPath() throws {
        // A string that starts plain and then has an escape takes the slow path.
        let value = try JSONParser.parse("[\"grüße \\\"quoted\\\" 😀\", \"x\\ty\"]")
        #expect(value == .array([.string("grüße \"quoted\" 😀"), .string("x\ty")]))
    }

    @Test func acceptsAByteOrderMark() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(#"{"name": "Milk"}"#.utf8)
        #expect(try JSONParser.parse(bytes) == .object(["name": .string("Milk")]))
    }

    @Test func acceptsAllJSONWhitespace() throws {
        #expect(try JSONParser.parse(" \t\r\n[ 1 ,\r\n2 ] \n") == .array([.number("1"), .number("2")]))
    }

    @Test func acceptsNestingUpToTheLimit() throws {
        let depth = JSONParser.maximumDepth
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        var value = try JSONParser.parse(text)
        var levels = 0
        while case .array(let items) = value {
            levels += 1
            value = items.first ?? .null
        }
        #expect(levels == depth)
    }

    @Test(arguments: 0..<40)
    func randomValuesRoundTripThroughBothForms(seed: Int) throws {
        var rng = SplitMix64(seed: UInt64(seed))
        let value = RandomJSON.value(depth: 4, using: &rng)
        let pretty = JSONWriter.pretty(value)
        let compact = JSONWriter.compact(value)
        #expect(try JSONParser.parse(pretty) == value)
        #expect(try JSONParser.parse(compact) == value)
        #expect(JSONWriter.pretty(try JSONParser.parse(pretty)) == pretty)
        #expect(JSONWriter.compact(try JSONParser.parse(pretty)) == compact)
    }

    @Test func parsingTextAndBytesAgree() throws {
        let text = #"{"k": ["v", 1.5]}"#
        #expect(try JSONParser.parse(text) == JSONParser.parse(Array(text.utf8)))
    }
}

/// Random JSON values that stress the writer and parser: control characters, quotes,
/// non-ASCII, astral code points, empty containers and odd number texts.
enum RandomJSON {
    static let pieces = ["a", "Z", " ", "\"", "\\", "/", "\n", "\t", "\u{0}", "\u{1F}", "\u{7F}", "é", "€", "😀", "e\u{301}"]
    static let numbers = ["0", "-1", "2.50", "1e-7", "12345678901234567890", "-0.0"]

    static func string(using rng: inout SplitMix64) -> String {
        (0..<rng.int(0...6)).map { _ in rng.pick(pieces) }.joined()
    }

    static func value(depth: Int, using rng: inout SplitMix64) -> JSONValue {
        let kind = rng.int(0...(depth > 0 ? 6 : 4))
        switch kind {
        case 0: return .null
        case 1: return .bool(rng.chance(0.5))
        case 2: return .number(rng.pick(numbers))
        case 3, 4: return .string(string(using: &rng))
        case 5: return .array((0..<rng.int(0...4)).map { _ in value(depth: depth - 1, using: &rng) })
        default:
            var object: [String: JSONValue] = [:]
            for _ in 0..<rng.int(0...4) { object[string(using: &rng)] = value(depth: depth - 1, using: &rng) }
            return .object(object)
        }
    }
}
