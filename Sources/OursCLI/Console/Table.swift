/// Plain-text tables for people: columns padded to the widest cell, two spaces apart.
enum Table {
    static func render(_ headers: [String], _ rows: [[String]]) -> String {
        var widths = headers.map(width)
        for row in rows {
            for (index, cell) in row.enumerated() where index < widths.count { widths[index] = max(widths[index], width(cell)) }
        }
        // Built as bytes and made a string once: thousands of rows cost little.
        var bytes: [UInt8] = []
        bytes.reserveCapacity((widths.reduce(0, +) + 2 * widths.count + 1) * (rows.count + 1))
        func line(_ cells: [String]) {
            for (index, cell) in cells.enumerated() {
                bytes.append(contentsOf: cell.utf8)
                guard index < cells.count - 1 else { break }
                let padding = (index < widths.count ? widths[index] - width(cell) : 0) + 2
                bytes.append(contentsOf: repeatElement(0x20, count: padding))
            }
            bytes.append(0x0A)
        }
        line(headers)
        for row in rows { line(row) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// How many characters a cell takes: counted by byte when it is all ASCII (one character
    /// each, and far cheaper than finding character boundaries).
    private static func width(_ cell: String) -> Int {
        cell.utf8.allSatisfy { $0 < 0x80 && $0 != 0x0D } ? cell.utf8.count : cell.count
    }
}
