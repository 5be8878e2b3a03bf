/// Why some bytes are not a JSON document, and where.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, for people.
    public var message: String
    /// Byte offset of the problem.
    public var offset: Int
    /// 1-based line and column (column counts bytes), as an editor shows them.
    public var line: Int
    /// The 1-based column on `line`, counted in bytes.
    public var column: Int

    /// `line L, column C: message`.
    public var description: String { "line \(line), column \(column): \(message)" }

    init(_ message: String, at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) {
        self.message = message
        self.offset = offset
        var line = 1
        var lineStart = 0
        var index = 0
        let end = min(offset, bytes.count)
        while index < end {
            if bytes[index] == UInt8(ascii: "\n") {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        self.line = line
        self.column = offset - lineStart + 1
    }
}
