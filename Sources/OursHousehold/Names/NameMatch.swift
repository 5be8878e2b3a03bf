import OursSync

/// Finds the one thing a typed name means: names match ignoring case, accents and spacing;
/// when no name matches exactly, a unique beginning does ("mil" for "Milk"), then a unique
/// beginning of a later word ("lasagne" for "Weeknight Lasagne").
enum NameMatch {
    /// - Parameters:
    ///   - query: the name as typed.
    ///   - candidates: what it may name.
    ///   - name: a candidate's name.
    ///   - label: how to show a candidate in a list of several (`Milk (Groceries)`).
    ///   - what: the kind of thing, for messages (`item`, `list`).
    ///   - hint: what to do when nothing matches.
    /// - Returns: the candidate.
    /// - Throws: `.notFound` when nothing matches, `.usage` listing the candidates when several do.
    static func find<T>(
        _ query: String, in candidates: [T], name: (T) -> String, label: ((T) -> String)? = nil, what: String,
        hint: String? = nil, ambiguityHint: String? = nil
    ) throws(OursError) -> T {
        let key = NameKey.normalize(query)
        guard !key.isEmpty else { throw .usage("the \(what) name is empty") }
        let keys = candidates.map { NameKey.normalize(name($0)) }
        var matches = zip(candidates, keys).filter { $0.1 == key }.map(\.0)
        if matches.isEmpty {
            matches = zip(candidates, keys).filter { $0.1.hasPrefix(key) }.map(\.0)
        }
        if matches.isEmpty {
            matches = zip(candidates, keys).filter { $0.1.hasPrefix(key) || $0.1.contains(" " + key) }.map(\.0)
        }
        if matches.count == 1 { return matches[0] }
        if matches.isEmpty {
            throw .notFound("no \(what) called \"\(NameKey.display(query))\"", hint: hint)
        }
        let shown = matches.map { label?($0) ?? name($0) }.sorted()
        throw .usage(
            "\"\(NameKey.display(query))\" matches several \(what)s: \(shown.joined(separator: ", "))",
            hint: ambiguityHint ?? "Use the full name.")
    }
}
