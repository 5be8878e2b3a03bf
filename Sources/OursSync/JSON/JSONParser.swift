/// A strict JSON parser for files people and other tools may have broken.
///
/// Stricter than Foundation where that protects data: duplicate keys, invalid UTF-8, lone
/// surrogates and absurd nesting are errors with a line and column, never silently repaired.
/// A UTF-8 byte-order mark at the start is accepted, as editors on Windows write one.
public struct JSONParser {
    /// Deepest nesting accepted; records are shallow, hostile files are not.
    public static let maximumDepth = 64

    /// Parses one JSON document from UTF-8 bytes: whitespace may surround it and a byte-order
    /// mark precede it, nothing else.
    /// - Throws: `JSONParseError` at the first error.
    public static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        var result: Result<JSONValue, JSONParseError> = .success(.null)
        bytes.withUnsafeBufferPointer { buffer in
            var parser = Cursor(bytes: buffer)
            result = Result { () throws(JSONParseError) -> JSONValue in try parser.document() }
        }
        return try result.get()
    }

    /// Parses one JSON document from text (see `parse(_:)` for bytes).
    /// - Throws: `JSONParseError` at the first error.
    public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        try parse(Array(text.utf8))
    }
}

private struct Cursor {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    var depth = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    func fail(_ message: String, at offset: Int? = nil) -> JSONParseError {
        JSONParseError(message, at: offset ?? index, in: bytes)
    }

    mutating func document() throws(JSONParseError) -> JSONValue {
        if let bad = firstInvalidUTF8() { throw fail("invalid UTF-8 byte 0x\(hex(bytes[bad]))", at: bad) }
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        skipSpace()
        guard index < bytes.count else { throw fail("the file is empty; expected a JSON value") }
        let value = try parseValue()
        skipSpace()
        if index < bytes.count { throw fail("unexpected \(describe(bytes[index])) after the JSON value") }
        return value
    }

    mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    mutating func parseValue() throws(JSONParseError) -> JSONValue {
        guard index < bytes.count else { throw fail("unexpected end of file; the file may be cut short") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        case let byte: throw fail("unexpected \(describe(byte)); expected a JSON value")
        }
    }

    mutating func literal(_ word: StaticString) throws(JSONParseError) {
        let start = index
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw fail("unexpected end of file in a literal", at: start) }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
            throw fail("invalid literal; expected \(word)", at: start)
        }
        index += count
    }

    mutating func enter() throws(JSONParseError) {
        depth += 1
        if depth > JSONParser.maximumDepth {
            throw fail("nested deeper than \(JSONParser.maximumDepth) levels")
        }
    }

    mutating func parseObject() throws(JSONParseError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        index += 1
        var object: [String: JSONValue] = [:]
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(object)
        }
        while true {
            skipSpace()
            guard index < bytes.count else { throw fail("unexpected end of file in an object") }
            guard bytes[index] == UInt8(ascii: "\"") else {
                throw fail("unexpected \(describe(bytes[index])); expected a key in double quotes")
            }
            let keyStart = index
            let key = try parseString()
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw fail(index < bytes.count ? "expected ':' after the key \"\(key)\"" : "unexpected end of file after a key")
            }
            index += 1
            skipSpace()
            let value = try parseValue()
            if object.updateValue(value, forKey: key) != nil {
                throw fail("the key \"\(key)\" appears twice in one object", at: keyStart)
            }
            skipSpace()
            guard index < bytes.count else { throw fail("unexpected end of file in an object; expected ',' or '}'") }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"): index += 1; return .object(object)
            case let byte: throw fail("unexpected \(describe(byte)); expected ',' or '}'")
            }
        }
    }

    mutating func parseArray() throws(JSONParseError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        index += 1
        var array: [JSONValue] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(array)
        }
        while true {
            skipSpace()
            array.append(try parseValue())
            skipSpace()
            guard index < bytes.count else { throw fail("unexpected end of file in an array; expected ',' or ']'") }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"): index += 1; return .array(array)
            case let byte: throw fail("unexpected \(describe(byte)); expected ',' or ']'")
            }
        }
    }

    mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw fail("invalid number", at: start) }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) { throw fail("numbers may not start with 0", at: start) }
        } else {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw fail("invalid number: no digits after '.'", at: start) }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw fail("invalid number: no digits in the exponent", at: start)
            }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index - start > 100 { throw fail("number longer than 100 characters", at: start) }
        return .number(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
    }

    mutating func parseString() throws(JSONParseError) -> String {
        let start = index
        index += 1
        // Fast path: no escapes.
        var scan = index
        while scan < bytes.count {
            let byte = bytes[scan]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<scan]), as: UTF8.self)
                index = scan + 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw fail("\(describe(byte)) inside a string; control characters must be escaped", at: scan) }
            scan += 1
        }
        guard scan < bytes.count else { throw fail("unterminated string", at: start) }
        var buffer = Array(UnsafeBufferPointer(rebasing: bytes[index..<scan]))
        index = scan
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: buffer, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try parseEscape(into: &buffer)
            case 0..<0x20:
                throw fail("\(describe(byte)) inside a string; control characters must be escaped")
            default:
                buffer.append(byte)
                index += 1
            }
        }
        throw fail("unterminated string", at: start)
    }

    mutating func parseEscape(into buffer: inout [UInt8]) throws(JSONParseError) {
        let start = index
        index += 1
        guard index < bytes.count else { throw fail("unterminated escape", at: start) }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""): buffer.append(0x22)
        case UInt8(ascii: "\\"): buffer.append(0x5C)
        case UInt8(ascii: "/"): buffer.append(0x2F)
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hex4(start: start)
            if (0xD800...0xDBFF).contains(scalar) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                    throw fail("lone surrogate \\u\(hex16(scalar)) without its pair", at: start)
                }
                index += 2
                let low = try hex4(start: start)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw fail("lone surrogate \\u\(hex16(scalar)) without its pair", at: start)
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw fail("lone surrogate \\u\(hex16(scalar))", at: start)
            }
            buffer.append(contentsOf: Array(String(Unicode.Scalar(scalar)!).utf8))
        default:
            throw fail("invalid escape \\\(Character(Unicode.Scalar(byte)))", at: start)
        }
    }

    mutating func hex4(start: Int) throws(JSONParseError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw fail("unterminated \\u escape", at: start) }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw fail("invalid \\u escape", at: start)
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    /// The offset of the first byte that is not well-formed UTF-8, if any.
    func firstInvalidUTF8() -> Int? {
        var i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b < 0x80 { i += 1; continue }
            let length: Int
            var minimum: UInt32
            var scalar: UInt32
            switch b {
            case 0xC2...0xDF: length = 2; minimum = 0x80; scalar = UInt32(b & 0x1F)
            case 0xE0...0xEF: length = 3; minimum = 0x800; scalar = UInt32(b & 0x0F)
            case 0xF0...0xF4: length = 4; minimum = 0x10000; scalar = UInt32(b & 0x07)
            default: return i
            }
            guard i + length <= n else { return i }
            for k in 1..<length {
                let c = bytes[i + k]
                guard c & 0xC0 == 0x80 else { return i }
                scalar = scalar << 6 | UInt32(c & 0x3F)
            }
            if scalar < minimum || scalar > 0x10FFFF || (0xD800...0xDFFF).contains(scalar) { return i }
            i += length
        }
        return nil
    }

    func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    func describe(_ byte: UInt8) -> String {
        if byte == 0 { return "NUL byte" }
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(hex(byte))"
    }

    func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }

    func hex16(_ value: UInt32) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - text.count)) + text
    }
}
