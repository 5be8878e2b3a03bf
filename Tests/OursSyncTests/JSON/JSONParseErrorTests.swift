import Testing

@testable import OursSync

/// A broken file is reported with the line and column a person can jump to in an editor, so
/// every case pins the exact position, not just that parsing failed.
@Suite struct JSONParseErrorTests {
    struct Broken: Sendable, CustomTestStringConvertible {
        let name: String
        let bytes: [UInt8]
        let line: Int
        let column: Int
        let message: String

        init(_ name: String, _ text: String, _ line: Int, _ column: Int, _ message: String) {
            self.init(name, Array(text.utf8), line, column, message)
        }

        init(_ name: String, _ bytes: [UInt8], _ line: Int, _ column: Int, _ message: String) {
            self.name = name
            self.bytes = bytes
            self.line = line
            self.column = column
            self.message = message
        }

        var testDescription: String { name }
    }

    static let cases: [Broken] = [
        Broken("truncated array", "{\n  \"a\": [1, 2", 2, 13, "unexpected end of file in an array"),
        Broken("truncated object", "{\n  \"a\": 1", 2, 9, "unexpected end of file in an object"),
        Broken("truncated after key", "{\"a\"", 1, 5, "unexpected end of file after a key"),
        Broken("truncated before value", "{\"a\": ", 1, 7, "unexpected end of file"),
        Broken("truncated string", "{\"a\": \"abc", 1, 7, "unterminated string"),
        Broken("truncated literal", "[tr", 1, 2, "unexpected end of file in a literal"),
        Broken("trailing garbage", "{}\n x", 2, 2, "unexpected 'x' after the JSON value"),
        Broken("second document", "{} {}", 1, 4, "unexpected '{' after the JSON value"),
        Broken("duplicate key", "{\n  \"a\": 1,\n  \"a\": 2\n}", 3, 3, "the key \"a\" appears twice"),
        Broken("duplicate nested key", "[{\"b\": {\"x\": 1, \"x\": 1}}]", 1, 17, "appears twice"),
        Broken("invalid UTF-8 byte", Array("{\"a\": \"x".utf8) + [0xFF] + Array("\"}".utf8), 1, 9, "invalid UTF-8 byte 0xFF"),
        Broken("overlong UTF-8", Array("\n[\"".utf8) + [0xC0, 0x80] + Array("\"]".utf8), 2, 3, "invalid UTF-8 byte 0xC0"),
        Broken("UTF-8 surrogate", Array("[\"".utf8) + [0xED, 0xA0, 0x80] + Array("\"]".utf8), 1, 3, "invalid UTF-8 byte 0xED"),
        Broken("UTF-8 above U+10FFFF", Array("[\"".utf8) + [0xF4, 0x90, 0x80, 0x80] + Array("\"]".utf8), 1, 3, "0xF4"),
        Broken("UTF-8 cut at end", Array("[\"".utf8) + [0xE2, 0x82], 1, 3, "invalid UTF-8 byte 0xE2"),
        Broken("stray continuation byte", Array("[1,".utf8) + [0x80], 1, 4, "invalid UTF-8 byte 0x80"),
        Broken("NUL byte in a string", "{\"a\": \"x\u{0}\"}", 1, 9, "NUL byte inside a string"),
        Broken("NUL byte between values", "[1,\u{0}]", 1, 4, "unexpected NUL byte; expected a JSON value"),
        Broken("NUL byte after the document", "{}\u{0}", 1, 3, "unexpected NUL byte after the JSON value"),
        Broken("lone high surrogate", "[\"\\ud800\"]", 1, 3, "lone surrogate \\uD800"),
        Broken("lone low surrogate", "[\"\\udc00x\"]", 1, 3, "lone surrogate \\uDC00"),
        Broken("high surrogate with a non-surrogate", "[\"\\ud800\\u0041\"]", 1, 3, "lone surrogate \\uD800 without its pair"),
        Broken("high surrogate at end of string", "[\"ab\\uD83D\"]", 1, 5, "without its pair"),
        Broken("tab in a string", "[\"a\tb\"]", 1, 4, "byte 0x09 inside a string"),
        Broken("newline in a string", "[\n\"a\nb\"]", 2, 3, "byte 0x0A inside a string"),
        Broken("control char after an escape", "[\"\\n\u{1}\"]", 1, 5, "byte 0x01 inside a string"),
        Broken("leading zero", "{\"n\": 012}", 1, 7, "numbers may not start with 0"),
        Broken("negative leading zero", "[-01]", 1, 2, "numbers may not start with 0"),
        Broken("lone minus", "[-]", 1, 2, "invalid number"),
        Broken("no fraction digits", "[1.]", 1, 2, "no digits after '.'"),
        Broken("no exponent digits", "[1e+]", 1, 2, "no digits in the exponent"),
        Broken("leading plus", "[+1]", 1, 2, "unexpected '+'"),
        Broken("leading dot", "[.5]", 1, 2, "unexpected '.'"),
        Broken("very long number", "[" + String(repeating: "1", count: 101) + "]", 1, 2, "longer than 100"),
        Broken("depth 65", String(repeating: "[", count: 65) + String(repeating: "]", count: 65), 1, 65, "nested deeper than 64"),
        Broken("100 000 open brackets", String(repeating: "[", count: 100_000), 1, 65, "nested deeper than 64"),
        Broken("100 000 nested objects", String(repeating: "{\"a\":", count: 100_000), 1, 321, "nested deeper than 64"),
        Broken("empty file", "", 1, 1, "the file is empty"),
        Broken("only whitespace", "  \n\t", 2, 2, "the file is empty"),
        Broken("only a byte-order mark", [0xEF, 0xBB, 0xBF], 1, 4, "the file is empty"),
        Broken("invalid literal", "[tru]", 1, 2, "invalid literal; expected true"),
        Broken("missing colon", "{\"a\" 1}", 1, 6, "expected ':' after the key \"a\""),
        Broken("missing comma", "[1 2]", 1, 4, "expected ',' or ']'"),
        Broken("trailing comma", "{\n  \"a\": 1,\n}", 3, 1, "expected a key in double quotes"),
        Broken("unquoted key", "{a: 1}", 1, 2, "expected a key in double quotes"),
        Broken("invalid escape", "[\"\\x\"]", 1, 3, "invalid escape \\x"),
        Broken("short unicode escape", "[\"\\u12\"]", 1, 3, "invalid \\u escape"),
        Broken("unicode escape cut at end", "[\"\\u12", 1, 3, "unterminated \\u escape"),
        Broken("single quotes", "['a']", 1, 2, "unexpected '''"),
    ]

