import Foundation

/// Text as web pages put it in their JSON-LD: HTML tags, character references, line breaks.
enum HTMLText {
    /// One line of plain text: tags removed, references decoded, white space collapsed.
    static func plain(_ html: String) -> String { tidy(lines(html).joined(separator: " ")) }

    /// The lines of a text: a line break, a paragraph, a list item or a `<br>` ends one.
    /// Tags are removed, references decoded, and each line's white space collapsed; empty
    /// lines are left out.
    static func lines(_ html: String) -> [String] {
        stripTags(decodeReferences(html)).split(whereSeparator: \.isNewline).map { tidy(decodeReferences(String($0))) }
            .filter { !$0.isEmpty }
    }

    /// Decodes every character reference: the named ones of HTML 4 (`&amp;`, `&eacute;`,
    /// `&frac12;`) and numeric ones (`&#339;`, `&#x2013;`), again while the result still has
    /// one (pages that encoded twice: `&amp;#39;`). A `&` that starts none is kept.
    static func decodeReferences(_ text: String) -> String {
        var current = text
        for _ in 0..<3 {
            guard current.contains("&") else { return current }
            let decoded = decodeOnce(current)
            if decoded == current { return current }
            current = decoded
        }
        return current
    }

    private static func decodeOnce(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            rest = rest[ampersand...]
            let body = rest.dropFirst().prefix { $0.isLetter || $0.isNumber || $0 == "#" }
            guard !body.isEmpty, body.count <= 32, let character = reference(body) else {
                result.append("&")
                rest = rest.dropFirst()
                continue
            }
            result.append(character)
            rest = rest.dropFirst(1 + body.count)
            if rest.first == ";" { rest = rest.dropFirst() }
        }
        return result + rest
    }

    /// The character a reference's body (`amp`, `#39`, `#x27`) names.
    private static func reference(_ body: Substring) -> Character? {
        guard body.first == "#" else { return HTMLEntities.named[body] }
        let digits = body.dropFirst()
        let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
        guard let value, value != 0, let scalar = Unicode.Scalar(value) else { return nil }
        // Windows-1252 punctuation written as Latin-1 code points, as old pages do (&#150;).
        if (0x80...0x9F).contains(value) { return windows1252[value].map(Character.init) ?? " " }
        return Character(scalar)
    }

    private static let windows1252: [UInt32: Unicode.Scalar] = [
        0x80: "€", 0x85: "…", 0x91: "‘", 0x92: "’", 0x93: "“", 0x94: "”", 0x95: "•", 0x96: "–", 0x97: "—", 0x99: "™",
    ]

    /// Removes tags, keeping a line break for those that end a line or a block. A `<` that
    /// starts no tag (`< 100 °C`, `<3`) is text.
    static func stripTags(_ html: String) -> String {
        guard html.contains("<") else { return html }
        var result = ""
        var rest = Substring(html)
        while let open = rest.firstIndex(of: "<") {
            result += rest[..<open]
            let after = rest[rest.index(after: open)...]
            guard let first = after.first, first.isLetter || first == "/" || first == "!",
                let close = after.firstIndex(of: ">")
            else {
                result.append("<")
                rest = after
                continue
            }
            if after.hasPrefix("!--"), let end = after.range(of: "-->") {
                rest = after[end.upperBound...]
                continue
            }
            let name = after.drop(while: { $0 == "/" }).prefix(while: { $0.isLetter || $0.isNumber }).lowercased()
            result += blockTags.contains(name) ? "\n" : inlineSpacing.contains(name) ? " " : ""
            rest = after[after.index(after: close)...]
        }
        return result + rest
    }

    private static let blockTags: Set<String> = [
        "br", "p", "div", "li", "ol", "ul", "h1", "h2", "h3", "h4", "h5", "h6", "tr", "table", "section", "article", "hr",
        "blockquote", "dd", "dt", "figure", "header", "footer",
    ]

    /// Inline tags that stand between words (a picture, a table cell).
    private static let inlineSpacing: Set<String> = ["img", "td", "th"]

    /// White space collapsed, as a browser shows it.
    static func tidy(_ text: String) -> String { NameKey.display(text) }
}
