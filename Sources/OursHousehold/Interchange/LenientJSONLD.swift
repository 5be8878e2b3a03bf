import Foundation
import OursSync

/// JSON-LD as pages publish it, made into JSON the strict parser reads — for recipe imports
/// only: record files are always read strictly.
///
/// A browser runs a page's `<script type="application/ld+json">` through a forgiving reader,
/// and sites rely on it: raw line breaks and tabs inside strings, `\'` escapes, `<![CDATA[`
/// and `//` or `/* */` comments around the object, a trailing comma, a `;` after the object,
/// several objects one after another, the same key twice (the last one counts, as in
/// JavaScript). This pass rewrites those into strict JSON, byte by byte, and changes nothing
/// in a document that is strict already.
enum LenientJSONLD {
    /// The document as strict JSON text.
    static func repaired(_ bytes: [UInt8]) -> [UInt8] {
        var scanner = Scanner(Array(String(decoding: bytes, as: UTF8.self).utf8))
        scanner.run()
        return scanner.finished()
    }

    /// Parses `bytes`, strictly first and, if that fails, after `repaired`.
    /// - Throws: the strict parser's error for the document as given.
    static func parse(_ bytes: [UInt8]) throws -> JSONValue {
        do { return try JSONParser.parse(bytes) } catch {
            guard let value = try? JSONParser.parse(repaired(bytes)) else { throw error }
            return keepingLastDuplicates(value)
        }
    }

    /// The marker `Scanner` appends to a key seen before in the same object.
    static let duplicateMarker = "\u{1}duplicate"

    /// Each key that was given more than once takes its last value.
    static func keepingLastDuplicates(_ value: JSONValue) -> JSONValue {
        switch value {
        case .array(let items): return .array(items.map(keepingLastDuplicates))
        case .object(let object):
            var result: [String: JSONValue] = [:]
            for key in object.keys.sorted(by: { $0.count < $1.count }) {
                let base = key.components(separatedBy: duplicateMarker)[0]
                result[base] = keepingLastDuplicates(object[key]!)
            }
            return .object(result)
        default: return value
        }
    }
}

/// The byte-by-byte rewrite.
private struct Scanner {
    let input: [UInt8]
    var index = 0
    var output: [UInt8] = []
    /// For each open object, the keys seen and whether a key comes next; `nil` for an array.
    var containers: [(keys: Set<[UInt8]>, expectingKey: Bool)?] = []
    var topLevelValues = 0
    var valueEnded = false

    init(_ input: [UInt8]) { self.input = input }

    mutating func run() {
        while index < input.count {
            let byte = input[index]
            if skipComment() { continue }
            switch byte {
            case UInt8(ascii: "\""): string()
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                separateFromPrevious()
                startValue()
                containers.append(byte == UInt8(ascii: "{") ? ([], true) : nil)
                emit(byte)
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                dropTrailingComma()
                if !containers.isEmpty { containers.removeLast() }
                emit(byte)
                endValue()
            case UInt8(ascii: ","):
                if let last = containers.last, last != nil { containers[containers.count - 1]!.expectingKey = true }
                emit(byte)
            case UInt8(ascii: ":"):
                if let last = containers.last, last != nil { containers[containers.count - 1]!.expectingKey = false }
                emit(byte)
            case UInt8(ascii: ";") where containers.isEmpty:
                index += 1
            case 0x20, 0x09, 0x0A, 0x0D:
                emit(byte)
            default:
                if containers.isEmpty, !valueEnded { startValue() }
                emit(byte)
                if containers.isEmpty, index < input.count, !isScalarByte(input[index]) { endValue() }
            }
        }
    }

    mutating func finished() -> [UInt8] {
        topLevelValues > 1 ? Array("[".utf8) + output + Array("]".utf8) : output
    }

    private mutating func emit(_ byte: UInt8) {
        output.append(byte)
        index += 1
    }

    /// A value starts at the top level: a second one is separated from the first by a comma.
    private mutating func startValue() {
        guard containers.isEmpty else { return }
        if valueEnded || topLevelValues > 0 { output.append(UInt8(ascii: ",")) }
        topLevelValues += 1
        valueEnded = false
    }

