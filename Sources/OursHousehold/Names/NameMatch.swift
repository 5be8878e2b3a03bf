import OursSync

/// Name matching without ids, for callers that list their own labels; `Resolver` is the
/// matching every household command uses, and shares these steps.
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
        let matches = matches(key, in: candidates, name: name)
        if matches.count == 1 { return matches[0] }
        if matches.isEmpty {
            throw .notFound("no \(what) called \"\(NameKey.display(query))\"", hint: hint)
        }
        let shown = matches.map { label?($0) ?? name($0) }.sorted()
        throw .usage(
            "\"\(NameKey.display(query))\" matches several \(what)s: \(shown.joined(separator: ", "))",
            hint: ambiguityHint ?? "Use the full name.")
    }

    /// The candidates a normalized name means: the same name; else those it begins; else
    /// those with a later word it begins.
    static func matches<T>(_ key: String, in candidates: [T], name: (T) -> String) -> [T] {
        guard !key.isEmpty else { return [] }
        let keys = candidates.map { NameKey.normalize(name($0)) }
        var matches = zip(candidates, keys).filter { $0.1 == key }.map(\.0)
        if matches.isEmpty {
            matches = zip(candidates, keys).filter { $0.1.hasPrefix(key) }.map(\.0)
        }
        if matches.isEmpty {
            matches = zip(candidates, keys).filter { $0.1.contains(" " + key) }.map(\.0)
        }
        return matches
    }
}
