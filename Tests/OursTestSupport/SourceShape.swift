import Foundation

/// How long each function of a Swift source file is, read from the text: enough to keep every
/// function short enough to hold in the head, without a parser.
///
/// Comments and string literals (plain, raw, multi-line, with interpolation) are skipped; a
/// body is the braces that follow `func`, `init`, `deinit`, `subscript` or an accessor-bearing
/// `var` at the same bracket depth. Closures inside a body count toward it.
public enum SourceShape {
    /// One function body: where it starts and how many lines it spans, from its declaration
    /// line to its closing brace.
    public struct Body: Equatable, Sendable {
        public var name: String
        public var line: Int
        public var lines: Int

        public init(name: String, line: Int, lines: Int) {
            self.name = name
            self.line = line
            self.lines = lines
        }
    }

    /// Every function body in `text`, in the order they close.
    public static func bodies(in text: String) -> [Body] {
        var scanner = Scanner(Array(text.unicodeScalars))
        return scanner.run()
    }

    /// The package's `Sources/` folder, found from this file's place in the package.
    public static let sources: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources").path

    /// Every `.swift` file under `folder`, as paths relative to it, sorted.
    public static func swiftFiles(under folder: String) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: folder)
        var result: [String] = []
        while let path = enumerator?.nextObject() as? String {
            if path.hasSuffix(".swift") { result.append(path) }
        }
        return result.sorted()
    }

    private struct Open {
        var declaration: Pending?
        var depth: Int
    }

    private struct Pending {
        var name: String
        var line: Int
        var depth: Int
    }

    private struct Scanner {
        let text: [Unicode.Scalar]
        var index = 0
        var line = 1
        var depth = 0  // ( and [ nesting
        var pending: Pending?
        var open: [Open] = []
        var result: [Body] = []

        init(_ text: [Unicode.Scalar]) { self.text = text }

        func peek(_ offset: Int = 0) -> Unicode.Scalar? {
            index + offset < text.count ? text[index + offset] : nil
        }

        mutating func advance() {
            if text[index] == "\n" { line += 1 }
            index += 1
        }

        mutating func run() -> [Body] {
            while index < text.count { step() }
            return result
        }

        mutating func step() {
            let c = text[index]
            switch c {
            case "/" where peek(1) == "/":
                while index < text.count, text[index] != "\n" { advance() }
            case "/" where peek(1) == "*":
                skipBlockComment()
            case "#" where isRawStringStart():
                skipString()
            case "\"":
                skipString()
            case "(", "[":
                depth += 1
                advance()
            case ")", "]":
                depth -= 1
                advance()
            case "{":
                if let declaration = pending, declaration.depth == depth {
                    open.append(Open(declaration: declaration, depth: depth))
                    pending = nil
                } else {
                    open.append(Open(declaration: nil, depth: depth))
                }
                advance()
            case "}":
                let closed = open.popLast()
                if let declaration = closed?.declaration {
                    result.append(Body(name: declaration.name, line: declaration.line, lines: line - declaration.line + 1))
                }
                // A closure in a declaration's parameters (a default value) closes inside it.
                if let pendingDepth = pending?.depth, (closed?.depth ?? 0) <= pendingDepth { pending = nil }
                advance()
            default:
                if isIdentifierStart(c) { word() } else { advance() }
            }
        }

        mutating func word() {
            let start = index
            while index < text.count, isIdentifierPart(text[index]) { advance() }
            let word = String(String.UnicodeScalarView(text[start..<index]))
            switch word {
            case "func", "init", "deinit", "subscript":
                var name = word
                if word == "func" {
                    var probe = index
                    while probe < text.count, text[probe] == " " { probe += 1 }
                    let nameStart = probe
                    while probe < text.count,
                        isIdentifierPart(text[probe]) || "+-*/<>=!&|^%~.".unicodeScalars.contains(text[probe])
                    {
                        probe += 1
                    }
                    name = String(String.UnicodeScalarView(text[nameStart..<probe]))
                }
                pending = Pending(name: name, line: line, depth: depth)
            case "var":
                var probe = index
                while probe < text.count, text[probe] == " " { probe += 1 }
                let nameStart = probe
                while probe < text.count, isIdentifierPart(text[probe]) { probe += 1 }
                pending = Pending(name: String(String.UnicodeScalarView(text[nameStart..<probe])), line: line, depth: depth)
            case "let", "case", "struct", "class", "enum", "extension", "protocol", "actor", "typealias", "import":
                pending = nil
            default:
                break
            }
        }

        func isIdentifierStart(_ c: Unicode.Scalar) -> Bool {
            c == "_" || c.properties.isAlphabetic
        }

        func isIdentifierPart(_ c: Unicode.Scalar) -> Bool {
            isIdentifierStart(c) || ("0"..."9").contains(c)
        }

        func isRawStringStart() -> Bool {
            var probe = index
            while probe < text.count, text[probe] == "#" { probe += 1 }
            return probe < text.count && text[probe] == "\""
        }

        mutating func skipBlockComment() {
            var nesting = 0
            repeat {
                if peek() == "/" && peek(1) == "*" {
                    nesting += 1
                    advance()
                } else if peek() == "*" && peek(1) == "/" {
                    nesting -= 1
                    advance()
                }
                advance()
            } while index < text.count && nesting > 0
        }

        /// Skips a string literal starting at `index` (at `#` or `"`), interpolations included.
        mutating func skipString() {
            var hashes = 0
            while peek() == "#" {
                hashes += 1
                advance()
            }
            let multiline = peek() == "\"" && peek(1) == "\"" && peek(2) == "\""
            for _ in 0..<(multiline ? 3 : 1) { advance() }
            while index < text.count {
                let c = text[index]
                if c == "\\" && hashesFollow(hashes, at: index + 1) {
                    advance()
                    for _ in 0..<hashes { advance() }
                    if peek() == "(" {
                        skipInterpolation()
                    } else if index < text.count {
                        advance()
                    }
                    continue
                }
                if c == "\"" {
                    let quotes = multiline ? 3 : 1
                    if (0..<quotes).allSatisfy({ peek($0) == "\"" }) && hashesFollow(hashes, at: index + quotes) {
                        for _ in 0..<(quotes + hashes) { advance() }
                        return
                    }
                }
                if c == "\n" && !multiline { return }  // unterminated: stop at the line's end
                advance()
            }
        }

        func hashesFollow(_ count: Int, at position: Int) -> Bool {
            (0..<count).allSatisfy { position + $0 < text.count && text[position + $0] == "#" }
        }

        /// Skips `( … )` of an interpolation, which may hold strings and parentheses of its own.
        mutating func skipInterpolation() {
            var nesting = 0
            while index < text.count {
                let c = text[index]
                if c == "\"" || (c == "#" && isRawStringStart()) {
                    skipString()
                    continue
                }
                if c == "(" { nesting += 1 }
                if c == ")" {
                    nesting -= 1
                    if nesting == 0 {
                        advance()
                        return
                    }
                }
                advance()
            }
        }
    }
}
