import OursHousehold
import OursSync

extension JSONValue {
    /// The object's fields plus `extra`.
    func adding(_ extra: [String: JSONValue]) -> JSONValue {
        var object = objectValue ?? [:]
        object.merge(extra) { $1 }
        return .object(object)
    }

    /// The object's fields plus `outcome`: the shape of every command that changes one thing.
    func adding(_ outcome: Household.Outcome) -> JSONValue {
        adding(["outcome": outcome.json])
    }
}

extension Household.Outcome {
    /// `"created"`, `"unchanged"`, …, as `--json` documents say it.
    var json: JSONValue { .string(rawValue) }
}

/// Words for counts in sentences.
enum Phrase {
    /// `1 item`, `3 items`.
    static func count(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
}
