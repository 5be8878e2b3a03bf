import OursSync

/// One time a chore was done: a `done.<id>` field of the chore, `{"at", "by", "generation",
/// "due"}`, so completions made on two devices at once are both kept (each is its own field),
/// never one overwriting the other.
///
/// `generation` is how many rotation steps the chore had taken, counting this one: the largest
/// generation the completing device knew of, plus one. Two devices that complete the chore
/// at once both write the same generation, so the rotation moves on one step, not two.
public struct ChoreCompletion: Sendable, Hashable, Codable, Identifiable {
    /// The part of the field name after `done.`: random, or `legacy-<millis>` for a completion
    /// an older version recorded only in `lastDone`.
    public var id: String
    /// When it was done, in milliseconds since 1970 (UTC); `date` as a `Date`.
    public var at: Int64
    /// Who did it: a participant id.
    public var by: String?
    /// The rotation step it completed; absent for one that does not move the rotation on.
    public var generation: Int?
    /// When it was due at the time (the occurrence it completed), in milliseconds since 1970
    /// (UTC); `nil` when not recorded.
    public var due: Int64?
    /// Whether it comes from `lastDone`/`lastDoneBy` alone, written by an older version.
    public var legacy: Bool

    /// A completion with these values (for previews and tests: `Household.choreDone` records
    /// completions).
    public init(id: String, at: Int64, by: String?, generation: Int?, due: Int64? = nil, legacy: Bool = false) {
        self.id = id
        self.at = at
        self.by = by
        self.generation = generation
        self.due = due
        self.legacy = legacy
    }

    static let fieldPrefix = "done."

    /// A `done.<id>` field; `nil` for one that is not a completion (a hand edit gone wrong).
    init?(field: String, value: JSONValue) {
        guard field.hasPrefix(ChoreCompletion.fieldPrefix), field.count > ChoreCompletion.fieldPrefix.count,
            let at = value["at"]?.stringValue.flatMap(UTCTime.parseISO8601)
        else { return nil }
        let generation = value["generation"]?.intValue.flatMap { $0 >= 0 ? $0 : nil }
        let id = String(field.dropFirst(ChoreCompletion.fieldPrefix.count))
        self.init(
            id: id, at: at, by: value["by"]?.stringValue, generation: generation,
            due: value["due"]?.stringValue.flatMap(UTCTime.parseISO8601), legacy: id.hasPrefix("legacy-"))
    }

    var field: String { ChoreCompletion.fieldPrefix + id }

    /// What the field holds.
    var value: JSONValue {
        var object: [String: JSONValue] = ["at": .string(UTCTime.iso8601(millis: at))]
        if let by { object["by"] = .string(by) }
        if let generation { object["generation"] = JSONValue(generation) }
        if let due { object["due"] = .string(UTCTime.iso8601(millis: due)) }
        return .object(object)
    }

    /// The log of a chore record, newest first: every `done.` field, and the completion an
    /// older version recorded only in `lastDone` when no field holds it. That one moves the
    /// rotation on when it is the latest.
    static func log(of values: [String: JSONValue]) -> [ChoreCompletion] {
        var entries = values.compactMap { ChoreCompletion(field: $0.key, value: $0.value) }
        if let last = values["lastDone"]?.stringValue.flatMap(UTCTime.parseISO8601), !entries.contains(where: { $0.at == last }) {
            let latest = entries.map(\.at).max()
            let generation = latest.map { last > $0 } ?? true ? (entries.compactMap(\.generation).max() ?? 0) + 1 : nil
            entries.append(
                ChoreCompletion(
                    id: "legacy-\(last)", at: last, by: values["lastDoneBy"]?.stringValue, generation: generation, legacy: true))
        }
        return entries.sorted { ($0.at, $0.id) > ($1.at, $1.id) }
    }

    /// `{"id", "at", "by"?, "byName"?, "generation"?, "due"?, "legacy"?}`.
    package func json(members: [Member]) -> JSONValue {
        var object: [String: JSONValue] = ["id": .string(id), "at": .string(UTCTime.iso8601(millis: at))]
        if let by {
            object["by"] = .string(by)
            if let member = members.first(where: { $0.id == by }) { object["byName"] = .string(member.name) }
        }
        if let generation { object["generation"] = JSONValue(generation) }
        if let due { object["due"] = .string(UTCTime.iso8601(millis: due)) }
        if legacy { object["legacy"] = true }
        return .object(object)
    }
}
