/// Durations measured for one figure.
struct Samples {
    private(set) var values: [Duration] = []

    init(_ values: [Duration] = []) { self.values = values }

    mutating func append(_ value: Duration) { values.append(value) }

    var count: Int { values.count }
    var isEmpty: Bool { values.isEmpty }

    /// The nearest-rank percentile (`0.5` the median, `0.99` the 99th): a value that was measured.
    func percentile(_ p: Double) -> Duration {
        precondition(!values.isEmpty, "no samples")
        let sorted = values.sorted()
        let rank = Int((p * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }

    var median: Duration { percentile(0.5) }
    var maximum: Duration { values.max()! }
    var minimum: Duration { values.min()! }
    var total: Duration { values.reduce(.zero, +) }
    var mean: Duration { total / count }
}

extension Duration {
    var seconds: Double {
        let (s, attoseconds) = components
        return Double(s) + Double(attoseconds) / 1e18
    }

    var milliseconds: Double { seconds * 1000 }

    /// `0.52 s`, `4.1 ms`, `180 µs`: three significant digits or so.
    var shown: String {
        let s = seconds
        if s >= 10 { return format(s, 1) + " s" }
        if s >= 1 { return format(s, 2) + " s" }
        let ms = s * 1000
        if ms >= 100 { return format(s, 2) + " s" }
        if ms >= 10 { return format(ms, 0) + " ms" }
        if ms >= 1 { return format(ms, 1) + " ms" }
        return format(ms * 1000, 0) + " µs"
    }
}

/// `value` with `decimals` digits after the point, without Foundation's locale.
func format(_ value: Double, _ decimals: Int) -> String {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    var text = String(rounded)
    if let dot = text.firstIndex(of: ".") {
        let have = text.distance(from: dot, to: text.endIndex) - 1
        if decimals == 0 {
            text = String(text[..<dot])
        } else if have < decimals {
            text += String(repeating: "0", count: decimals - have)
        } else {
            text = String(text[...text.index(dot, offsetBy: decimals)])
        }
    }
    return text
}

/// `100,000`.
func grouped(_ value: Int) -> String {
    let digits = String(value)
    var out = ""
    for (index, digit) in digits.enumerated() {
        if index > 0, (digits.count - index) % 3 == 0 { out += "," }
        out.append(digit)
    }
    return out
}

/// `212 MB` (decimal megabytes, as the targets are written).
func megabytes(kibibytes: Int) -> String {
    format(Double(kibibytes) * 1024 / 1_000_000, 0) + " MB"
}