    private mutating func endValue() { if containers.isEmpty { valueEnded = true } }

    private func isScalarByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "E")
    }

    /// Two values inside a container with no comma between them (a comment swallowed it, or
    /// blocks were pasted together): the comma goes back.
    private mutating func separateFromPrevious() {
        guard !containers.isEmpty else { return }
        var position = output.count - 1
        while position >= 0, [0x20, 0x09, 0x0A, 0x0D].contains(output[position]) { position -= 1 }
        guard position >= 0 else { return }
        let last = output[position]
        let ended = last == UInt8(ascii: "}") || last == UInt8(ascii: "]") || last == UInt8(ascii: "\"") || isScalarByte(last)
        guard ended else { return }
        output.append(UInt8(ascii: ","))
        if containers[containers.count - 1] != nil { containers[containers.count - 1]!.expectingKey = true }
    }

    /// `,` before a closing bracket, white space between them kept.
    private mutating func dropTrailingComma() {
        var position = output.count - 1
        while position >= 0, [0x20, 0x09, 0x0A, 0x0D].contains(output[position]) { position -= 1 }
        if position >= 0, output[position] == UInt8(ascii: ",") { output.remove(at: position) }
    }

    /// Skips `//…`, `/*…*/`, `<!--`, `-->`, `<![CDATA[` and `]]>` outside strings.
    private mutating func skipComment() -> Bool {
        func starts(_ text: String) -> Bool { input[index...].starts(with: text.utf8) }
        if starts("//") {
            while index < input.count, input[index] != 0x0A { index += 1 }
            return true
        }
        if starts("/*") {
            index += 2
            while index < input.count, !starts("*/") { index += 1 }
            index = min(input.count, index + 2)
            return true
        }
        for marker in ["<![CDATA[", "]]>", "<!--", "-->"] where starts(marker) && (marker != "]]>" || containers.isEmpty) {
            index += marker.utf8.count
            return true
        }
        return false
    }

    /// A string, with raw control characters escaped, `\'` and other escapes JSON lacks
    /// unescaped, and a key seen before in its object marked.
    private mutating func string() {
        separateFromPrevious()
        let isKey = containers.last.map { $0?.expectingKey ?? false } ?? false
        if !isKey { startValue() }
        let start = output.count
        emit(UInt8(ascii: "\""))
        while index < input.count {
            let byte = input[index]
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") {
                escape()
                continue
            }
            if byte < 0x20 {
                output += Array((byte == 0x0A ? "\\n" : byte == 0x0D ? "\\r" : byte == 0x09 ? "\\t" : " ").utf8)
                index += 1
                continue
            }
            emit(byte)
        }
        if isKey { markDuplicate(Array(output[(start + 1)...])) }
        output.append(UInt8(ascii: "\""))
        index += 1
        if !isKey { endValue() }
    }

    private mutating func escape() {
        let next = index + 1 < input.count ? input[index + 1] : 0
        switch next {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            output += [input[index], next]
            index += 2
        case UInt8(ascii: "u") where index + 5 < input.count && input[(index + 2)...(index + 5)].allSatisfy(\.isHexDigit):
            output += input[index...(index + 5)]
            index += 6
        case 0:
            index += 1
        default:
            // `\'`, `\&`, a backslash before anything else: what follows, as itself.
            index += 1
        }
    }

    private mutating func markDuplicate(_ key: [UInt8]) {
        guard let position = containers.indices.last, containers[position] != nil else { return }
        if containers[position]!.keys.contains(key) {
            var count = 2
            while containers[position]!.keys.contains(key + Array("\(LenientJSONLD.duplicateMarker)\(count)".utf8)) { count += 1 }
            let marker = Array("\\u0001duplicate\(count)".utf8)
            output += marker
            containers[position]!.keys.insert(key + Array("\(LenientJSONLD.duplicateMarker)\(count)".utf8))
        } else {
            containers[position]!.keys.insert(key)
        }
    }
}

extension UInt8 {
    fileprivate var isHexDigit: Bool {
        (self >= 0x30 && self <= 0x39) || (self >= 0x41 && self <= 0x46) || (self >= 0x61 && self <= 0x66)
    }
}