    @Test(arguments: cases)
    func reportsLineAndColumn(_ broken: Broken) {
        let error = #expect(throws: JSONParseError.self) { try JSONParser.parse(broken.bytes) }
        #expect(error?.line == broken.line)
        #expect(error?.column == broken.column)
        #expect(error?.message.contains(broken.message) == true, "message was: \(error?.message ?? "-")")
    }

    @Test func errorCarriesOffsetAndReadableDescription() throws {
        let error = try #require(throws: JSONParseError.self) {
            try JSONParser.parse("{\n  \"a\": [1, 2")
        }
        #expect(error.offset == 14)
        #expect(error.description == "line 2, column 13: unexpected end of file in an array; expected ',' or ']'")
    }

    @Test func columnsCountBytesNotCharacters() throws {
        // "é" is two bytes; editors that show byte columns agree with this.
        let error = try #require(throws: JSONParseError.self) { try JSONParser.parse("[\"é\", x]") }
        #expect((error.line, error.column) == (1, 8))
    }

    @Test func invalidUTF8IsReportedBeforeLaterSyntaxErrors() throws {
        // The whole file is checked first, so the byte that breaks it is what is named.
        let bytes = Array("[1,, \"".utf8) + [0xFE] + Array("\"]".utf8)
        let error = try #require(throws: JSONParseError.self) { try JSONParser.parse(bytes) }
        #expect(error.column == 7)
        #expect(error.message == "invalid UTF-8 byte 0xFE")
    }
}
