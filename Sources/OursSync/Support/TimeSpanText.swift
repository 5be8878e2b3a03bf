/// Human wording for spans of time in messages.
package enum TimeSpanText {
    /// "3 minutes", "1 day 2 hours", "45 seconds".
    package static func describe(millis: Int64) -> String {
        let seconds = millis / 1000
        let units: [(Int64, String)] = [(86_400, "day"), (3600, "hour"), (60, "minute"), (1, "second")]
        var parts: [String] = []
        var rest = seconds
        for (size, name) in units where rest >= size {
            let count = rest / size
            rest -= count * size
            parts.append("\(count) \(name)\(count == 1 ? "" : "s")")
            if parts.count == 2 { break }
        }
        return parts.isEmpty ? "\(millis) ms" : parts.joined(separator: " ")
    }
}
