import OursSync

/// Finds the one thing a person means by what they typed: its id, or its name.
///
/// Every household command that acts on one thing (an item, a list, a task, a project, a
/// recipe, a chore, a deleted record) finds it with a `Resolver`, so every type answers alike.
/// The steps, stopping at the first that matches anything:
///
/// 1. the id, exactly (in any case: ids are lowercase);
/// 2. the name, ignoring case, accents and spacing (`NameKey.normalize`);
/// 3. a beginning of the name ("mil" → "Milk");
/// 4. a beginning of a later word of the name ("lasagne" → "Weeknight Lasagne").
///
/// One match is the answer. None is not found (exit 4). Several are a usage error (exit 2)
/// that lists them — each with its scope when it has one, `Buy paint (Home)` — and says how to
/// tell them apart: the scope's option (`--project Home`), or the id.
///
/// ```swift
/// let tasks = Resolver<HouseholdTask>(
///     "task", id: \.id, name: \.name, scope: .init(flag: "--project") { $0.project })
/// let task = try tasks.resolve("buy paint", in: try household.tasks())
/// ```
public struct Resolver<Candidate> {
    /// What tells two things of the same name apart: an item's list, a task's project.
    public struct Scope {
        /// The option that narrows the candidates to one scope (`--list`, `--project`);
        /// `nil` when there is none and only the id can tell them apart.
        public var flag: String?
        /// The candidate's scope as people name it (a list's name); `nil` when it has none.
        public var value: (Candidate) -> String?

        public init(flag: String?, value: @escaping (Candidate) -> String?) {
            self.flag = flag
            self.value = value
        }
    }

    /// The kind of thing, for messages: `task`, `item`.
    public var what: String
    /// `what` in the plural: `tasks`, `categories`.
    public var plural: String
    public var id: (Candidate) -> String
    public var name: (Candidate) -> String
    public var scope: Scope?
    /// What to do when nothing matches: `` `ours tasks` lists them. ``
    public var notFoundHint: String?

    public init(
        _ what: String, plural: String? = nil, id: @escaping (Candidate) -> String, name: @escaping (Candidate) -> String,
        scope: Scope? = nil, notFoundHint: String? = nil
    ) {
        self.what = what
        self.plural = plural ?? what + "s"
        self.id = id
        self.name = name
        self.scope = scope
        self.notFoundHint = notFoundHint
    }

    /// Every candidate the text could mean, by the first step that matches any.
    public func matches(_ query: String, in candidates: [Candidate]) -> [Candidate] {
        let typedID = query.trimmingWhitespace.lowercased()
        let byID = candidates.filter { id($0) == typedID }
        if !byID.isEmpty { return byID }
        return NameMatch.matches(NameKey.normalize(query), in: candidates, name: name)
    }

    /// The one candidate the text means.
    /// - Parameter preferring: which of several matches to take when exactly one of them
    ///   passes (the unchecked one of two items to tick off); `nil` for none.
    /// - Throws: `.usage` for an empty text or several matches, `.notFound` for none.
    public func resolve(
        _ query: String, in candidates: [Candidate], preferring: ((Candidate) -> Bool)? = nil
    ) throws(OursError) -> Candidate {
        guard !NameKey.normalize(query).isEmpty else { throw .usage("the \(what) name is empty") }
        let found = matches(query, in: candidates)
        if found.count == 1 { return found[0] }
        if found.isEmpty { throw .notFound("no \(what) called \"\(NameKey.display(query))\"", hint: notFoundHint) }
        if let preferring {
            let preferred = found.filter(preferring)
            if preferred.count == 1 { return preferred[0] }
        }
        throw ambiguity(query, found)
    }

    /// `Buy paint (Home)`: the name, and the scope when there is one.
    public func label(_ candidate: Candidate) -> String {
        guard let value = scope?.value(candidate) else { return name(candidate) }
        return "\(name(candidate)) (\(value))"
    }

    /// The error for a text that means several things.
    func ambiguity(_ query: String, _ found: [Candidate]) -> OursError {
        let shown = found.map(label).sorted()
        var scopes: [String] = []
        if let scope, scope.flag != nil {
            for value in found.compactMap(scope.value) where !scopes.contains(value) { scopes.append(value) }
        }
        let ids = found.map(id).sorted().joined(separator: ", ")
        let hint: String
        if let flag = scope?.flag, scopes.count == found.count {
            hint =
                "Say which with \(flag) (\(scopes.sorted().map(Resolver.quoted).joined(separator: ", "))), or use the id: \(ids)."
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
