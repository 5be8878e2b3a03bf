/// Finds the names a mistyped word was probably meant to be, for "did you mean" messages.
///
/// Uses the optimal-string-alignment distance, which counts a swap of neighbours (`sycn`,
/// `feilds`) as one edit: the commonest typo, and one plain Levenshtein distance counts twice.
public enum Suggestions {
    /// The candidates closest to `word`, best first, or none when nothing is close enough.
    ///
    /// - Parameters:
    ///   - word: What the person typed, without leading dashes.
    ///   - candidates: The valid names, in the order they should be offered when tied.
    ///   - limit: The most names to offer; a long list stops being a suggestion.
    /// - Returns: Names within about one edit per three letters of `word`, or that start with
    ///   it; only those at the smallest distance found.
    public static func closest(
        to word: String, among candidates: [String], limit: Int = 3
    )
        -> [String]
    {
        let query = word.lowercased()
        guard !query.isEmpty else { return [] }
        let threshold = max(1, query.count / 3)
        var best = Int.max
        var matches: [String] = []
        for candidate in candidates where !matches.contains(candidate) {
            let lowered = candidate.lowercased()
            var score = distance(query, lowered)
            if query.count >= 3, lowered.hasPrefix(query) { score = min(score, 1) }
            guard score <= threshold, score <= best else { continue }
            if score < best {
                best = score
                matches = []
            }
            matches.append(candidate)
        }
        return Array(matches.prefix(limit))
    }

    /// The number of insertions, deletions, substitutions and swaps of neighbouring characters
    /// that turn `a` into `b`.
    public static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        // Three rolling rows: the swap rule looks two rows back.
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previous2[j - 2] + 1)
                }
                current[j] = value
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }

    /// `'a'`, `'a' or 'b'`, `'a', 'b' or 'c'`: names quoted as they appear in messages.
    static func quotedList(_ names: [String]) -> String {
        sentenceList(names.map { "'\($0)'" })
    }

    /// `a`, `a or b`, `a, b or c`.
    static func sentenceList(_ words: [String]) -> String {
        guard let last = words.last else { return "" }
        guard words.count > 1 else { return last }
        return words.dropLast().joined(separator: ", ") + " or " + last
    }
}
