import Foundation

/// How names typed by people are tidied for display, compared, and turned into ids.
///
/// Two phones that type "Produce", " produce " and "PRODUCE" offline must end up with the same
/// record, so comparison ignores case, surrounding and repeated whitespace, the form of
/// accented letters (precomposed or not), compatibility variants (full-width letters,
/// ligatures) and diacritics ("Jalapeño" matches "jalapeno").
package enum NameKey {
    /// The name as stored and shown: trimmed, each run of whitespace one space, precomposed.
    static func display(_ text: String) -> String {
        collapseWhitespace(text.precomposedStringWithCanonicalMapping)
    }

    /// The form two names are compared by, and the input of semantic ids.
    ///
    /// Lowercased, compatibility-decomposed, without combining marks, whitespace collapsed,
    /// then precomposed. Depends only on Unicode data, so every device computes the same key.
    static func normalize(_ text: String) -> String {
        // Plain ASCII has nothing to decompose and no marks: the same result, much faster.
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return normalizeASCII(text) }
        let decomposed = text.lowercased().decomposedStringWithCompatibilityMapping
        var kept = String.UnicodeScalarView()
        for scalar in decomposed.unicodeScalars where scalar.properties.generalCategory != .nonspacingMark {
            kept.append(scalar)
        }
        return collapseWhitespace(String(kept).precomposedStringWithCanonicalMapping)
    }

    /// Whether two names are the same name.
    package static func matches(_ a: String, _ b: String) -> Bool { normalize(a) == normalize(b) }

    /// A readable ASCII fragment of a name for ids and file names: lowercase letters and
    /// digits joined by `-`, at most `maxLength` characters; empty when nothing is left
    /// (a name in a non-Latin script).
    static func slug(_ text: String, maxLength: Int = 40) -> String {
        var result = ""
        var pendingDash = false
        for scalar in normalize(text).unicodeScalars {
            let piece: String?
            switch scalar {
            case "a"..."z", "0"..."9": piece = String(scalar)
            default: piece = transliterations[scalar]
            }
            guard let piece else {
                pendingDash = !result.isEmpty
                continue
            }
            if pendingDash { result += "-" }
            pendingDash = false
            result += piece
            if result.count >= maxLength { break }
        }
        var cut = String(result.prefix(maxLength))
        while cut.hasSuffix("-") { cut.removeLast() }
        return cut
    }

    /// Letters that survive `normalize` with no ASCII form of their own.
    private static let transliterations: [Unicode.Scalar: String] = [
        "ß": "ss", "æ": "ae", "ø": "o", "œ": "oe", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "ı": "i", "ħ": "h",
    ]

    /// `normalize` of a name that is all ASCII, byte by byte: lowercased, ASCII whitespace
    /// (tab to carriage return, space: all `Character.isWhitespace` holds below 0x80) collapsed.
    static func normalizeASCII(_ text: String) -> String { String(decoding: normalizedASCIIBytes(text), as: UTF8.self) }

    /// `normalize` as UTF-8 bytes, without making a string of an ASCII name's key.
    static func normalizedUTF8(_ text: String) -> [UInt8] {
        text.utf8.allSatisfy { $0 < 0x80 } ? normalizedASCIIBytes(text) : Array(normalize(text).utf8)
    }

    private static func normalizedASCIIBytes(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var space = false
        for byte in text.utf8 {
            if byte == 0x20 || (0x09...0x0D).contains(byte) {
                space = !bytes.isEmpty
                continue
            }
            if space { bytes.append(0x20) }
            space = false
            bytes.append((0x41...0x5A).contains(byte) ? byte + 0x20 : byte)
        }
        return bytes
    }

    static func collapseWhitespace(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}
