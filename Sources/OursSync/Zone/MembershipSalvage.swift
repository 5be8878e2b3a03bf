/// What can still be read of a damaged `households.json`: a hand edit that broke its JSON, a
/// file cut short. Each household's entry is found by the household's id in the text, and its
/// strings read one by one, so one broken entry does not cost the others.
struct MembershipSalvage {
    private let text: Substring

    init(_ bytes: [UInt8]) { text = Substring(String(decoding: bytes, as: UTF8.self)) }

    /// The string `key` holds in the entry of the household `id`; `nil` when that cannot be read.
    func string(_ key: String, of id: String) -> String? {
        guard let entry = entry(of: id) else { return nil }
        return MembershipSalvage.value(key, in: entry)
    }

    /// The household that was in use.
    var current: String? { MembershipSalvage.value("current", in: text) }

    /// The text of the entry naming `id`: from the `{` before its `"id"` to the `{` that opens
    /// the next entry (entries hold no objects).
    private func entry(of id: String) -> Substring? {
        var rest = text
        while let found = rest.range(of: "\"id\"") {
            let from = rest[..<found.lowerBound].lastIndex(of: "{") ?? text.startIndex
            let to = rest[found.upperBound...].firstIndex(of: "{") ?? text.endIndex
            if MembershipSalvage.value("id", in: text[found.lowerBound..<to]) == id { return text[from..<to] }
            rest = text[found.upperBound...]
        }
        return nil
    }

    /// The JSON string after the first `"key":` in `text`, unescaped.
    private static func value(_ key: String, in text: Substring) -> String? {
        guard let name = text.range(of: "\"\(key)\"") else { return nil }
        var rest = text[name.upperBound...].drop { $0.isWhitespace }
        guard rest.first == ":" else { return nil }
        rest = rest.dropFirst().drop { $0.isWhitespace }
        guard rest.first == "\"" else { return nil }
        var escaped = false
        for index in rest.indices.dropFirst() {
            let character = rest[index]
            if escaped {
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" {
                guard case .string(let value)? = try? JSONParser.parse(String(rest[...index])) else { return nil }
                return value
            }
        }
        return nil
    }
}
