import OursSync

/// Finds the one record a name *or an id* means: an exact id first (the way to pick one of
/// two recipes with the same title), then a name as `NameMatch` finds it. Several matches are
/// a usage error listing each with its id, so the person can give the id instead.
enum RecordResolution {
    /// - Parameters:
    ///   - query: a name or an id, as typed.
    ///   - candidates: what it may name.
    ///   - id: a candidate's record id.
    ///   - name: a candidate's name.
    ///   - label: how to show a candidate among several; the name and id by default.
    ///   - what: the kind of thing, for messages (`recipe`).
    ///   - hint: what to do when nothing matches.
    /// - Throws: `.notFound` when nothing matches, `.usage` listing the candidates when several do.
    static func find<T>(
        _ query: String, in candidates: [T], id: (T) -> String, name: (T) -> String, label: ((T) -> String)? = nil,
        what: String, hint: String? = nil
    ) throws(OursError) -> T {
        let trimmed = NameKey.display(query)
        if let exact = candidates.first(where: { id($0) == trimmed }) { return exact }
        return try withoutActuallyEscaping(id) { id throws(OursError) -> T in
            try withoutActuallyEscaping(name) { name throws(OursError) -> T in
                try NameMatch.find(
                    query, in: candidates, name: name, label: label ?? { "\(name($0)) (id \(id($0)))" }, what: what,
                    hint: hint, ambiguityHint: "Give the id instead of the name.")
            }
        }
    }
}
