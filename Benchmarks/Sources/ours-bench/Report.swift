/// The table the harness prints: one row per figure, with its target and the baseline measured
/// in the same run.
struct Report {
    struct Row {
        enum Verdict { case met, missed, noTarget }

        var figure: String
        var measured: String
        var target: String
        var baseline: String
        var verdict: Verdict
    }

    private(set) var rows: [Row] = []
    /// Things that went functionally wrong (a change that never arrived): always a failure.
    private(set) var failures: [String] = []
    private(set) var notes: [String] = []

    mutating func add(_ figure: String, _ measured: String, target: String = "—", baseline: String = "—", met: Bool? = nil) {
        let verdict: Row.Verdict = met.map { $0 ? .met : .missed } ?? .noTarget
        rows.append(Row(figure: figure, measured: measured, target: target, baseline: baseline, verdict: verdict))
    }

    mutating func fail(_ message: String) { failures.append(message) }
    mutating func note(_ message: String) { notes.append(message) }

    var missed: [Row] { rows.filter { $0.verdict == .missed } }
    var targetCount: Int { rows.filter { $0.verdict != .noTarget }.count }

    /// A Markdown table, readable as it is in a terminal.
    func table(enforced: Bool) -> String {
        let header = ["Figure", "Measured", "Target", "Baseline (same run)", "Result"]
        let body = rows.map { row -> [String] in
            let result: String
            switch row.verdict {
            case .noTarget: result = "—"
            case .met: result = enforced ? "pass" : "(untimed)"
            case .missed: result = enforced ? "MISS" : "(untimed)"
            }
            return [row.figure, row.measured, row.target, row.baseline, result]
        }
        var widths = header.map(\.count)
        for line in body { for (index, cell) in line.enumerated() { widths[index] = max(widths[index], cell.count) } }
        func render(_ cells: [String]) -> String {
            "| " + cells.enumerated().map { $1.padding(toLength: widths[$0]) }.joined(separator: " | ") + " |"
        }
        var lines = [render(header), "|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|"]
        lines += body.map(render)
        return lines.joined(separator: "\n")
    }
}

extension String {
    func padding(toLength length: Int) -> String {
        count >= length ? self : self + String(repeating: " ", count: length - count)
    }
}
