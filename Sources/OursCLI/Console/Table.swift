/// Plain-text tables for people: columns padded to the widest cell, two spaces apart.
enum Table {
    static func render(_ headers: [String], _ rows: [[String]]) -> String {
        var widths = headers.map(\.count)
        for row in rows {
            for (index, cell) in row.enumerated() where index < widths.count { widths[index] = max(widths[index], cell.count) }
        }
        func line(_ cells: [String]) -> String {
            var parts: [String] = []
            for (index, cell) in cells.enumerated() {
                let last = index == cells.count - 1
                parts.append(last ? cell : cell + String(repeating: " ", count: widths[index] - cell.count))
            }
            return parts.joined(separator: "  ")
        }
        return ([line(headers)] + rows.map(line)).joined(separator: "\n") + "\n"
    }
}
