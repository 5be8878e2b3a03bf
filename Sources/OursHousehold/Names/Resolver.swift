import OursSync

/// Finds the one thing a person means by what they typed: its id, or its name.
///
/// Every household command that acts on one thing (a list, an item, a category, an
/// ingredient, a recipe, a planned meal, a chore, a project, a task, a member, a deleted
/// record) finds it with a `Resolver`, so every type answers alike. The steps, stopping at the
/// first that matches anything:
///
/// 1. the id, exactly (in any case: ids are lowercase);
/// 2. the name, ignoring case, accents and spacing (`NameKey.normalize`), or by the type's own
///    `sameName` key (a recipe title without its punctuation, an ingredient's canonical name);
/// 3. a beginning of the name ("mil" → "Milk");
/// 4. a beginning of a later word of the name ("lasagne" → "Weeknight Lasagne").
///
/// One match is the answer. None is not found (exit 4). Several are a usage error (exit 2)
/// that lists them — each with its scope when it has one, `Buy paint (Home)` — and says how to
/// tell them apart: the scope's option (`--project Home`), more of the name, or the id.
///
/// ```swift
/// let tasks = Resolver<HouseholdTask>(
///     "task", id: \.id, name: \.name, scope: .init(flag: "--project") { $0.project })
/// let task = try tasks.resolve("buy paint", in: try household.tasks())
/// ```
struct Resolver<Candidate> {
    /// What tells two things of the same name apart: an item's list, a task's project.
    struct Scope {
        /// The option that narrows the candidates to one scope (`--list`, `--project`);
        /// `nil` when there is none and only the id can tell them apart.
        var flag: String?
        /// The candidate's scope as people name it (a list's name); `nil` when it has none.
        var value: (Candidate) -> String?

        init(flag: String?, value: @escaping (Candidate) -> String?) {
            self.flag = flag
            self.value = value
        }
    }

    /// The kind of thing, for messages: `task`, `item`.
    var what: String
    /// `what` in the plural: `tasks`, `categories`.
    var plural: String
    var id: (Candidate) -> String
    var name: (Candidate) -> String
    var scope: Scope?
    /// What to do when nothing matches: `` `ours tasks` lists them. ``
    var notFoundHint: String?
    /// A second key by which two names count as the same name (step 2), beside
    /// `NameKey.normalize`: `RecipeTitle.key` ("Banana Bread!" is "banana bread"),
    /// `IngredientName.canonical` ("Fresh Basil" is basil). An empty key matches nothing.
    var sameName: ((String) -> String)?

    init(
        _ what: String, plural: String? = nil, id: @escaping (Candidate) -> String, name: @escaping (Candidate) -> String,
        scope: Scope? = nil, sameName: ((String) -> String)? = nil, notFoundHint: String? = nil
    ) {
        self.what = what
        self.plural = plural ?? what + "s"
        self.id = id
        self.name = name
        self.scope = scope
        self.sameName = sameName
        self.notFoundHint = notFoundHint
    }

    /// Every candidate the text could mean, by the first step that matches any.
    func matches(_ query: String, in candidates: [Candidate]) -> [Candidate] {
        let exact = exactMatches(query, in: candidates)
        if !exact.isEmpty { return exact }
        let key = NameKey.normalize(query)
        guard !key.isEmpty else { return [] }
        let keyed = candidates.map { ($0, NameKey.normalize(name($0))) }
        let beginning = keyed.filter { $0.1.hasPrefix(key) }.map(\.0)
        if !beginning.isEmpty { return beginning }
        return keyed.filter { $0.1.contains(" " + key) }.map(\.0)
    }

    /// The candidates the text names exactly: by id, else by name (steps 1 and 2 only).
    func exactMatches(_ query: String, in candidates: [Candidate]) -> [Candidate] {
        let typedID = query.trimmingWhitespace.lowercased()
        let byID = candidates.filter { id($0) == typedID }
        if !byID.isEmpty { return byID }
        let same = sameNameTest(query)
        return candidates.filter { same(name($0)) }
    }

    /// The one candidate the text means.
    /// - Parameter preferring: which of several matches to take when exactly one of them
    ///   passes (the unchecked one of two items to tick off); `nil` for none.
    /// - Throws: `.usage` for an empty text or several matches, `.notFound` for none.
    func resolve(
        _ query: String, in candidates: [Candidate], preferring: ((Candidate) -> Bool)? = nil
    ) throws(OursError) -> Candidate {
        guard !NameKey.normalize(query).isEmpty else { throw .usage("the \(what) name is empty") }
        let found = matches(query, in: candidates)
        if found.isEmpty { throw .notFound("no \(what) called \"\(NameKey.display(query))\"", hint: notFoundHint) }
        return try pick(query, found, preferring: preferring)
    }

    /// The candidate the text names exactly (its id, or its name), or `nil` when it names
    /// none: for a text that may name a thing or be meant as it is (a meal planned as text).
    /// - Throws: `.usage` when it names several.
    func resolveExactly(
        _ query: String, in candidates: [Candidate], preferring: ((Candidate) -> Bool)? = nil
    ) throws(OursError) -> Candidate? {
        let found = exactMatches(query, in: candidates)
        if found.isEmpty { return nil }
        return try pick(query, found, preferring: preferring)
    }

    /// `Buy paint (Home)`: the name, and the scope when there is one.
    func label(_ candidate: Candidate) -> String {
        guard let value = scope?.value(candidate) else { return name(candidate) }
        return "\(name(candidate)) (\(value))"
    }

    private func pick(
        _ query: String, _ found: [Candidate], preferring: ((Candidate) -> Bool)?
    ) throws(OursError) -> Candidate {
        if found.count == 1 { return found[0] }
        if let preferring {
            let preferred = found.filter(preferring)
            if preferred.count == 1 { return preferred[0] }
        }
        throw ambiguity(query, found)
    }

    /// Whether a name is the query's name: the same by `NameKey.normalize`, or by `sameName`.
    private func sameNameTest(_ query: String) -> (String) -> Bool {
        let normalized = NameKey.normalize(query)
        let keyed = sameName.map { key in (key, key(query)) }
        return { name in
            if !normalized.isEmpty, NameKey.normalize(name) == normalized { return true }
            guard let (key, queryKey) = keyed, !queryKey.isEmpty else { return false }
            return key(name) == queryKey
        }
    }

    /// The error for a text that means several things.
    func ambiguity(_ query: String, _ found: [Candidate]) -> OursError {
        let shown = found.map(label).sorted()
        var scopes: [String] = []
        if let scope, scope.flag != nil {
            for value in found.compactMap(scope.value) where !scopes.contains(value) { scopes.append(value) }
        }
        let ids = found.map(id).sorted().joined(separator: ", ")
        let sameName = sameNameTest(name(found[0]))
        let hint: String
        if let flag = scope?.flag, scopes.count == found.count {
            hint =
                "Say which with \(flag) (\(scopes.sorted().map(Resolver.quoted).joined(separator: ", "))), or use the id: \(ids)."
        } else if found.allSatisfy({ sameName(name($0)) }) {
            hint = "Only the id tells them apart: \(ids)."
        } else {
            hint = "Use more of the name, or the id: \(ids)."
        }
        return .usage(
            "\"\(NameKey.display(query))\" matches several \(plural): \(shown.joined(separator: ", "))", hint: hint)
    }

    /// A value as it would be typed after an option: quoted when it has a space.
    static func quoted(_ text: String) -> String { text.contains(" ") ? "\"\(text)\"" : text }
}

extension String {
    var trimmingWhitespace: String { NameKey.collapseWhitespace(self) }
}
