/// Fits help text into a fixed number of columns.
///
/// Help is read in terminals of unknown width and pasted into issues, so it wraps at a fixed
/// width that fits common windows rather than asking the terminal.
enum TextLayout {
    /// Breaks `text` into lines of at most `width` columns at spaces; a word longer than the
    /// width gets a line of its own rather than being cut.
    static func wrap(_ text: String, width: Int) -> [String] {
        pack(text.split(separator: " ").map(String.init), width: width, separator: " ")
    }

    /// Lays out a usage line: `prefix` then `tokens`, continuing under the first token.
    ///
    /// Tokens such as `[--list NAME]` are never split, so a bracket stays on one line.
    static func usage(prefix: String, tokens: [String], width: Int) -> [String] {
        let indent = String(repeating: " ", count: prefix.count)
        let packed = pack(tokens, width: max(width - prefix.count, 20), separator: " ")
        return packed.enumerated().map { ($0.offset == 0 ? prefix : indent) + $0.element }
    }

    /// Two columns, labels left; a label too wide for its column puts its text on the next
    /// line instead of pushing the column right for every row.
    static func table(
        _ rows: [(label: String, text: String)], width: Int, indent: Int = 2, maxLabel: Int = 24
    ) -> [String] {
        let labelWidth = min(rows.map(\.label.count).max() ?? 0, maxLabel)
        let left = String(repeating: " ", count: indent)
        let textColumn = indent + labelWidth + 2
        let textIndent = String(repeating: " ", count: textColumn)
        var lines: [String] = []
        for row in rows {
            let text = wrap(row.text, width: max(width - textColumn, 20))
            if row.label.count > labelWidth {
                lines.append(left + row.label)
                lines += text.map { textIndent + $0 }
                continue
            }
            let padded = row.label + String(repeating: " ", count: labelWidth - row.label.count)
            let first = left + padded + "  " + (text.first ?? "")
            lines.append(trimmedRight(first))
            lines += text.dropFirst().map { textIndent + $0 }
        }
        return lines
    }

    private static func pack(_ words: [String], width: Int, separator: String) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in words {
            if line.isEmpty {
                line = word
            } else if line.count + separator.count + word.count <= width {
                line += separator + word
            } else {
                lines.append(line)
                line = word
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    private static func trimmedRight(_ line: String) -> String {
        var line = line
        while line.last == " " { line.removeLast() }
        return line
    }
}
